//===- GemmBenchmark.h - Run, check and time one kernel --------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The whole measurement of one bundle kernel at one shape: random inputs,
// one poisoned run checked against cuBLAS and against fp64 samples (both
// passed through the kernel's fused epilogue on the host, in fp64), then
// (optionally) L2-flushed timing of the kernel and of cuBLAS on the same
// inputs.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_GEMMBENCHMARK_H
#define GEMM_OPT_RUNTIME_GEMMBENCHMARK_H

#include "runtime/Device.h"
#include "runtime/Fp8Inputs.h"
#include "runtime/GemmShape.h"
#include "runtime/KernelModule.h"
#include "runtime/KernelSpec.h"
#include "runtime/LaunchGrid.h"
#include "runtime/QuantizedOutput.h"
#include "runtime/Timing.h"
#include "runtime/Validation.h"

#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>

namespace gemm_opt {
namespace runtime {

struct BenchmarkOptions {
  unsigned warmupRuns = 5;
  unsigned timedRuns = 50;
  uint64_t seed = 1;
  bool timing = true;
  /// Check against (and time) cuBLAS. Without it only the fp64 check runs
  /// (e.g. under compute-sanitizer, which cannot follow some cuBLAS kernels).
  bool cublasReference = true;
  /// Random entries checked against fp64 (besides corners, last row/col).
  int64_t fp64RandomSamples = 4096;
  /// alpha and beta of a kernel whose fused epilogue has alpha_beta (C then
  /// starts random instead of poisoned, and beta·C reads it). Bias and
  /// residual, when the epilogue has them, are random.
  float alpha = 1.0f;
  float beta = 0.0f;
  /// Elements before the residual's first entry in its buffer, for a kernel
  /// with a residual (GemmProblem::residualOffset): an offset that is not a
  /// multiple of 16 bytes unaligns its address. At least 0, and a multiple
  /// of the kernel's min_alignment_bytes in bytes (checkResidualOffset).
  int64_t residualOffset = 0;
  /// An FP8 kernel's 8-bit inputs (Fp8Inputs.h).
  Fp8InputDistribution fp8Inputs = Fp8InputDistribution::Wide;
};

/// A BadInput error unless `residualOffset` (elements of C's type) is at
/// least 0 and puts the residual at an address `spec`'s kernel can read: a
/// multiple of its min_alignment_bytes, which its threads' loads of the
/// residual need.
llvm::Error checkResidualOffset(const KernelSpec &spec, int64_t residualOffset);

/// What a run of an FP8 kernel adds to its result (ScaledGemmBenchmark.h).
struct ScaledGemmDetails {
  /// ScalingSpec::describe(): "a=block_1x128 b=block_128x128".
  std::string scaling;
  Fp8InputDistribution inputs = Fp8InputDistribution::Wide;
  /// The cuBLASLt FP8 matmul beside the kernel: its scale modes
  /// (CublasLtScaledMatmul::getScaleModes) and algorithm; empty where
  /// cuBLASLt was not asked (--no-cublas) or refuses.
  std::string cublasLtScaleModes, cublasLtAlgorithm;
  /// Why no cuBLASLt matmul checks (and times) the kernel: cuBLASLt refuses
  /// its types or scale modes, or its product fails the fp64 check at this
  /// shape; empty when one checks. The kernel is then checked against fp64
  /// alone.
  std::string noCublasLtAnchor;
  /// An e4m3 C's output scale (QuantizedOutput.h), where C is 8-bit.
  std::optional<float> scaleD;
  /// The checks of the amax of D, where the kernel records it.
  std::optional<AmaxCheck> amax;
  /// Why cuBLASLt's matmul computes no amax to compare with (it refuses
  /// CUBLASLT_MATMUL_DESC_AMAX_D_POINTER with these types or scale modes);
  /// empty otherwise.
  std::string amaxRefusal;
};

struct BenchmarkResult {
  /// Of the function that ran: the kernel, or its whole-tile variant.
  KernelFunctionInfo kernelInfo;
  /// The name of that function.
  std::string launchedKernel;
  LaunchGrid grid;
  std::optional<ErrorMetric> vsCublas; ///< Unset without the cuBLAS check.
  ErrorMetric vsFp64;
  std::optional<TimingStats> kernelTiming;
  std::optional<TimingStats> cublasTiming;
  /// What the timed cuBLAS call computed (CublasBaseline::describe; for an
  /// FP8 kernel what the cuBLASLt FP8 matmul computed).
  std::string cublasBaseline = "A·B";
  /// Whether the output of the last timed run equals (bit for bit) the
  /// checked one; unset without timing.
  std::optional<bool> repeatIdentical;
  /// Operands copied to aligned buffers before each launch because TMA
  /// cannot read them in place (OperandStaging::describe); empty if none.
  std::string stagedOperands;
  /// Entries of C's padding (ldc > N) that the kernel overwrote.
  int64_t clobberedPadding = 0;
  size_t l2FlushBytes = 0;
  int cublasVersion = 0;
  /// What both checks' tolerance was multiplied by (getToleranceFactor).
  double toleranceFactor = 1.0;
  /// Set for an FP8 kernel, whose cuBLAS check and timing are cuBLASLt's
  /// FP8 matmul.
  std::optional<ScaledGemmDetails> scaled;

  bool passed() const {
    return (!vsCublas || vsCublas->passed) && vsFp64.passed &&
           clobberedPadding == 0 &&
           (!scaled || !scaled->amax || scaled->amax->passed);
  }
};

/// Times `kernel` and, when `cublas` is given, cuBLAS on `stream`, run by
/// run in turns (timeInterleaved: L2 flushed, each body after its prepare),
/// with `options`' warm-up and timed runs; fills `result`'s l2FlushBytes,
/// kernelTiming and cublasTiming. `kernelName` words errors.
llvm::Error timeKernelAndCublas(const DeviceInfo &device, cudaStream_t stream,
                                const BenchmarkOptions &options,
                                llvm::StringRef kernelName, TimedWork kernel,
                                std::optional<TimedWork> cublas,
                                BenchmarkResult &result);

llvm::Expected<BenchmarkResult> runBenchmark(const DeviceInfo &device,
                                             const KernelSpec &spec,
                                             const KernelImages &images,
                                             const GemmShape &shape,
                                             const BenchmarkOptions &options);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_GEMMBENCHMARK_H
