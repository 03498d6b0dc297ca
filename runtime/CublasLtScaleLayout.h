//===- CublasLtScaleLayout.h - FP8 scales in cuBLASLt layouts ---*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// cuBLASLt is column-major and runs FP8 only in the "TN" form, so the
// row-major D (M×N) = A (M×K, row-major) · B (K×N, column-major: stored
// N×K) of an FP8 kernel is its
//
//   D' (N×M, column-major, ld ldc) = op(A') · B',
//   A' = our B as a K×N column-major matrix (ld ldb), op = transpose,
//   B' = our A as a K×M column-major matrix (ld lda), no transpose:
//
// cuBLASLt's A is our B and its B our A, so CUBLASLT_MATMUL_DESC_A_SCALE_*
// take our scale_b and CUBLASLT_MATMUL_DESC_B_SCALE_* our scale_a.
// cuBLASLt's scale modes and layouts (cuBLAS documentation, "scaling
// factors layouts"; the layouts PyTorch's _scaled_mm checks before calling
// it), relative to each data matrix's inner dimension K and outer one R
// (rows of our A, R = M; columns of our B, R = N), Kb = ⌈K/128⌉:
//
//   SCALAR_32F     one f32                               <- tensor
//   OUTER_VEC_32F  R f32, entry r for outer index r     <- row, column
//   VEC128_32F     R × Kb f32, scale (r, kb) at r + kb·R <- block_1x128
//   BLK128x128_32F ⌈R/128⌉ blocks of L4 = Kb rounded up to a multiple of
//                  4, scale (kb, rb) at kb + rb·L4      <- block_128x128
//
// So every mode keeps our layout (ScalingSpec.h), except block_128x128,
// whose Kb-contiguous columns of blocks get the leading dimension L4
// (padding zeros, which no K block reads).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_CUBLASLTSCALELAYOUT_H
#define GEMM_OPT_RUNTIME_CUBLASLTSCALELAYOUT_H

#include "runtime/ScalingSpec.h"

#include "llvm/ADT/ArrayRef.h"

#include <cublasLt.h>

#include <cstdint>
#include <vector>

namespace gemm_opt {
namespace runtime {

/// One operand's scales as cuBLASLt takes them.
struct CublasLtScales {
  cublasLtMatmulMatrixScale_t mode = CUBLASLT_MATMUL_MATRIX_SCALE_SCALAR_32F;
  std::vector<float> values;
};

/// The cuBLASLt form of scales of `mode` held in our layout `scales`, for
/// an M × N × K problem (see the file comment).
CublasLtScales convertToCublasLtScales(ScaleMode mode,
                                       llvm::ArrayRef<float> scales, int64_t m,
                                       int64_t n, int64_t k);

/// "SCALAR_32F", "OUTER_VEC_32F", "VEC128_32F", "BLK128x128_32F".
const char *getCublasLtScaleModeName(cublasLtMatmulMatrixScale_t mode);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_CUBLASLTSCALELAYOUT_H
