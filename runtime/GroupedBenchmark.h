//===- GroupedBenchmark.h - Run, check and time a grouped kernel -*- C++
//-*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// gemm-run's measurement of a grouped kernel (GroupedKernelSpec.h) on one
// routing (GroupRouting.h): A and B get seeded random non-zero values, the
// group operand (counts, or offsets) goes to device memory, and C is
// poisoned before every run. A masked C is the kernel's G × M_max × N; a
// contiguous one has GuardRows poisoned rows before and after its T rows.
//
// The checks, after the run: every non-empty group against cuBLAS (one
// cublasGemmEx per group into a poisoned copy of C) and against fp64 at
// samples of the group, both with the relative Frobenius error and the
// tolerance of the output type (loosened where sums cancel,
// getToleranceFactor); NaN and Inf never pass. The rows past each group's
// count (masked) and the guard rows (contiguous) must still hold the
// poison.
//
// Timing: the kernel and the loop of per-group cublasGemmEx calls (32 MiB
// workspace), alternating run by run, L2 flushed before each run, medians
// of CUDA-event times; FLOPs count 2 · rows · N · K of each group.
//
// FP8 kernels ("scaling"): 8-bit A and B drawn as the FP8 benchmarks draw
// them (Fp8Inputs.h) and random scales per group in the kernel's layouts
// (GroupedScales.h); the fp64 reference applies each group's scales per
// 128-deep K block, and the reference and baseline loop is one cuBLASLt
// FP8 matmul per non-empty group (GroupedCublasLtLoop.h), where cuBLASLt
// takes them (else fp64 alone decides, noCublasLtAnchor saying why).
//
// A fused epilogue applies per group (GroupedEpilogueInputs.h): random
// non-zero bias and residual of C's type; with alpha_beta, C starts random
// in the groups' rows (poisoned elsewhere) before every run. Both
// references apply the epilogue in fp64 (GroupChecker.h).
//
// An e4m3 C (scale_d) is checked after dequantization against fp64
// rounded as the kernel rounds and against per-group cuBLASLt matmuls
// into e4m3 with the same scale_d (an activation done by cuBLASLt), its
// scale_d drawn around the one that puts the largest sampled |D| at 448.
// The amax of D must match the largest |C| of the groups' rows exactly
// (rows no group stores must not count), be no lower than the largest
// sampled fp64 |D|, and agree with the largest of the per-group cuBLASLt
// amaxes within the tolerance.
//
// Graph replays (masked): the launch is captured once in a CUDA graph;
// each replay writes a new routing (seed + replay) into the counts with
// cudaMemcpy, poisons C, replays the graph and checks as above.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_GROUPEDBENCHMARK_H
#define GEMM_OPT_RUNTIME_GROUPEDBENCHMARK_H

#include "runtime/CublasReference.h"
#include "runtime/GemmBenchmark.h"
#include "runtime/GroupedProblem.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <string>
#include <vector>

namespace gemm_opt {
namespace runtime {

/// The checks of one run.
struct GroupCheck {
  /// The worst group's error against cuBLAS (count and non-finite entries
  /// summed over the groups); unset with --no-cublas.
  std::optional<ErrorMetric> vsCublas;
  ErrorMetric vsFp64;
  int64_t worstCublasGroup = -1, worstFp64Group = -1;
  /// Non-empty groups checked, and groups that failed either check.
  int64_t checkedGroups = 0, failedGroups = 0;
  /// Entries of C outside the groups' rows the kernel changed, of how many.
  int64_t clobbered = 0, poisonChecked = 0;
  double toleranceFactor = 1.0;
  /// An FP8 kernel's routing that cuBLASLt has no matmul for: why (fp64
  /// alone decides).
  std::string noCublasLtAnchor;
  /// The amax of D over every group's stored rows, where the kernel
  /// records it (QuantizedOutput.h), and why cuBLASLt's was not compared.
  std::optional<AmaxCheck> amax;
  std::string amaxRefusal;
  bool passed() const {
    return failedGroups == 0 && clobbered == 0 &&
           (!vsCublas || vsCublas->passed) && vsFp64.passed &&
           (!amax || amax->passed);
  }
};

struct GroupedReplay {
  uint64_t seed = 0;
  std::vector<int32_t> groupRows;
  GroupCheck check;
};

struct GroupedOptions {
  BenchmarkOptions common;
  /// Graph replays with new routings (masked kernels only).
  unsigned graphReplays = 0;
};

struct GroupedResult {
  KernelFunctionInfo kernelInfo;
  LaunchGrid grid;
  GroupCheck check;
  std::vector<GroupedReplay> replays;
  /// kernelTiming, cublasTiming, l2FlushBytes and cublasVersion.
  BenchmarkResult timing;
  int64_t cublasCalls = 0;
  /// An FP8 kernel's scaling (ScalingSpec::describe) and the cuBLASLt
  /// loop's scale modes (empty where cuBLASLt has no matmul for it).
  std::string scaling, cublasLtScaleModes;
  /// An e4m3 C's scale_d, one for all groups.
  std::optional<float> scaleD;
  bool passed() const {
    for (const GroupedReplay &replay : replays)
      if (!replay.check.passed())
        return false;
    return check.passed();
  }
};

llvm::Expected<GroupedResult>
runGroupedBenchmark(const DeviceInfo &device, const KernelSpec &spec,
                    const KernelImages &images, const GroupedProblem &problem,
                    const GroupedOptions &options);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_GROUPEDBENCHMARK_H
