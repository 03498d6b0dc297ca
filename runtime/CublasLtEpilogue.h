//===- CublasLtEpilogue.h - cuBLASLt matmul with a fused epilogue -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The vendor's fused epilogue, for gemm-run --compare-epilogue: one
// cublasLtMatmul with CUBLASLT_EPILOGUE_{BIAS, RELU, RELU_BIAS, GELU,
// GELU_BIAS}, CUBLAS_COMPUTE_32F, a 32 MiB workspace and the first
// (best) algorithm of cublasLtMatmulAlgoGetHeuristic.
//
// Which bias this is. gemm-opt's C is row-major M×N; cuBLAS(Lt) is
// column-major, so the row-major product is computed as the column-major
//
//   D' (N×M, ld ldc) = B' (N×K, ld ldb) · A' (K×M, ld lda),
//
// where D' = Cᵀ, B' = Bᵀ and A' = Aᵀ are the same bytes. cuBLASLt's bias
// vector has "matrix D rows" entries and is broadcast along D's columns:
// D'(i, j) += bias[i] for i < N. Row i of D' is column i of the row-major C,
// so Lt's bias is bias[col] with N entries — gemm-opt's `bias = column`.
// gemm-opt's `bias = row` (bias[row], M entries) would be a bias per column
// of D', which cuBLASLt's epilogues do not have: it is not compared.
//
// cuBLASLt's GELU is the tanh approximation
// 0.5·x·(1 + tanh(√(2/π)·(x + 0.044715·x³))), gemm-opt's gelu_tanh; erf-GELU
// and SiLU have no cuBLASLt epilogue. Lt applies bias, then the
// activation, to the fp32 result and rounds once to D's type, as the fused
// epilogue does; the bias has C's element type
// (CUBLASLT_MATMUL_DESC_BIAS_DATA_TYPE).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_CUBLASLTEPILOGUE_H
#define GEMM_OPT_RUNTIME_CUBLASLTEPILOGUE_H

#include "runtime/CublasLtMatmulObjects.h"
#include "runtime/CublasReference.h"
#include "runtime/DeviceBuffer.h"
#include "runtime/FusedEpilogueSpec.h"
#include "runtime/GemmShape.h"

#include "llvm/Support/Error.h"

#include <cublasLt.h>

#include <optional>
#include <string>

namespace gemm_opt {
namespace runtime {

/// The cuBLASLt epilogue computing the same D as `spec`, or the reason there
/// is none.
struct CublasLtEpilogueChoice {
  std::optional<cublasLtEpilogue_t> epilogue;
  std::string reason; ///< Why there is none (empty when there is one).
};
CublasLtEpilogueChoice chooseCublasLtEpilogue(const FusedEpilogueSpec &spec);

/// "GELU_BIAS", "RELU", "DEFAULT", ... (the enumerator without its
/// CUBLASLT_EPILOGUE_ prefix).
std::string getCublasLtEpilogueName(cublasLtEpilogue_t epilogue);

/// A planned cublasLtMatmul: handle, descriptors and the heuristic's
/// algorithm for one shape, types, epilogue and bias pointer (RAII,
/// move-only).
class CublasLtEpilogue : CublasLtMatmulObjects {
public:
  /// Plans D = epilogue(A·B (+ bias)) for the row-major `shape` (see the
  /// file comment for the column-major mapping). `bias` is the device vector
  /// of N entries of `types.c` (null without a bias). Fails with a
  /// CudaFailure error when cuBLASLt has no algorithm for it.
  static llvm::Expected<CublasLtEpilogue>
  create(const GemmShape &shape, const GemmTypes &types,
         cublasLtEpilogue_t epilogue, const void *bias, cudaStream_t stream);

  CublasLtEpilogue(CublasLtEpilogue &&other) noexcept = default;
  CublasLtEpilogue &operator=(CublasLtEpilogue &&) = delete;
  CublasLtEpilogue(const CublasLtEpilogue &) = delete;
  CublasLtEpilogue &operator=(const CublasLtEpilogue &) = delete;
  ~CublasLtEpilogue() = default;

  /// Enqueues the matmul writing `d` (row-major M×N, ld ldc).
  llvm::Error run(const void *a, const void *b, void *d);

  /// The chosen algorithm: "algo 66, tile 20, stages 12, split-K 1, waves
  /// 0.97", from cublasLtMatmulAlgoConfigGetAttribute.
  const std::string &getAlgorithmDescription() const { return algorithm; }
  /// cublasLtGetVersion(), e.g. 130000.
  size_t getVersion() const;

private:
  CublasLtEpilogue() = default;

  cublasLtMatmulAlgo_t algo = {};
  DeviceBuffer workspace;
  cudaStream_t stream = nullptr;
  std::string algorithm;
};

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_CUBLASLTEPILOGUE_H
