//===- MatrixLayouts.h - row- and column-major operands of tile.gemm -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The major order of each operand of tile.gemm is its memref layout, the
// MLIR way: a matrix with unit stride in its last dimension (the identity
// layout, strided<[?, 1]>) is row-major, one with unit stride in its first
// dimension (strided<[1, ?]>) is column-major. The logical shape stays
// A: M×K, B: K×N, C: M×N either way. tile-outline-kernel records the three
// orders on the kernel (passes/common/KernelAttributes.h), so that the lowering
// and the launch metadata read them after the memref types are gone.
//
// A batched tile.gemm has 3-D operands, batch × rows × columns, the batch
// dimension first with its stride the distance between batch entries
// (strided<[?, ?, 1]> row-major, strided<[?, 1, ?]> column-major); the major
// order is that of the last two dimensions.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_DIALECT_MATRIXLAYOUTS_H
#define GEMM_OPT_DIALECT_MATRIXLAYOUTS_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Support/LLVM.h"

#include <optional>

namespace gemm_opt::tile {

enum class MatrixOrder { row, col };

/// "row" or "col" (the bundle metadata's spelling).
llvm::StringRef stringifyMatrixOrder(MatrixOrder order);
std::optional<MatrixOrder> parseMatrixOrder(llvm::StringRef name);

/// The major order of the 2-D `type` (of each matrix of a 3-D batch ×
/// rows × columns `type`): row-major with unit stride in its last
/// dimension, else column-major with unit stride in its rows dimension;
/// nullopt for any other layout or rank.
std::optional<MatrixOrder> getMatrixOrder(mlir::MemRefType type);

/// The layout of a kernel's matrix argument of `order`: strided<[?, 1],
/// offset: ?> (row) or strided<[1, ?], offset: ?> (col); with `batched`,
/// a dynamic batch stride in front (strided<[?, ?, 1], offset: ?> or
/// strided<[?, 1, ?], offset: ?>).
mlir::StridedLayoutAttr getDynamicMatrixLayout(mlir::MLIRContext *ctx,
                                               MatrixOrder order,
                                               bool batched = false);

/// The major orders of A, B and C.
struct GemmLayouts {
  MatrixOrder a = MatrixOrder::row;
  MatrixOrder b = MatrixOrder::row;
  MatrixOrder c = MatrixOrder::row;

  bool isAllRowMajor() const {
    return a == MatrixOrder::row && b == MatrixOrder::row &&
           c == MatrixOrder::row;
  }
  /// "a = row, b = col, c = row", for diagnostics.
  std::string str() const;
  /// The layouts of C^T = B^T·A^T on the same memory: (flip b, flip a,
  /// flip c).
  GemmLayouts getTransposed() const;
};

/// The layouts of the operand types, or nullopt (and the failing operand's
/// name in `failing`) when one is neither row- nor column-major.
std::optional<GemmLayouts> getGemmLayouts(mlir::MemRefType a,
                                          mlir::MemRefType b,
                                          mlir::MemRefType c,
                                          llvm::StringRef *failing = nullptr);

} // namespace gemm_opt::tile

#endif // GEMM_OPT_DIALECT_MATRIXLAYOUTS_H
