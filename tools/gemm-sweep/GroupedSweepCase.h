//===- GroupedSweepCase.h - randomized cases of grouped kernels -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A GemmProblem has no group counts, so the sweep's ordinary cases never
// reach a grouped kernel (docs/design/grouped-gemm.md). Grouped kernels get
// cases of their own: each case is gemm-run's grouped flags
// (runtime/GroupedRequest.h), drawn from its own random stream:
//   - G: 1 (a quarter), 2 .. 8, 16 .. 256 by powers of two, or 1 .. 256;
//   - routing: even or skewed (GroupRouting.h; a masked kernel over
//     gemm-run's default tokens, none, G, any count up to G · M_max or
//     all of them), or an explicit --group-rows list of at least 3 groups
//     with a group of 0 rows, one of 1 row and one whose rows are not a
//     multiple of the kernel's block M, the other groups 0, 1, full or
//     anything;
//   - N and K: multiples of 16 bytes of the element type (the runtime
//     stages no grouped operand), K at most 512, N at most 1024; an FP8
//     kernel's any such multiple, as the FP8 cases draw K for block scales
//     (a last K block of fewer than 128), with wide or uniform 8-bit
//     inputs (Fp8Inputs.h);
//   - M_max (masked): 1, 7, BM - 1, BM, BM + 1, 2 BM + 3, 256 or anything
//     up to 3 BM; T (contiguous, at least 1: gemm-run refuses -m 0) from
//     the groups' rows;
// with every operand under GroupedOperandElements (N and K halve, then the
// rows shrink). The case runs as gemm-run runs the same flags
// (makeGroupedProblem, checkGroupedLaunch, runGroupedBenchmark; masked
// kernels replay their CUDA graph 3 times), without timing: every
// non-empty group against cuBLAS and fp64, the rows outside the groups
// still poisoned. Case j of a sweep goes to grouped kernel j mod (their
// count), so each one is covered; a failure prints the gemm-run command
// that replays it.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TOOLS_GEMMSWEEP_GROUPEDSWEEPCASE_H
#define GEMM_OPT_TOOLS_GEMMSWEEP_GROUPEDSWEEPCASE_H

#include "tools/gemm-sweep/SweepBundles.h"
#include "tools/gemm-sweep/SweepRunner.h"

#include "runtime/Device.h"
#include "runtime/Fp8Inputs.h"
#include "runtime/GroupedRequest.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>

namespace gemm_opt {
namespace sweep {

/// Elements one operand of a grouped case may have (2^22): small enough
/// that a case of 256 groups runs in a moment.
inline constexpr int64_t GroupedOperandElements = int64_t(1) << 22;

struct GroupedSweepCase {
  uint64_t index = 0;
  size_t kernel = 0; ///< Into SweepBundles::groupedKernels.
  /// gemm-run's grouped flags; its seed seeds the routing and the inputs.
  runtime::GroupedRequest request;
  /// An FP8 kernel's 8-bit inputs (gemm-run's --fp8-inputs).
  std::optional<runtime::Fp8InputDistribution> fp8Inputs;
};

/// Grouped case `index` of `seed` over `bundles.groupedKernels` (not
/// empty).
GroupedSweepCase generateGroupedSweepCase(uint64_t seed, uint64_t index,
                                          const SweepBundles &bundles);

/// The rows of a block tile of grouped kernel `spec` (its "tile", else its
/// persistent grid's), which the explicit lists cut across.
int64_t getGroupedBlockRows(const runtime::KernelSpec &spec);

/// The gemm-run command that runs the case's check alone:
/// "gemm-run BUNDLE --kernel NAME -m M -n N -k K --groups G [--routing R]
/// [--tokens T] [--group-rows LIST] [--fp8-inputs D] --seed S --no-timing
/// [--no-cublas]".
std::string getGroupedRunCommand(const GroupedSweepCase &sweepCase,
                                 llvm::StringRef bundlePath,
                                 llvm::StringRef kernelName,
                                 bool cublasReference);

/// "grouped masked G=8 M_max=129 N=64 K=32 b=row list rows 0,1,...": the
/// case's problem for the report, with `rows` (the routing's counts, where
/// they are known; more than 16 are cut short).
std::string describeGroupedSweepCase(const GroupedSweepCase &sweepCase,
                                     runtime::GroupedLayout layout,
                                     llvm::ArrayRef<int32_t> rows);

/// Runs and checks `sweepCase` (see the file comment). A case the runtime
/// refuses is a failure: it was drawn to fit what the kernel declares.
CaseResult runGroupedSweepCase(const runtime::DeviceInfo &device,
                               SweepBundles &bundles,
                               const GroupedSweepCase &sweepCase,
                               bool cublasReference);

} // namespace sweep
} // namespace gemm_opt

#endif // GEMM_OPT_TOOLS_GEMMSWEEP_GROUPEDSWEEPCASE_H
