//===- BatchedBenchmark.h - Run, check and time a batched kernel -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// gemm-run's measurement of a batched kernel (BatchedKernelSpec.h) on a
// batched GemmProblem (batch count and per-operand batch strides): the
// checked run of ProblemRun.h (seeded inputs with NaN outside A's and B's
// views, a poisoned C; cublasGemmStridedBatchedEx at every entry of every
// batch entry, the fp64 reference at samples of each batch entry, and C's
// buffer outside its views untouched), then L2-flushed timing of the kernel
// and of cublasGemmStridedBatchedEx writing C's type over the same views,
// alternating run by run. The results fill a BenchmarkResult (the clobbered
// count is of C's whole buffer: ldc padding and gaps between entries), so
// gemm-run reports them as usual; flops count every batch entry.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_BATCHEDBENCHMARK_H
#define GEMM_OPT_RUNTIME_BATCHEDBENCHMARK_H

#include "runtime/GemmBenchmark.h"
#include "runtime/GemmProblem.h"

namespace gemm_opt {
namespace runtime {

/// Checks (refusing problems the kernel cannot take, ProblemRefusal) and
/// times `problem` on `spec`. A fused epilogue of `spec` becomes the
/// problem's (getProblemEpilogue: options.alpha and .beta, a random bias
/// and residual).
llvm::Expected<BenchmarkResult>
runBatchedBenchmark(const DeviceInfo &device, const KernelSpec &spec,
                    const KernelImages &images, GemmProblem problem,
                    const BenchmarkOptions &options);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_BATCHEDBENCHMARK_H
