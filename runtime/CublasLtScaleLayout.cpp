//===- CublasLtScaleLayout.cpp - Our FP8 scales as cuBLASLt takes them ----===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/CublasLtScaleLayout.h"

#include "llvm/Support/MathExtras.h"

namespace gemm_opt {
namespace runtime {

CublasLtScales convertToCublasLtScales(ScaleMode mode,
                                       llvm::ArrayRef<float> scales, int64_t m,
                                       int64_t n, int64_t k) {
  CublasLtScales converted;
  switch (mode) {
  case ScaleMode::Tensor:
    converted.mode = CUBLASLT_MATMUL_MATRIX_SCALE_SCALAR_32F;
    break;
  case ScaleMode::Row:
  case ScaleMode::Column:
    converted.mode = CUBLASLT_MATMUL_MATRIX_SCALE_OUTER_VEC_32F;
    break;
  case ScaleMode::Block1x128:
    converted.mode = CUBLASLT_MATMUL_MATRIX_SCALE_VEC128_32F;
    break;
  case ScaleMode::Block128x128: {
    converted.mode = CUBLASLT_MATMUL_MATRIX_SCALE_BLK128x128_32F;
    ScaleTensorLayout layout = getScaleTensorLayout(mode, m, n, k);
    int64_t kBlocks = layout.sizes[0], nBlocks = layout.sizes[1];
    int64_t paddedKBlocks =
        static_cast<int64_t>(llvm::alignTo(static_cast<uint64_t>(kBlocks), 4));
    converted.values.assign(static_cast<size_t>(paddedKBlocks * nBlocks), 0.0f);
    for (int64_t nb = 0; nb < nBlocks; ++nb)
      for (int64_t kb = 0; kb < kBlocks; ++kb)
        converted.values[static_cast<size_t>(kb + nb * paddedKBlocks)] =
            scales[static_cast<size_t>(kb * layout.strides[0] +
                                       nb * layout.strides[1])];
    return converted;
  }
  }
  converted.values.assign(scales.begin(), scales.end());
  return converted;
}

const char *getCublasLtScaleModeName(cublasLtMatmulMatrixScale_t mode) {
  switch (mode) {
  case CUBLASLT_MATMUL_MATRIX_SCALE_SCALAR_32F:
    return "SCALAR_32F";
  case CUBLASLT_MATMUL_MATRIX_SCALE_OUTER_VEC_32F:
    return "OUTER_VEC_32F";
  case CUBLASLT_MATMUL_MATRIX_SCALE_VEC128_32F:
    return "VEC128_32F";
  case CUBLASLT_MATMUL_MATRIX_SCALE_BLK128x128_32F:
    return "BLK128x128_32F";
  default:
    return "another scale mode";
  }
}

} // namespace runtime
} // namespace gemm_opt
