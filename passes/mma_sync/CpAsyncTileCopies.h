//===- CpAsyncTileCopies.h - operand tiles of the mma.sync pipeline -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// How tile-pipeline-copies moves one K tile of A (BM×BK) or B (BK×BN), both
// row-major in global memory, into a stage of shared memory: in 16-byte
// chunks, consecutive threads on consecutive chunks of a row.
//
// Three kinds of copies. A kernel whose #tile.pipeline says `ragged = true`
// has its K loop once for each, and a block takes one (a uniform branch);
// other kernels take whole tiles and aligned rows and have the first alone
// (the other loops beside it cost it 10-20 %):
// - Interior: the block's tiles lie inside A and B, K is a multiple of BK
//   and both matrices' rows are 16-byte aligned: one 16-byte cp.async per
//   chunk, no tests.
// - Edge: any other block where both matrices' rows are 16-byte aligned:
//   each chunk is still one 16-byte cp.async, whose source size is the
//   chunk's elements inside the matrix (cp.async fills the rest with
//   zeros; a chunk wholly outside reads nothing, from the matrix's first
//   element).
// - Unaligned: A's or B's rows (or base) are not 16-byte aligned: each
//   element is loaded inside the matrix (zero outside) and the chunk is
//   written to shared memory with one 16-byte store. These loads pass
//   through registers, so their loop is not pipelined (a K tile is loaded,
//   then multiplied): beside the accumulators, a pipeline's fragments and
//   in-flight elements would spill.
// Zeros past K in A and in B make the last, partial K tile add nothing
// there; rows of A past M and columns of B past N only reach rows and
// columns of C that are never stored.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_MMA_SYNC_CPASYNCTILECOPIES_H
#define GEMM_OPT_PASSES_MMA_SYNC_CPASYNCTILECOPIES_H

#include "passes/common/MatrixRows.h"

#include "mlir/IR/Builders.h"

namespace gemm_opt {

/// One operand of the pipeline: the whole matrix and where the block's
/// tile sits in it.
struct CpAsyncOperand {
  /// The kernel's A or B (2-D, unit stride along its second index), its
  /// extents and whether its rows take 16-byte vectors.
  MatrixRows geometry;
  /// The tile's first row and column for the K tile at K = 0.
  mlir::Value rowBase, colBase;
  /// B advances along its rows with K, A along its columns.
  bool kAlongRows;
  /// The tile's extents.
  int64_t rows, cols;
  /// stages × rows × cols in workgroup memory (tile.alloc_shared).
  mlir::Value shared;
};

enum class CpAsyncCopyKind { Interior, Edge, Unaligned };

class CpAsyncTileCopies {
public:
  CpAsyncTileCopies(mlir::OpBuilder &b, mlir::Location loc,
                    mlir::Value threadId, int64_t threads)
      : b(b), loc(loc), threadId(threadId), threads(threads) {}

  /// This thread's copies of the K tile at `kOffset` of `operand` into
  /// `stage`.
  void copyTile(const CpAsyncOperand &operand, mlir::Value kOffset,
                mlir::Value stage, CpAsyncCopyKind kind);

private:
  mlir::Value index(int64_t v);
  /// Elements of the run (row, col), ..., (row, col + lanes - 1) inside
  /// `geometry` (index, 0 .. lanes).
  mlir::Value elementsInside(const MatrixRows &geometry, mlir::Value row,
                             mlir::Value col, int64_t lanes);
  /// The chunk at (row, col) of the whole matrix into `shared`[indices],
  /// element by element, zeros outside the matrix.
  void copyElements(const MatrixRows &geometry, mlir::Value row,
                    mlir::Value col, mlir::Value shared,
                    mlir::ValueRange indices, int64_t lanes);

  mlir::OpBuilder &b;
  mlir::Location loc;
  mlir::Value threadId;
  int64_t threads;
};

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_MMA_SYNC_CPASYNCTILECOPIES_H
