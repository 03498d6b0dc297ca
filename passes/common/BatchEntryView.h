//===- BatchEntryView.h - one matrix of a batched operand -------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The operands of a batched tile.gemm are 3-D memrefs, batch × rows ×
// columns (dialect/MatrixLayouts.h). A kernel computes on one batch entry at
// a time through its 2-D view: a rank-reducing memref.subview at
// [batch, 0, 0] of sizes [1, rows, columns], which keeps the matrix's major
// order and leading dimension and moves its offset by batch · batch stride.
// tile-block-tile makes these views (at blockIdx.z) and everything after it
// reads matrices as before; tile-warp-specialize finds the batch entry and
// the 3-D operand back through matchBatchEntryView.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_COMMON_BATCHENTRYVIEW_H
#define GEMM_OPT_PASSES_COMMON_BATCHENTRYVIEW_H

#include "mlir/IR/Builders.h"

#include <optional>

namespace gemm_opt {

/// The 2-D view of entry `batch` of the 3-D `batched` memref.
mlir::Value viewBatchEntry(mlir::OpBuilder &b, mlir::Location loc,
                           mlir::Value batched, mlir::Value batch);

/// What viewBatchEntry made a view of.
struct BatchEntry {
  mlir::Value batched;      ///< The 3-D memref.
  mlir::OpFoldResult batch; ///< The entry's index.
};

/// The batched operand and entry of `matrix` when it is a view made by
/// viewBatchEntry, else nullopt.
std::optional<BatchEntry> matchBatchEntryView(mlir::Value matrix);

/// Rows (`dim` 0) or columns (1) of `matrix`, a matrix or a batch of them.
mlir::Value getMatrixExtent(mlir::OpBuilder &b, mlir::Location loc,
                            mlir::Value matrix, unsigned dim);

/// The batch operands of a batched kernel (null when it is not batched).
struct BatchedOperands {
  mlir::Value a, b, c;
  explicit operator bool() const { return static_cast<bool>(c); }
};

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_COMMON_BATCHENTRYVIEW_H
