//===- CublasLtEpilogue.cpp - cuBLASLt matmul with a fused epilogue -------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/CublasLtEpilogue.h"

#include "runtime/CudaCheck.h"
#include "runtime/RuntimeError.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>

using namespace llvm;

namespace gemm_opt {
namespace runtime {

CublasLtEpilogueChoice chooseCublasLtEpilogue(const FusedEpilogueSpec &spec) {
  CublasLtEpilogueChoice choice;
  if (spec.alphaBeta || spec.residual) {
    choice.reason = "cuBLASLt has no epilogue matching " + spec.describe() +
                    " (only bias and relu/gelu_tanh are compared)";
    return choice;
  }
  if (spec.bias == EpilogueBias::Row) {
    choice.reason =
        "cuBLASLt's bias follows the rows of its column-major D, i.e. the "
        "columns of the row-major C (bias = column); bias = row has no "
        "cuBLASLt epilogue";
    return choice;
  }
  bool bias = spec.bias == EpilogueBias::Column;
  switch (spec.activation) {
  case EpilogueActivation::None:
    choice.epilogue = bias ? CUBLASLT_EPILOGUE_BIAS : CUBLASLT_EPILOGUE_DEFAULT;
    break;
  case EpilogueActivation::Relu:
    choice.epilogue =
        bias ? CUBLASLT_EPILOGUE_RELU_BIAS : CUBLASLT_EPILOGUE_RELU;
    break;
  case EpilogueActivation::GeluTanh:
    choice.epilogue =
        bias ? CUBLASLT_EPILOGUE_GELU_BIAS : CUBLASLT_EPILOGUE_GELU;
    break;
  case EpilogueActivation::GeluErf:
    choice.reason = "cuBLASLt's GELU is the tanh approximation; gelu_erf has "
                    "no cuBLASLt epilogue";
    break;
  case EpilogueActivation::Silu:
    choice.reason = "silu has no cuBLASLt epilogue";
    break;
  }
  return choice;
}

std::string getCublasLtEpilogueName(cublasLtEpilogue_t epilogue) {
  switch (epilogue) {
  case CUBLASLT_EPILOGUE_DEFAULT:
    return "DEFAULT";
  case CUBLASLT_EPILOGUE_BIAS:
    return "BIAS";
  case CUBLASLT_EPILOGUE_RELU:
    return "RELU";
  case CUBLASLT_EPILOGUE_RELU_BIAS:
    return "RELU_BIAS";
  case CUBLASLT_EPILOGUE_GELU:
    return "GELU";
  case CUBLASLT_EPILOGUE_GELU_BIAS:
    return "GELU_BIAS";
  default:
    return "epilogue " + std::to_string(static_cast<int>(epilogue));
  }
}

Expected<CublasLtEpilogue>
CublasLtEpilogue::create(const GemmShape &shape, const GemmTypes &types,
                         cublasLtEpilogue_t epilogue, const void *bias,
                         cudaStream_t stream) {
  CublasLtEpilogue lt;
  lt.stream = stream;
  Expected<DeviceBuffer> workspace =
      DeviceBuffer::allocate(CublasReference::WorkspaceBytes);
  if (!workspace)
    return workspace.takeError();
  lt.workspace = std::move(*workspace);
  GEMM_CUDA_TRY(cublasLtCreate(&lt.handle));

  GEMM_CUDA_TRY(
      cublasLtMatmulDescCreate(&lt.operation, CUBLAS_COMPUTE_32F, CUDA_R_32F));
  cublasOperation_t noTranspose = CUBLAS_OP_N;
  GEMM_CUDA_TRY(cublasLtMatmulDescSetAttribute(
      lt.operation, CUBLASLT_MATMUL_DESC_TRANSA, &noTranspose,
      sizeof(noTranspose)));
  GEMM_CUDA_TRY(cublasLtMatmulDescSetAttribute(
      lt.operation, CUBLASLT_MATMUL_DESC_TRANSB, &noTranspose,
      sizeof(noTranspose)));
  GEMM_CUDA_TRY(cublasLtMatmulDescSetAttribute(
      lt.operation, CUBLASLT_MATMUL_DESC_EPILOGUE, &epilogue,
      sizeof(epilogue)));
  if (epilogue & CUBLASLT_EPILOGUE_BIAS) {
    if (!bias)
      return makeBadInputError("cuBLASLt epilogue " +
                               getCublasLtEpilogueName(epilogue) +
                               " needs a bias vector");
    GEMM_CUDA_TRY(cublasLtMatmulDescSetAttribute(
        lt.operation, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &bias,
        sizeof(bias)));
    int32_t biasType = getCudaDataType(types.c);
    GEMM_CUDA_TRY(cublasLtMatmulDescSetAttribute(
        lt.operation, CUBLASLT_MATMUL_DESC_BIAS_DATA_TYPE, &biasType,
        sizeof(biasType)));
  }

  // Column-major: D' (N×M) = B' (N×K) · A' (K×M); see the header.
  auto u64 = [](int64_t value) { return static_cast<uint64_t>(value); };
  GEMM_CUDA_TRY(cublasLtMatrixLayoutCreate(&lt.aLayout,
                                           getCudaDataType(types.b),
                                           u64(shape.n), u64(shape.k),
                                           shape.ldb));
  GEMM_CUDA_TRY(cublasLtMatrixLayoutCreate(&lt.bLayout,
                                           getCudaDataType(types.a),
                                           u64(shape.k), u64(shape.m),
                                           shape.lda));
  GEMM_CUDA_TRY(cublasLtMatrixLayoutCreate(&lt.dLayout,
                                           getCudaDataType(types.c),
                                           u64(shape.n), u64(shape.m),
                                           shape.ldc));

  cublasLtMatmulPreference_t preference = nullptr;
  GEMM_CUDA_TRY(cublasLtMatmulPreferenceCreate(&preference));
  uint64_t workspaceBytes = lt.workspace.size();
  cublasStatus_t status = cublasLtMatmulPreferenceSetAttribute(
      preference, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &workspaceBytes,
      sizeof(workspaceBytes));
  cublasLtMatmulHeuristicResult_t heuristic = {};
  int found = 0;
  if (status == CUBLAS_STATUS_SUCCESS)
    status = cublasLtMatmulAlgoGetHeuristic(
        lt.handle, lt.operation, lt.aLayout, lt.bLayout, lt.dLayout,
        lt.dLayout, preference, 1, &heuristic, &found);
  (void)cublasLtMatmulPreferenceDestroy(preference);
  GEMM_CUDA_TRY(status);
  if (found == 0)
    return makeCudaFailureError(
        "cuBLASLt has no algorithm for epilogue " +
        getCublasLtEpilogueName(epilogue) + " with these types at " +
        Twine(shape.m) + "x" + Twine(shape.n) + "x" + Twine(shape.k));
  lt.algo = heuristic.algo;

  int32_t id = 0, splitK = 0;
  uint32_t tile = 0, stages = 0;
  size_t written = 0;
  (void)cublasLtMatmulAlgoConfigGetAttribute(
      &lt.algo, CUBLASLT_ALGO_CONFIG_ID, &id, sizeof(id), &written);
  (void)cublasLtMatmulAlgoConfigGetAttribute(
      &lt.algo, CUBLASLT_ALGO_CONFIG_TILE_ID, &tile, sizeof(tile), &written);
  (void)cublasLtMatmulAlgoConfigGetAttribute(
      &lt.algo, CUBLASLT_ALGO_CONFIG_STAGES_ID, &stages, sizeof(stages),
      &written);
  (void)cublasLtMatmulAlgoConfigGetAttribute(
      &lt.algo, CUBLASLT_ALGO_CONFIG_SPLITK_NUM, &splitK, sizeof(splitK),
      &written);
  raw_string_ostream(lt.algorithm)
      << "algo " << id << ", tile " << tile << ", stages " << stages
      << ", split-K " << splitK << ", waves "
      << format("%.2f", heuristic.wavesCount) << ", workspace "
      << heuristic.workspaceSize << " B";
  return std::move(lt);
}

Error CublasLtEpilogue::run(const void *a, const void *b, void *d) {
  const float alpha = 1.0f;
  const float beta = 0.0f;
  // A' is B and B' is A (the column-major swap); C = D with beta 0.
  GEMM_CUDA_TRY(cublasLtMatmul(handle, operation, &alpha, b, aLayout, a,
                               bLayout, &beta, d, dLayout, d, dLayout, &algo,
                               workspace.data(), workspace.size(), stream));
  return Error::success();
}

size_t CublasLtEpilogue::getVersion() const { return cublasLtGetVersion(); }

} // namespace runtime
} // namespace gemm_opt
