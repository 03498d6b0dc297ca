//===- GemmArguments.h - one GEMM launch's operands -------------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_JIT_GEMMARGUMENTS_H
#define GEMM_OPT_JIT_GEMMARGUMENTS_H

#include <cstdint>
#include <optional>

namespace gemm_opt {
namespace jit {

/// D = activation(alpha * A·B + beta * C + bias) + residual, written over
/// C; A is M x K, B is K x N, C is M x N, all row-major in device memory,
/// leading dimensions in elements (0: packed). What is fused is the
/// compiled schedule's `#tile.epilogue`: alpha/beta only with
/// `alpha_beta = true` (otherwise alpha must be 1 and beta 0), bias (M
/// elements for `bias = row`, N for `column`, C's type) exactly when the
/// schedule has one, residual (M x N, C's type and leading dimension)
/// exactly when it has `residual = true`.
///
/// A batched schedule (a tile.gemm on 3-D operands) runs `batch` such GEMMs,
/// C[b] = A[b]·B[b], each operand's entries its batch stride apart (in
/// elements; unset: packed, ld times the rows; A and B may be 0, one matrix
/// for every entry). The residual then holds one matrix per entry, C's
/// batch stride apart. Other schedules take batch 1 only.
struct GemmArguments {
  const void *a = nullptr;
  const void *b = nullptr;
  void *c = nullptr;
  int64_t m = 0, n = 0, k = 0;
  int64_t lda = 0, ldb = 0, ldc = 0;
  float alpha = 1.0f;
  float beta = 0.0f;
  const void *bias = nullptr;     ///< M or N elements of C's type, or null.
  /// M x N, ld = ldc, C's type (batched: per entry, C's batch stride
  /// apart), or null.
  const void *residual = nullptr;
  int64_t batch = 1;
  std::optional<int64_t> batchStrideA, batchStrideB, batchStrideC;
};

} // namespace jit
} // namespace gemm_opt

#endif // GEMM_OPT_JIT_GEMMARGUMENTS_H
