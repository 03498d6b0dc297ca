//===- MatrixRows.h - where short runs of a matrix's rows are safe -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A thread of an epilogue touches a few consecutive elements of one row of
// a matrix in global memory (C, or a fused epilogue's residual). One
// vector access serves the whole run where it lies inside the matrix and
// the rows take aligned vectors; otherwise (a ragged edge tile, a pitch or
// base that is not a multiple of 16 bytes) the accesses go element by
// element. MatrixRows holds what that choice needs, computed once where it
// is made: the matrix's extents and whether its rows take 16-byte vectors.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_COMMON_MATRIXROWS_H
#define GEMM_OPT_PASSES_COMMON_MATRIXROWS_H

#include "mlir/IR/Builders.h"

namespace gemm_opt {

/// A 2-D matrix with unit stride along its second index.
struct MatrixRows {
  /// The extents of `matrix` and whether its base address and the stride
  /// of its first index are multiples of 16 bytes.
  static MatrixRows get(mlir::OpBuilder &b, mlir::Location loc,
                        mlir::Value matrix);

  /// Whether (row, col), ..., (row, col + lanes - 1) lie inside the matrix
  /// and take one vector access (i1).
  mlir::Value holdsVector(mlir::OpBuilder &b, mlir::Location loc,
                          mlir::Value row, mlir::Value col,
                          int64_t lanes) const;

  mlir::Value matrix, rows, cols, vectorOk;
};

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_COMMON_MATRIXROWS_H
