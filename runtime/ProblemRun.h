//===- ProblemRun.h - Run and check one kernel on a GemmProblem -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The launch path for a general GemmProblem (GemmProblem.h): it refuses,
// with a ProblemRefusal naming the reason, any problem the kernel's declared
// capabilities (BundleCapabilities.h) or the runtime's own launch support do
// not cover; otherwise it runs the kernel once on seeded random inputs
// (ProblemInputs.h) with a poisoned output and checks the result
//  (a) against cuBLAS (cublasGemmStridedBatchedEx over the same views, into
//      an f32 buffer, bias and activation then applied in double) at every
//      output entry, and
//  (b) against the fp64 reference (ProblemReference.h) at every entry of
//      small outputs, sampled entries of big ones,
// by relative Frobenius error with the tolerance of getTolerance
// (Validation.h). Any NaN/Inf in the output, or any element of C's buffer
// outside its view that the kernel changed, fails.
//
// What the runtime can pass to kernels today: row- and column-major
// operands as memref (and TMA) parameters, in the layouts the kernel's
// metadata declares, batch entries with per-operand strides to a batched
// kernel, no epilogue parameters. A problem beyond that is refused even
// when the metadata declares support (the refusal then says the runtime
// lacks it). FP8 kernels are refused: a GemmProblem has no scales
// (gemm-run runs them, ScaledGemmBenchmark.h).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_PROBLEMRUN_H
#define GEMM_OPT_RUNTIME_PROBLEMRUN_H

#include "runtime/BundleCapabilities.h"
#include "runtime/Device.h"
#include "runtime/GemmProblem.h"
#include "runtime/KernelModule.h"
#include "runtime/KernelSpec.h"
#include "runtime/LaunchGrid.h"
#include "runtime/Validation.h"

#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>

namespace gemm_opt {
namespace runtime {

struct ProblemRunOptions {
  uint64_t seed = 1;
  /// Check against cuBLAS besides fp64.
  bool cublasReference = true;
  /// Outputs with at most this many entries are checked against fp64 in
  /// full, bigger ones at samples.
  int64_t fp64AllEntriesLimit = int64_t(1) << 16;
  /// Random fp64 samples per batch entry of a big output.
  int64_t fp64RandomSamples = 4096;
};

struct ProblemRunResult {
  LaunchGrid grid;
  /// The tolerance of both checks: getTolerance's, times toleranceFactor.
  double tolerance = 0.0;
  /// getToleranceFactor of the checked entries (ToleranceFactor.h).
  double toleranceFactor = 1.0;
  std::optional<ErrorMetric> vsCublas; ///< Unset without the cuBLAS check.
  ErrorMetric vsFp64;
  /// Elements of C's buffer outside its view that the kernel changed.
  int64_t clobberedElements = 0;
  /// Operands copied to aligned buffers for TMA (OperandStaging); empty if
  /// none.
  std::string stagedOperands;
  /// The function that ran: the kernel, or its whole-tile variant
  /// (WholeTileVariant.h).
  std::string launchedKernel;
  bool wholeTileVariant = false;

  bool passed() const {
    return (!vsCublas || vsCublas->passed) && vsFp64.passed &&
           clobberedElements == 0;
  }
};

/// Everything the launch needs that can be checked without a GPU: a valid
/// problem (BadInput error otherwise), then capabilities, the runtime's own
/// launch support, the kernel's shape requirements (checkShapeSupported) and
/// its grid, each failing with a ProblemRefusal.
llvm::Error checkProblemLaunchable(const KernelSpec &spec,
                                   const KernelCapabilities &capabilities,
                                   const GemmProblem &problem);

/// Checks (checkProblemLaunchable), runs and validates `problem` on
/// `device`.
llvm::Expected<ProblemRunResult>
runProblem(const DeviceInfo &device, const KernelSpec &spec,
           const KernelCapabilities &capabilities, const KernelImages &images,
           const GemmProblem &problem, const ProblemRunOptions &options);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_PROBLEMRUN_H
