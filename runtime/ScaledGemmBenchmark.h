//===- ScaledGemmBenchmark.h - Run, check, time an FP8 kernel ---*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// runBenchmark (GemmBenchmark.h) for an FP8 kernel (ScaledKernelSpec.h):
//
//   - inputs: random 8-bit A and B from the options' distribution
//     (Fp8Inputs.h) and random positive scales per tensor, row, column or
//     block (HostScales.h), the fused epilogue's inputs as for any kernel
//     (FusedEpilogueInputs.h);
//   - one run with C poisoned (or reset to its random initial value where
//     beta·C reads it), checked against
//       (1) the fp64 block-scaled product of the 8-bit values and the scales
//           (ScaledReference.h), through the fused epilogue in fp64, at
//           samples, and
//       (2) cuBLASLt's FP8 matmul with the same scale modes and fast
//           accumulation (CublasLtScaledMatmul.h) on the same buffers,
//           the epilogue applied to its result in fp64, at every entry,
//     each by relative Frobenius error against getFp8Tolerance (Validation.h)
//     times the tolerance factor of the scaled products
//     (ToleranceFactor.h); NaN never passes;
//   - L2-flushed timing of the kernel against cuBLASLt's FP8 matmul in
//     turns (timeKernelAndCublas), the cuBLASLt call doing what it can of
//     the fused epilogue: alpha and beta, or beta = 1 over the residual
//     (CublasBaseline.h), and cuBLASLt's bias/activation epilogue where it
//     has one (CublasLtEpilogue.h); where cuBLASLt refuses that with these
//     scale modes it times the scaled product alone, and says so.
//
// Where cuBLASLt refuses the types or scale modes themselves (e.g. a mix of
// per-tensor and block scales), or where its product fails the fp64 check
// itself (seen at N = 1 with per-row and per-column scales), there is no
// cuBLASLt anchor: the kernel is
// checked against fp64 alone, timed alone, and the result says why
// (ScaledGemmDetails::noCublasLtAnchor); that is not a failure.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_SCALEDGEMMBENCHMARK_H
#define GEMM_OPT_RUNTIME_SCALEDGEMMBENCHMARK_H

#include "runtime/GemmBenchmark.h"

#include "llvm/Support/Error.h"

namespace gemm_opt {
namespace runtime {

/// Runs, checks and times the FP8 kernel `spec` (isScaledGemm) at `shape`
/// (see the file comment); the result's `scaled` is set.
llvm::Expected<BenchmarkResult>
runScaledBenchmark(const DeviceInfo &device, const KernelSpec &spec,
                   const KernelImages &images, const GemmShape &shape,
                   const BenchmarkOptions &options);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_SCALEDGEMMBENCHMARK_H
