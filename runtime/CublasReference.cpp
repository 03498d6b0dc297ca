//===- CublasReference.cpp - cuBLAS reference GEMM ------------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/CublasReference.h"

#include "runtime/CudaCheck.h"

#include <library_types.h>

using namespace llvm;

namespace gemm_opt {
namespace runtime {

cudaDataType getCudaDataType(ElementType type) {
  switch (type) {
  case ElementType::F16:
    return CUDA_R_16F;
  case ElementType::BF16:
    return CUDA_R_16BF;
  case ElementType::F32:
    return CUDA_R_32F;
  case ElementType::F8E4M3FN:
    return CUDA_R_8F_E4M3;
  case ElementType::F8E5M2:
    return CUDA_R_8F_E5M2;
  }
  return CUDA_R_32F;
}

cublasComputeType_t getCublasComputeType(ElementType inputType,
                                         bool exactFp32Math) {
  if (inputType == ElementType::F32 && !exactFp32Math)
    return CUBLAS_COMPUTE_32F_FAST_TF32;
  return CUBLAS_COMPUTE_32F;
}

const char *getCublasComputeTypeName(cublasComputeType_t computeType) {
  switch (computeType) {
  case CUBLAS_COMPUTE_32F:
    return "CUBLAS_COMPUTE_32F";
  case CUBLAS_COMPUTE_32F_FAST_TF32:
    return "CUBLAS_COMPUTE_32F_FAST_TF32";
  default:
    return "another cuBLAS compute type";
  }
}

Expected<CublasReference>
CublasReference::create(cudaStream_t stream, cublasComputeType_t computeType) {
  Expected<DeviceBuffer> workspace = DeviceBuffer::allocate(WorkspaceBytes);
  if (!workspace)
    return workspace.takeError();
  cublasHandle_t handle = nullptr;
  GEMM_CUDA_TRY(cublasCreate(&handle));
  CublasReference reference(handle, std::move(*workspace));
  reference.computeType = computeType;
  GEMM_CUDA_TRY(cublasSetStream(handle, stream));
  GEMM_CUDA_TRY(cublasSetWorkspace(handle, reference.workspace.data(),
                                   reference.workspace.size()));
  GEMM_CUDA_TRY(cublasSetMathMode(handle, CUBLAS_DEFAULT_MATH));
  GEMM_CUDA_TRY(cublasGetVersion(handle, &reference.version));
  return std::move(reference);
}

CublasReference::CublasReference(CublasReference &&other) noexcept
    : handle(other.handle), workspace(std::move(other.workspace)),
      version(other.version), computeType(other.computeType) {
  other.handle = nullptr;
}

CublasReference::~CublasReference() {
  if (handle)
    (void)cublasDestroy(handle);
}

Error CublasReference::gemm(const GemmShape &shape, const GemmTypes &types,
                            const void *a, const void *b, void *c, float alpha,
                            float beta) {
  // Column-major view: C^T[n x m] = B^T[n x k] * A^T[k x m].
  GEMM_CUDA_TRY(
      cublasGemmEx(handle, CUBLAS_OP_N, CUBLAS_OP_N, static_cast<int>(shape.n),
                   static_cast<int>(shape.m), static_cast<int>(shape.k), &alpha,
                   b, getCudaDataType(types.b), static_cast<int>(shape.ldb), a,
                   getCudaDataType(types.a), static_cast<int>(shape.lda), &beta,
                   c, getCudaDataType(types.c), static_cast<int>(shape.ldc),
                   computeType, CUBLAS_GEMM_DEFAULT));
  return Error::success();
}

Error CublasReference::gemmRowMajorOutput(const GemmShape &shape,
                                          const GemmTypes &types, const void *a,
                                          const void *b, void *c) {
  // Column-major view: C^T[n x m] = B^T[n x k] * A^T[k x m]; a
  // column-major B is a row-major B^T, read transposed.
  float alpha = 1.0f, beta = 0.0f;
  cublasOperation_t opB =
      shape.layouts.b == MatrixLayout::Row ? CUBLAS_OP_N : CUBLAS_OP_T;
  GEMM_CUDA_TRY(
      cublasGemmEx(handle, opB, CUBLAS_OP_N, static_cast<int>(shape.n),
                   static_cast<int>(shape.m), static_cast<int>(shape.k), &alpha,
                   b, getCudaDataType(types.b), static_cast<int>(shape.ldb), a,
                   getCudaDataType(types.a), static_cast<int>(shape.lda), &beta,
                   c, getCudaDataType(types.c), static_cast<int>(shape.ldc),
                   computeType, CUBLAS_GEMM_DEFAULT));
  return Error::success();
}

Error CublasReference::gemm(const GemmProblem &problem, const void *a,
                            const void *b, void *c) {
  auto at = [&](const void *base, Operand operand) {
    const OperandView &view = problem.getView(operand);
    return static_cast<const char *>(base) +
           view.offset * static_cast<int64_t>(getElementSize(view.type));
  };
  // cuBLAS is column-major: a row-major view is the transpose of the
  // column-major one. For a row-major C, compute C^T = B^T * A^T instead.
  bool rowMajorC = problem.c.layout == MatrixLayout::Row;
  const OperandView &first = rowMajorC ? problem.b : problem.a;
  const OperandView &second = rowMajorC ? problem.a : problem.b;
  MatrixLayout untransposed = rowMajorC ? MatrixLayout::Row : MatrixLayout::Col;
  cublasOperation_t firstOp =
      first.layout == untransposed ? CUBLAS_OP_N : CUBLAS_OP_T;
  cublasOperation_t secondOp =
      second.layout == untransposed ? CUBLAS_OP_N : CUBLAS_OP_T;
  int rows = static_cast<int>(rowMajorC ? problem.n : problem.m);
  int cols = static_cast<int>(rowMajorC ? problem.m : problem.n);
  const float alpha = static_cast<float>(problem.epilogue.alpha);
  const float beta = static_cast<float>(problem.epilogue.beta);
  GEMM_CUDA_TRY(cublasGemmStridedBatchedEx(
      handle, firstOp, secondOp, rows, cols, static_cast<int>(problem.k),
      &alpha, at(rowMajorC ? b : a, rowMajorC ? Operand::B : Operand::A),
      getCudaDataType(first.type), static_cast<int>(first.ld),
      first.batchStride,
      at(rowMajorC ? a : b, rowMajorC ? Operand::A : Operand::B),
      getCudaDataType(second.type), static_cast<int>(second.ld),
      second.batchStride, &beta,
      const_cast<char *>(at(c, Operand::C)), getCudaDataType(problem.c.type),
      static_cast<int>(problem.c.ld), problem.c.batchStride,
      static_cast<int>(problem.batchCount), computeType, CUBLAS_GEMM_DEFAULT));
  return Error::success();
}

} // namespace runtime
} // namespace gemm_opt
