//===- SimtTileCopies.h - global → shared copies of the SIMT path -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// How tile-simt-mma moves one K tile of A (BM×BK) and B (BK×BN) into a
// stage of shared memory, where both are stored K row by K row: A
// transposed (BK rows of BM + pad floats: a thread's 4 consecutive M values
// are one 128-bit load), B as it is (BK rows of BN + pad).
//
// Each operand's copy depends on how it is stored in global memory
// (SimtOperandTiles), not on which operand it is:
// - Rows along the tile's rows (K×X: a row-major B, a column-major A, read
//   as its transpose): 16-byte cp.async, consecutive threads on consecutive
//   chunks of a row.
// - Rows along K (X×K: a row-major A, a column-major B, read as its
//   transpose), by 4-byte cp.async: each copy moves one element into its
//   transposed place, so nothing passes through registers and several K
//   tiles can be in flight. A warp's 32 copies read 8 consecutive K values
//   (one 32-byte sector) of 4 rows and write banks 4k + x, which with
//   X + pad ≡ 4 (mod 32) floats per row (#tile.pad<4> at BM or BN = 128 or
//   256) are 32 distinct banks.
// - A row-major A in 2-stage schedules goes through registers instead: one
//   128-bit global load of 4 consecutive K values per chunk, stored later
//   down 4 rows of A^T with 4-byte shared stores.
//
// Two kinds of copies, each for a main loop of its own (tile-simt-mma
// picks one per block):
// - Interior: the block's tiles lie inside A and B, K is a multiple of BK
//   and the rows that 16-byte copies or loads read are 16-byte aligned:
//   the copies above, with no tests.
// - Guarded: any block, any M, N, K ≥ 1, any pitch: every copy is a 4-byte
//   cp.async (a 16-byte chunk as four). A row of A past M reads row 0
//   instead, a column of B past N column 0 (what they hold only reaches
//   rows and columns of C that are never stored). The K tiles are laid out
//   so that only the first one is partial: K tile t covers K values
//   t·BK - shift ..+BK, shift = ceil(K/BK)·BK - K, and the first tile's
//   copies zero-fill the K values below 0 (cp.async's source size 0), in A
//   and in B. The pipeline copies tile 0 once, in its prologue; its other
//   copies (of tiles 1 and on) need no test, except that with a single K
//   tile they must read nothing (SimtCopyOperands::severalTiles: source
//   size 0, from K = lowerK; such a copy's address may lie past K, and
//   nothing is read from it).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_SIMT_SIMTTILECOPIES_H
#define GEMM_OPT_PASSES_SIMT_SIMTTILECOPIES_H

#include "passes/common/MatrixRows.h"

#include "dialect/TileDialect.h"
#include "mlir/IR/PatternMatch.h"

namespace gemm_opt {

/// One operand's tiles: where they are in global memory and where their
/// stages are in shared memory (BK rows of X + pad floats each, X = BM for
/// A, BN for B).
struct SimtOperandTiles {
  /// The operand as stored, unit stride along its rows: A or B itself when
  /// row-major, its transposed view when column-major.
  MatrixRows stored;
  /// Whether `stored`'s rows run along K (X×K: a row-major A, a
  /// column-major B) rather than along X (K×X).
  bool kAlongRows;
  /// The block tile's first row of A or column of B.
  mlir::Value base;
  /// The stages, stages×BK×(X + pad) f32.
  mlir::Value shared;

  /// M for A, N for B.
  mlir::Value extent() const { return kAlongRows ? stored.rows : stored.cols; }
};

/// Where a block's operand tiles come from and go to.
struct SimtCopyOperands {
  /// The first K.
  mlir::Value lowerK;
  /// ceil(K/BK)·BK - K: how far the first K tile reaches below lowerK.
  mlir::Value kShift;
  /// Whether there are 2 or more K tiles (i1): else copies of a K tile
  /// other than the first read nothing.
  mlir::Value severalTiles;
  /// gpu.thread_id x.
  mlir::Value threadId;
  SimtOperandTiles a, b;
};

/// Which copies a main loop makes (see the top of the file).
enum class SimtCopyKind { Interior, Guarded };

class SimtTileCopies {
public:
  SimtTileCopies(mlir::OpBuilder &b, mlir::Location loc,
                 tile::ScheduleAttr schedule, const SimtCopyOperands &operands,
                 SimtCopyKind kind)
      : b(b), loc(loc), schedule(schedule), operands(operands), kind(kind) {}

