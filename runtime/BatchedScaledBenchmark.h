//===- BatchedScaledBenchmark.h - Run, check, time a batched FP8 kernel ---===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// gemm-run's measurement of a batched FP8 kernel (isScaledGemm and
// stridedBatch) at a batched GemmShape (batch count, per-operand batch
// strides, 0 for A or B: one matrix for every entry):
//
//   - inputs: random 8-bit A and B of each batch entry (Fp8Inputs.h), NaN
//     bytes (0x7f, NaN in e4m3 and e5m2) between the entries' views, and
//     random scales (HostScales.h) of each entry where the kernel takes
//     them per entry (hasPerEntryScales), else one set for every entry;
//   - one run with C poisoned, each entry checked against the fp64
//     product of its dequantized inputs (ScaledReference.h) at samples, C's
//     buffer outside the entries' views untouched;
//   - against cuBLASLt's FP8 matmul over the same strided batch
//     (CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, _STRIDED_BATCH_OFFSET) at every
//     entry of every batch entry, where the scales are shared: cuBLASLt
//     (13.1) has one set of scales per matmul, so per-entry scales have no
//     cuBLASLt equivalent and are checked against fp64 alone, the result
//     saying why (ScaledGemmDetails::noCublasLtAnchor); an anchor that
//     fails the fp64 check itself is dropped the same way;
//   - L2-flushed timing of the kernel against that cuBLASLt matmul in
//     turns; with per-entry scales cuBLASLt is timed with the first
//     entry's scales for all entries (the same work, another result).
//
// A fused epilogue is refused (BadInput): the batched FP8 check covers the
// scaled product.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_BATCHEDSCALEDBENCHMARK_H
#define GEMM_OPT_RUNTIME_BATCHEDSCALEDBENCHMARK_H

#include "runtime/GemmBenchmark.h"

#include "llvm/Support/Error.h"

namespace gemm_opt {
namespace runtime {

/// Runs, checks and times the batched FP8 kernel `spec` at `shape` (see the
/// file comment); the result's `scaled` is set.
llvm::Expected<BenchmarkResult>
runBatchedScaledBenchmark(const DeviceInfo &device, const KernelSpec &spec,
                          const KernelImages &images, const GemmShape &shape,
                          const BenchmarkOptions &options);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_BATCHEDSCALEDBENCHMARK_H
