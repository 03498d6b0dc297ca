//===- GroupedCublasLtLoop.h - Per-group cuBLASLt FP8 matmuls ---*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The reference and the baseline of a grouped FP8 kernel: one cuBLASLt FP8
// matmul (CublasLtScaledMatmul.h: VEC128_32F and BLK128x128_32F scales for
// block scaling, SCALAR_32F per tensor) per non-empty group of a routing,
// each with its group's scales (GroupedScales::groupScales), from the
// group's rows of A and its B into its rows of an output buffer laid out
// as the kernel's C, all of them sharing one 32 MiB workspace. cuBLASLt has no
// grouped FP8 matmul with these scales, so this loop is what a caller without
// the kernel would run. Where cuBLASLt refuses any group's matmul, the loop is
// empty and says why.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_GROUPEDCUBLASLTLOOP_H
#define GEMM_OPT_RUNTIME_GROUPEDCUBLASLTLOOP_H

#include "runtime/CublasLtScaledMatmul.h"
#include "runtime/GroupedProblem.h"
#include "runtime/GroupedScales.h"

#include <string>
#include <vector>

namespace gemm_opt {
namespace runtime {

class GroupedCublasLtLoop {
public:
  /// Plans (and so runs once, CublasLtScaledMatmul::plan) the matmuls of
  /// every non-empty group of `routing` for FP8 kernel `spec`: A at `a`, B
  /// at `b` (G column-major K × N matrices), C rows from `c` (row-major, N
  /// columns of spec.cType; the group's rows at its row base). Every
  /// matmul takes `shared`'s epilogue and scaleD (an e4m3 D's, shared by
  /// the groups); where `amaxes` (device memory, one f32 per group) is
  /// given, group g's matmul writes its amax of D at amaxes[g].
  static llvm::Expected<GroupedCublasLtLoop>
  plan(const KernelSpec &spec, const GroupedProblem &routing,
       const GroupedScales &scales, const void *a, const void *b, void *c,
       cudaStream_t stream, const CublasLtScaledMatmulOptions &shared = {},
       float *amaxes = nullptr);

  /// Whether cuBLASLt took every group's matmul.
  bool isPlanned() const { return refusal.empty(); }
  /// Why not: the group and cuBLASLt's refusal.
  const std::string &getRefusal() const { return refusal; }
  /// The first matmul's scale modes (CublasLtScaledMatmul::getScaleModes).
  const std::string &getScaleModes() const { return scaleModes; }
  int64_t getCalls() const { return static_cast<int64_t>(matmuls.size()); }

  /// Enqueues every group's matmul on the planned stream.
  llvm::Error run();

private:
  /// One 32 MiB workspace for all the groups' matmuls (they run in turn).
  DeviceBuffer workspace;
  std::vector<CublasLtScaledMatmul> matmuls;
  std::string refusal, scaleModes;
};

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_GROUPEDCUBLASLTLOOP_H
