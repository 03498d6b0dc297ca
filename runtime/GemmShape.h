//===- GemmShape.h - Problem shapes and their checks -----------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// C[M x N] = A[M x K] * B[K x N], each operand row- or column-major (the
// kernel's bundle says which it was compiled for), with leading dimensions
// (in elements) at least the operand's minor extent: for row-major
// operands lda >= K, ldb >= N, ldc >= N; for column-major ones lda >= M,
// ldb >= K, ldc >= M.
//
// A batched shape runs `batch` such GEMMs, C[b] = A[b] * B[b], each
// operand's entries its batch stride (in elements) apart: at least the
// matrix span (ld * major extent) so that entries do not overlap, or 0 for
// A or B (one matrix read by every entry). Batches need a batched kernel
// (BatchedKernelSpec.h).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_GEMMSHAPE_H
#define GEMM_OPT_RUNTIME_GEMMSHAPE_H

#include "runtime/KernelSpec.h"

#include "llvm/Support/Error.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace gemm_opt {
namespace runtime {

struct GemmShape {
  int64_t m = 0;
  int64_t n = 0;
  int64_t k = 0;
  int64_t lda = 0;
  int64_t ldb = 0;
  int64_t ldc = 0;
  MatrixLayouts layouts;
  /// Batch entries, and the elements between consecutive entries of each
  /// operand (see the file comment).
  int64_t batch = 1;
  int64_t batchStrideA = 0, batchStrideB = 0, batchStrideC = 0;

  /// A one-entry shape with packed leading dimensions where ld* is 0 (and
  /// packed batch strides).
  static GemmShape get(int64_t m, int64_t n, int64_t k, int64_t lda = 0,
                       int64_t ldb = 0, int64_t ldc = 0,
                       MatrixLayouts layouts = {});

  /// This shape with `count` batch entries and the given batch strides;
  /// each unset stride is packed (the operand's matrix span).
  GemmShape withBatch(int64_t count,
                      std::optional<int64_t> strideA = std::nullopt,
                      std::optional<int64_t> strideB = std::nullopt,
                      std::optional<int64_t> strideC = std::nullopt) const;

  int64_t getBatchStride(Operand operand) const;
  int64_t &getBatchStride(Operand operand);

  int64_t getExtent(ProblemDim dim) const;
  /// 2 * M * N * K per batch entry.
  double getFlops() const;
  /// "4096x4096x4096", with " batch B" for several entries.
  std::string str() const;
};

/// Rows, columns and leading dimension of an operand's matrix as stored:
/// a column-major operand's stored rows are its logical columns (a
/// column-major A has K stored rows of M elements each).
struct OperandLayout {
  int64_t rows = 0;
  int64_t cols = 0;
  int64_t ld = 0;
  /// Bytes of a buffer holding it: rows * ld * elementSize.
  uint64_t getBufferBytes(size_t elementSize) const {
    return static_cast<uint64_t>(rows) * static_cast<uint64_t>(ld) *
           elementSize;
  }
  /// Elements one matrix spans: rows * ld.
  int64_t getMatrixSpan() const { return rows * ld; }
};
OperandLayout getOperandLayout(const GemmShape &shape, Operand operand);

/// Elements a buffer holding every batch entry of `operand` needs:
/// (batch - 1) * batch stride + the matrix span.
int64_t getOperandBufferElements(const GemmShape &shape, Operand operand);

/// The logical rows and columns of an operand (A: M x K, B: K x N, C: M x N).
std::pair<int64_t, int64_t> getLogicalExtents(const GemmShape &shape,
                                              Operand operand);

/// Checks that the shape makes sense on its own: positive sizes and batch
/// count, ld* large enough, batch strides that keep entries apart (A and B
/// may also be 0), buffers of sane size.
llvm::Error verifyShape(const GemmShape &shape);

/// Checks that `spec` can run `shape`: the operand layouts the kernel was
/// compiled for, divisibility by the kernel's block tiles ("ragged shapes
/// are not supported yet: ..."), row pitches that keep each operand's
/// alignment (getOperandAlignmentBytes: min_alignment_bytes, except for A
/// and B read through TMA, which the runtime stages), a batched kernel for
/// several batch entries, and the TMA requirements of its tensor maps.
llvm::Error checkShapeSupported(const KernelSpec &spec, const GemmShape &shape);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_GEMMSHAPE_H
