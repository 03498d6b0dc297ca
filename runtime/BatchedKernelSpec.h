//===- BatchedKernelSpec.h - What makes a bundle kernel batched -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A batched kernel (compiled from a tile.gemm on 3-D operands) runs a batch
// of GEMMs C[b] = A[b]·B[b], b = 0 .. batch-1, each operand's entries a
// batch stride (in elements) apart; A and B may have stride 0 (one matrix
// for every entry). Its bundle entry says so consistently:
//
//   "batch": {"strided": true}
//   memref parameters of a, b, c of "rank": 3 (batch × rows × columns, the
//     sizes (batch, rows, cols) and strides (batch stride, row and column
//     stride), KernelParams.h),
//   tensor maps of "box": [inner, outer, 1] (3-D: the batch entries
//     outermost, TensorMapEncoding.h),
//   a grid whose z is {"extent": "batch", "tile": 1}, or a persistent grid
//     whose "tiles" have "batch": 1,
//   and no split_k workspace.
//
// A kernel without "batch" has none of these. checkBatchedKernelSpec
// refuses a bundle entry that mixes them: the runtime would otherwise pass
// parameters the kernel does not read as such.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_BATCHEDKERNELSPEC_H
#define GEMM_OPT_RUNTIME_BATCHEDKERNELSPEC_H

#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

namespace gemm_opt {
namespace runtime {

struct KernelSpec;

/// Checks that the parameters and grid of `spec` agree with its
/// stridedBatch (see the file comment); `context` prefixes the BadInput
/// error.
llvm::Error checkBatchedKernelSpec(const KernelSpec &spec,
                                   const llvm::Twine &context);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_BATCHEDKERNELSPEC_H
