//===- GlobalChunkStore.h - short runs of C stored from registers -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The epilogues' last step: a thread holds a few consecutive elements of
// one row of a matrix in global memory (a vector, already in the matrix's
// element type) and stores them with one vector store where the whole run
// lies inside the matrix and its rows allow aligned vector stores, else
// element by element, each store only where it is inside. A column-major C
// goes through its transpose (memref.transpose), whose rows are C's columns.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_EPILOGUE_GLOBALCHUNKSTORE_H
#define GEMM_OPT_PASSES_EPILOGUE_GLOBALCHUNKSTORE_H

#include "passes/common/MatrixRows.h"

#include "mlir/IR/Builders.h"

namespace gemm_opt {

/// Stores of short runs into the rows of one matrix (2-D, unit stride
/// along its second index). The matrix's extents and whether its rows take
/// 16-byte vector stores (its base address and the stride of its first
/// index are multiples of 16 bytes) are computed once, where it is made.
class RowChunkStore {
public:
  RowChunkStore(mlir::OpBuilder &b, mlir::Location loc, mlir::Value matrix);

  /// Stores `values` (vector<n × T>, T the matrix's element type) at
  /// (row, col), ..., (row, col + n - 1): one vector store (aligned to its
  /// size, at most 16 bytes) when the rows take vectors and all n lie inside
  /// the matrix, else one store per element that lies inside it.
  void store(mlir::Value values, mlir::Value row, mlir::Value col);

  /// Adds `values` (f32) onto the elements at (row, col), ...,
  /// (row, col + n - 1) that lie inside the matrix, one atomic add each
  /// (other blocks may add onto the same matrix meanwhile).
  void add(mlir::Value values, mlir::Value row, mlir::Value col);

private:
  /// Calls `body` with each element of `values` and its column, under a
  /// branch taken only where (row, column) lies inside the matrix.
  void forEachInside(
      mlir::Value values, mlir::Value row, mlir::Value col,
      llvm::function_ref<void(mlir::Value element, mlir::Value column)> body);

  mlir::OpBuilder &b;
  mlir::Location loc;
  MatrixRows geometry;
};

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_EPILOGUE_GLOBALCHUNKSTORE_H
