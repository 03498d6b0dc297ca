//===- GemmProblem.h - A GEMM with layouts, batches and epilogue -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The general problem a GEMM library call describes, per batch entry b:
//
//   D_b = act(alpha * A_b * B_b + beta * C_b + bias) + residual
//
// with A_b [M x K], B_b [K x N] and C_b / D_b [M x N] (D is written over C).
// Each operand is a view into a bigger device buffer: a row- or column-major
// layout with a leading dimension at least its minor extent, a batch stride
// between consecutive batch entries (at least the matrix span, or 0 for A
// or B: one matrix for every entry) and an element offset of the first
// element (which may break the buffer's alignment). All counts are in
// elements of the operand's type.
//
// The bias (of C's type, at offset 0 of its own buffer, shared by all batch
// entries) is either a row vector of N values added to every row ("row") or
// a column vector of M values added to every column ("col"). The residual
// (of C's type) is one M x N matrix per batch entry, laid out like C's view
// (its layout, leading dimension and batch stride) in its own buffer, as
// fused kernels take it: entry b's residual is added to D_b. It starts
// residualOffset elements into that buffer (not at C's offset), so that its
// address can break the alignment on its own.
//
// GemmShape (GemmShape.h) is the special case the kernels run today: no
// offsets, alpha 1, beta 0, no bias or activation (and, per kernel, the
// operand layouts it was compiled for; several batch entries only on a
// batched kernel).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_GEMMPROBLEM_H
#define GEMM_OPT_RUNTIME_GEMMPROBLEM_H

#include "runtime/ElementType.h"
#include "runtime/FusedEpilogueSpec.h"
#include "runtime/GemmShape.h"
#include "runtime/KernelParamSpec.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>

namespace gemm_opt {
namespace runtime {

enum class BiasKind { None, Row, Col };
llvm::StringRef getBiasKindName(BiasKind bias); // "none", "row", "col"
std::optional<BiasKind> parseBiasKind(llvm::StringRef name);

struct Epilogue {
  double alpha = 1.0;
  double beta = 0.0;
  BiasKind bias = BiasKind::None;
  /// The fused epilogue's activations (FusedEpilogueSpec.h), with their
  /// fp64 math there (applyActivation).
  EpilogueActivation activation = EpilogueActivation::None;
  /// Adds the residual matrix after the activation.
  bool residual = false;

  /// D = A * B: alpha 1, beta 0, no bias, no activation, no residual.
  bool isIdentity() const {
    return alpha == 1.0 && beta == 0.0 && bias == BiasKind::None &&
           activation == EpilogueActivation::None && !residual;
  }
};

/// Where one operand's matrices lie in its buffer.
struct OperandView {
  ElementType type = ElementType::BF16;
  MatrixLayout layout = MatrixLayout::Row;
  int64_t ld = 0;          ///< Leading dimension, >= the minor extent.
  int64_t batchStride = 0; ///< Between batch entries (unused for 1 entry).
  int64_t offset = 0;      ///< Of element (0, 0) of batch entry 0.
};

struct GemmProblem {
  int64_t m = 1;
  int64_t n = 1;
  int64_t k = 1;
  int64_t batchCount = 1;
  OperandView a, b, c;
  Epilogue epilogue;
  /// The element offset of the residual's element (0, 0) of batch entry 0
  /// in its own buffer (used only with a residual). The residual takes C's
  /// view but not C's offset, so that whether its address is aligned (which
  /// decides whether a kernel may TMA-load it) is drawn apart from C's.
  int64_t residualOffset = 0;

  /// The problem of `shape` (extents, layouts, leading dimensions, batch
  /// count and strides) with these types, no offsets and no epilogue.
  static GemmProblem get(const GemmShape &shape, ElementType aType,
                         ElementType bType, ElementType cType);

  const OperandView &getView(Operand operand) const;
  OperandView &getView(Operand operand);
  /// Logical rows and columns of the operand (A: M x K, B: K x N, C: M x N).
  int64_t getRows(Operand operand) const;
  int64_t getCols(Operand operand) const;
  /// The extent the leading dimension must cover (cols for row-major).
  int64_t getMinorExtent(Operand operand) const;
  /// Elements one batch entry of the operand spans: ld * major extent.
  int64_t getMatrixSpan(Operand operand) const;
  /// Elements the operand's buffer must hold.
  int64_t getBufferElements(Operand operand) const;
  /// Buffer index of element (row, col) of batch entry `batch`.
  int64_t getElementIndex(Operand operand, int64_t batch, int64_t row,
                          int64_t col) const;
  /// Bias elements: N for a row bias, M for a column bias, else 0.
  int64_t getBiasElements() const;
  /// Index into the bias vector for C's element (row, col).
  int64_t getBiasIndex(int64_t row, int64_t col) const;
  /// Residual elements: C's view with residualOffset instead of C's offset
  /// (every batch entry) with a residual, else 0.
  int64_t getResidualElements() const;
  /// Index into the residual's buffer for C's element (row, col) of batch
  /// entry `batch` (residualOffset included).
  int64_t getResidualIndex(int64_t batch, int64_t row, int64_t col) const;

  /// The GemmShape (extents, leading dimensions, layouts, batch count and
  /// strides): the form the kernels' memref and tensor-map parameters take.
  GemmShape getShape() const;

  /// "4096x4096x4096": M x N x K.
  std::string getShapeString() const;
  /// Everything, on one line: shape, batch, types, layouts, ld, strides,
  /// offsets and epilogue.
  std::string str() const;
};

/// Checks that the problem describes valid views: extents and batch count
/// >= 1, ld >= minor extent, batch entries that do not overlap (A and B may
/// have stride 0), offsets >= 0 (the residual's too) and buffers below
/// 1 TiB. BadInput errors.
llvm::Error verifyProblem(const GemmProblem &problem);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_GEMMPROBLEM_H
