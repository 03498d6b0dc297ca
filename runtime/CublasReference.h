//===- CublasReference.h - cuBLAS reference GEMM ---------------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The row-major C = A * B is computed with column-major cuBLAS through the
// usual swap: C^T (N x M, ld ldc) = B^T (N x K, ld ldb) * A^T (K x M, ld lda),
// with cublasGemmEx, CUBLAS_COMPUTE_32F and a 32 MiB workspace; for a
// kernel that multiplies f32 inputs as tf32, CUBLAS_COMPUTE_32F_FAST_TF32
// (cuBLAS tf32), so that checks and timings compare like with like.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_CUBLASREFERENCE_H
#define GEMM_OPT_RUNTIME_CUBLASREFERENCE_H

#include "runtime/DeviceBuffer.h"
#include "runtime/ElementType.h"
#include "runtime/GemmProblem.h"
#include "runtime/GemmShape.h"

#include "llvm/Support/Error.h"

#include <cublas_v2.h>
#include <library_types.h>

namespace gemm_opt {
namespace runtime {

/// CUDA_R_16F, CUDA_R_16BF, CUDA_R_32F, CUDA_R_8F_E4M3 or CUDA_R_8F_E5M2.
cudaDataType getCudaDataType(ElementType type);

/// The cuBLAS compute type matching a kernel's math: f32 inputs on tensor
/// cores (not `exactFp32Math`, i.e. not FFMA) are tf32 and compare with
/// CUBLAS_COMPUTE_32F_FAST_TF32; everything else with CUBLAS_COMPUTE_32F
/// (f16/bf16 products, or fp32 SGEMM for f32 inputs).
cublasComputeType_t getCublasComputeType(ElementType inputType,
                                         bool exactFp32Math);

/// "CUBLAS_COMPUTE_32F_FAST_TF32" and the like, for reports.
const char *getCublasComputeTypeName(cublasComputeType_t computeType);

struct GemmTypes {
  ElementType a = ElementType::BF16;
  ElementType b = ElementType::BF16;
  ElementType c = ElementType::BF16;
};

/// A cuBLAS handle bound to one stream, with its workspace (RAII, move-only).
class CublasReference {
public:
  static constexpr size_t WorkspaceBytes = size_t(32) << 20;

  /// `computeType`: see getCublasComputeType.
  static llvm::Expected<CublasReference>
  create(cudaStream_t stream,
         cublasComputeType_t computeType = CUBLAS_COMPUTE_32F);

  CublasReference(CublasReference &&other) noexcept;
  CublasReference &operator=(CublasReference &&) = delete;
  CublasReference(const CublasReference &) = delete;
  CublasReference &operator=(const CublasReference &) = delete;
  ~CublasReference();

  /// Enqueues C = alpha * A * B + beta * C (row-major, leading dimensions
  /// from `shape`; C is not read where beta is 0).
  llvm::Error gemm(const GemmShape &shape, const GemmTypes &types,
                   const void *a, const void *b, void *c, float alpha = 1.0f,
                   float beta = 0.0f);

  /// Enqueues C = A * B with one cublasGemmEx for a row-major A and C and
  /// a B of `shape`'s layout (column-major: B^T stored N x K, the weight
  /// layout of x @ W^T), leading dimensions from `shape`: one group of a
  /// grouped GEMM.
  llvm::Error gemmRowMajorOutput(const GemmShape &shape, const GemmTypes &types,
                                 const void *a, const void *b, void *c);
  /// Enqueues, for every batch entry of `problem`, C = alpha * A * B +
  /// beta * C over the operand views of `problem` (layouts, leading
  /// dimensions, batch strides, offsets) in buffers starting at a, b and c,
  /// with cublasGemmStridedBatchedEx. Bias and activation are not applied.
  llvm::Error gemm(const GemmProblem &problem, const void *a, const void *b,
                   void *c);

  /// cuBLAS version, e.g. 130000.
  int getVersion() const { return version; }
  cublasComputeType_t getComputeType() const { return computeType; }

private:
  CublasReference(cublasHandle_t handle, DeviceBuffer workspace)
      : handle(handle), workspace(std::move(workspace)) {}

  cublasHandle_t handle = nullptr;
  DeviceBuffer workspace;
  int version = 0;
  cublasComputeType_t computeType = CUBLAS_COMPUTE_32F;
};

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_CUBLASREFERENCE_H
