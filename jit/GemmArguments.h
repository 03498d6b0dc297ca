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

/// How a matrix lies in device memory: row-major (row r starts `ld`·r
/// elements in) or column-major (column c starts `ld`·c elements in).
enum class MatrixOrder { RowMajor, ColumnMajor };

/// D = activation(alpha * A·B + beta * C + bias) + residual, written over
/// C; A is M x K, B is K x N, C is M x N in device memory, each in its
/// major order (`orderA`, `orderB`, `orderC`; row-major unless set), the
/// leading dimensions in elements (0: packed). The orders must be the
/// compiled schedule's (its memref layouts), or, for a schedule without a
/// bias whose layouts are all the transposes of these, the launch runs
/// C^T = B^T·A^T. What is fused is the compiled schedule's
/// `#tile.epilogue`: alpha/beta only with `alpha_beta = true` (otherwise
/// alpha must be 1 and beta 0), bias (M elements for `bias = row`, N for
/// `column`, C's type) exactly when the schedule has one, residual (M x N,
/// C's type, order and leading dimension) exactly when it has
/// `residual = true`.
///
/// An FP8 schedule (8-bit A and B with a `#tile.scaling`) reads A
/// row-major and B column-major (a weight stored N x K) and takes f32
/// scales: `scaleA` and `scaleB` point to them, packed in the layout of
/// the scaling's mode (one scalar; M or N entries; block scales of A as
/// M x ceil(K/128) with M contiguous, of B as ceil(K/128) x ceil(N/128)
/// with the K blocks contiguous; docs/jit.md). Other schedules take null
/// scales. An FP8 schedule with an 8-bit C (C = saturate(D · scale_d))
/// takes `scaleD`, one f32 in device memory, and, where it records the
/// amax of D (max |D| before scale_d), `amax`, one f32 in device memory
/// that each launch sets to it (zeroed on the stream first); others take
/// null for both.
///
/// A batched schedule (a tile.gemm on 3-D operands) runs `batch` such GEMMs,
/// C[b] = A[b]·B[b], each operand's entries its batch stride apart (in
/// elements; unset: packed, ld times the rows; A and B may be 0, one matrix
/// for every entry). The residual then holds one matrix per entry, C's
/// batch stride apart; a batched FP8 schedule whose scale operand has a
/// batch dimension takes each entry's scales packed one entry after the
/// other. Other schedules take batch 1 only.
///
/// A grouped schedule (a tile.gemm with group_rows or group_offsets; see
/// docs/design/grouped-gemm.md) runs `groups` (G) products C_g = A_g·B_g
/// of row-major A and C in one launch, the rows of each group given by an
/// int32 array in device memory that only the kernel reads:
///   masked (groupRows, G counts): A is G x M_max x K, C G x M_max x N, B
///     G x K x N (or G x N x K, column-major); m is M_max, and A, C and B
///     are batches, each its batch stride apart (unset: packed). Rows of a
///     group past its count (at most M_max) are not written.
///   contiguous (groupOffsets, G + 1 offsets: 0, ..., T, nondecreasing): A
///     is T x K and C T x N, group g's rows [offsets[g], offsets[g + 1]);
///     m is T; B is the batch of G weights, batchStrideB apart (unset:
///     packed); batchStrideA and batchStrideC stay unset.
/// batch stays 1. A grouped schedule's fused epilogue applies per group:
/// its bias holds one row per group, packed (G x N for `bias = column`,
/// G x M_max for a masked `bias = row`; a contiguous `bias = row` has T
/// entries, one per row of C), and the residual is laid out like C (a
/// masked one C's batch stride apart). The operands are read and written
/// by TMA in place:
/// pointers, row pitches and batch strides multiples of 16 bytes (n and k
/// multiples of 8 for 16-bit types). The grid depends on G, m, n and k
/// only, never on the counts: a launch captured in a CUDA graph replays
/// with whatever counts the array holds when it runs. Other schedules take
/// null group pointers and groups 0.
///
/// Fields are added with defaults that keep earlier callers' meaning, so
/// that the struct can grow into a whole problem description.
struct GemmArguments {
  const void *a = nullptr;
  const void *b = nullptr;
  void *c = nullptr;
  int64_t m = 0, n = 0, k = 0;
  int64_t lda = 0, ldb = 0, ldc = 0;
  float alpha = 1.0f;
  float beta = 0.0f;
  const void *bias =
      nullptr; ///< M or N elements of C's type (grouped: see above), or null.
  /// M x N, ld = ldc, C's type (batched: per entry, C's batch stride
  /// apart), or null.
  const void *residual = nullptr;
  int64_t batch = 1;
  std::optional<int64_t> batchStrideA, batchStrideB, batchStrideC;
  MatrixOrder orderA = MatrixOrder::RowMajor;
  MatrixOrder orderB = MatrixOrder::RowMajor;
  MatrixOrder orderC = MatrixOrder::RowMajor;
  /// An FP8 schedule's f32 scales of A and B (device pointers), or null.
  const void *scaleA = nullptr;
  const void *scaleB = nullptr;
  /// An 8-bit C's f32 output scale and the f32 that receives the amax of D
  /// (device pointers), or null.
  const void *scaleD = nullptr;
  void *amax = nullptr;
  /// A masked grouped schedule's G row counts (device memory), or null.
  const int32_t *groupRows = nullptr;
  /// A contiguous grouped schedule's G + 1 row offsets (device memory), or
  /// null.
  const int32_t *groupOffsets = nullptr;
  /// A grouped schedule's group count G; 0 for other schedules.
  int64_t groups = 0;
};

} // namespace jit
} // namespace gemm_opt

#endif // GEMM_OPT_JIT_GEMMARGUMENTS_H