  /// Whether A reaches shared memory through registers (loadTileA +
  /// storeTileA) rather than by cp.async (copyTileA).
  bool stagesAThroughRegisters() const {
    return kind == SimtCopyKind::Interior &&
           stagesThroughRegisters(schedule, operands.a);
  }
  /// Whether Interior copies of `a` (the A operand) take it through
  /// registers: a row-major A in a 2-stage schedule.
  static bool stagesThroughRegisters(tile::ScheduleAttr schedule,
                                     const SimtOperandTiles &a) {
    return schedule.getStages() == 2 && a.kAlongRows;
  }

  /// This thread's 128-bit chunks of A's K tile `kTile` (Interior only).
  llvm::SmallVector<mlir::Value> loadTileA(mlir::Value kTile);
  /// Writes the chunks of loadTileA into `stage` of A^T.
  void storeTileA(llvm::ArrayRef<mlir::Value> chunks, mlir::Value stage);
  /// Starts the cp.async copies of this thread's part of A's K tile
  /// `kTile` into `stage` of A^T (`firstTile`: K tile 0, whose Guarded
  /// copies zero-fill below K = 0).
  void copyTileA(mlir::Value kTile, mlir::Value stage, bool firstTile) {
    copyTile(operands.a, schedule.getBlockM(), kTile, stage, firstTile);
  }
  /// The same for B's K tile `kTile`.
  void copyTileB(mlir::Value kTile, mlir::Value stage, bool firstTile) {
    copyTile(operands.b, schedule.getBlockN(), kTile, stage, firstTile);
  }

private:
  mlir::Value index(int64_t v);
  mlir::Value add(mlir::Value lhs, int64_t rhs);
  /// The first K value of tile `kTile` (Guarded: shifted by kShift).
  mlir::Value kOffset(mlir::Value kTile);
  std::pair<mlir::Value, mlir::Value> chunkCoordinates(int64_t i, int64_t cols);
  int64_t chunksPerThread(int64_t rows, int64_t cols) const;
  /// `value` where it is below `bound` (unsigned), else 0.
  mlir::Value insideOrZero(mlir::Value value, mlir::Value bound);
  /// The first K value of tile `kTile` that copies read: with a single K
  /// tile, a later tile's copies read nothing, from lowerK.
  mlir::Value copyOffset(mlir::Value kTile, bool firstTile);
  /// Elements (index, 1 or 0) a Guarded 4-byte copy at K value `k` reads:
  /// in the first tile 1 inside K (and `k` moves to lowerK outside it), in
  /// a later one 1 where there are several K tiles.
  mlir::Value guardK(mlir::Value &k, bool firstTile);
  /// The copies of `tiles`' K tile (`extent` = X, BM or BN) by how it is
  /// stored: one element a copy into its transposed place where its rows
  /// run along K (copyAcrossRows), 16-byte chunks where they run along X
  /// (copyAlongRows).
  void copyTile(const SimtOperandTiles &tiles, int64_t extent,
                mlir::Value kTile, mlir::Value stage, bool firstTile);
  void copyAcrossRows(const SimtOperandTiles &tiles, int64_t extent,
                      mlir::Value kTile, mlir::Value stage, bool firstTile);
  void copyAlongRows(const SimtOperandTiles &tiles, int64_t extent,
                     mlir::Value kTile, mlir::Value stage, bool firstTile);
  /// One cp.async of `elements` (1 or 4) f32 from `matrix`[row, col] into
  /// `shared`[sharedIndices], of which `source` (index; all when null) are
  /// read and the rest zero-filled.
  void copy(mlir::Value matrix, mlir::Value row, mlir::Value col,
            mlir::Value shared, mlir::ValueRange sharedIndices,
            int64_t elements, mlir::Value source);

  mlir::OpBuilder &b;
  mlir::Location loc;
  tile::ScheduleAttr schedule;
  SimtCopyOperands operands;
  SimtCopyKind kind;
};

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_SIMT_SIMTTILECOPIES_H
