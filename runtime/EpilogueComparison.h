//===- EpilogueComparison.h - fused epilogue vs unfused and cuBLASLt -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// gemm-run --compare-epilogue: a bundle kernel with a fused bias/activation
// epilogue against the two ways a library user would get the same D:
//
//   fused            the gemm-opt kernel: D = activation(A·B + bias), fp32
//                    epilogue, one rounding to C's type
//   unfused          cublasGemmEx writing C = A·B in C's type (fp32
//                    accumulation), then one elementwise kernel reading C and
//                    the bias and writing D (BiasActivationKernel.h) — timed
//                    as one unit
//   cublaslt         cublasLtMatmul with the matching epilogue
//                    (CublasLtEpilogue.h: GELU_BIAS for bias = column +
//                    gelu_tanh, RELU_BIAS, BIAS, ...), when there is one
//   cublas_gemm      the GEMM of `unfused` alone (no epilogue), for context
//   bias_activation  the elementwise kernel of `unfused` alone
//
// Inputs are those of gemm-run (same seeds): random A, B and bias of C's
// type. Each D (fused, unfused, cublaslt) is checked against the fp64
// reference (the exact A·B at sampled entries, through the epilogue in
// fp64, FusedEpilogueSpec.h) and against the fused D over the whole matrix,
// with gemm-run's tolerance for the types. Then all five run in interleaved
// rounds (Timing.h: median of many runs, CUDA events, L2 flushed before
// each run), every cuBLAS handle with a 32 MiB workspace.
//
// Speedups are throughput ratios, reference time / fused time: > 1 means
// the fused kernel is faster. Issue 4's targets for bias + GELU at
// 8192×8192×4096 bf16 are UnfusedSpeedupTarget and CublasLtSpeedupTarget.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_EPILOGUECOMPARISON_H
#define GEMM_OPT_RUNTIME_EPILOGUECOMPARISON_H

#include "runtime/Device.h"
#include "runtime/GemmShape.h"
#include "runtime/KernelModule.h"
#include "runtime/KernelSpec.h"
#include "runtime/LaunchGrid.h"
#include "runtime/Timing.h"
#include "runtime/Validation.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gemm_opt {
namespace runtime {

inline constexpr double UnfusedSpeedupTarget = 1.2;
inline constexpr double CublasLtSpeedupTarget = 1.0;

enum class EpiloguePipeline { Fused, Unfused, CublasLt, CublasGemm, BiasActivation };

/// "fused", "unfused", "cublaslt", "cublas_gemm", "bias_activation".
llvm::StringRef getEpiloguePipelineName(EpiloguePipeline pipeline);

/// Whether the pipeline computes the whole D (and so is checked).
bool computesEpilogue(EpiloguePipeline pipeline);

/// The speedup target of the fused kernel over `pipeline`, if issue 4 sets
/// one (unfused 1.2, cublaslt 1.0).
std::optional<double> getSpeedupTarget(EpiloguePipeline pipeline);

struct EpilogueComparisonOptions {
  unsigned warmupRuns = 5;
  unsigned timedRuns = 50;
  uint64_t seed = 1;
  bool timing = true;
  /// Random entries checked against fp64 (besides corners, last row/col).
  int64_t fp64RandomSamples = 4096;
};

struct PipelineResult {
  EpiloguePipeline pipeline = EpiloguePipeline::Fused;
  /// What ran: "cuBLASLt GELU_BIAS (algo 66, tile 20, ...)".
  std::string description;
  /// Non-empty when the pipeline did not run, and why (e.g. no cuBLASLt
  /// epilogue for gelu_erf).
  std::string unavailable;
  std::optional<ErrorMetric> vsFp64;  ///< For pipelines computing D.
  std::optional<ErrorMetric> vsFused; ///< Whole matrix; not for the fused.
  std::optional<TimingStats> timing;

  bool isAvailable() const { return unavailable.empty(); }
  bool passed() const {
    return (!vsFp64 || vsFp64->passed) && (!vsFused || vsFused->passed);
  }
};

struct EpilogueComparisonResult {
  /// Of the function that ran: the kernel, or its whole-tile variant.
  KernelFunctionInfo kernelInfo;
  std::string launchedKernel;
  LaunchGrid grid;
  std::string stagedOperands;
  /// Entries of the fused D's padding (ldc > N) that the kernel overwrote.
  int64_t clobberedPadding = 0;
  double tolerance = 0.0;
  size_t l2FlushBytes = 0;
  int cublasVersion = 0;
  size_t cublasLtVersion = 0;
  /// One per EpiloguePipeline, in its order.
  std::vector<PipelineResult> pipelines;

  const PipelineResult *find(EpiloguePipeline pipeline) const;
  /// Reference time / fused time (both medians), when both were timed.
  std::optional<double> getSpeedup(EpiloguePipeline reference) const;
  /// Every available pipeline's checks pass and the padding is untouched.
  bool passed() const;
};

/// Checks that `spec` fuses an epilogue this comparison covers: bias
/// and/or an activation, without alpha_beta or residual. BadInput errors.
llvm::Error checkEpilogueComparable(const KernelSpec &spec);

/// Runs, checks and (with options.timing) times the five pipelines.
llvm::Expected<EpilogueComparisonResult>
runEpilogueComparison(const DeviceInfo &device, const KernelSpec &spec,
                      const KernelImages &images, const GemmShape &shape,
                      const EpilogueComparisonOptions &options);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_EPILOGUECOMPARISON_H
