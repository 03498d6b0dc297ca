//===- GroupedTileWalk.h - the tiles of every group, compacted --*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The tile order of a grouped GEMM's persistent grid
// (docs/design/grouped-gemm.md): group g has ceil(rows_g / BM) · tilesN
// tiles, rows_g its row count: group_rows[g] clamped to [0, M_max] in the
// masked layout, offsets[g + 1] - offsets[g] (both clamped to [0, T]) in the
// contiguous one, where the group's rows start at offsets[g] of A and C;
// and the tiles of all groups are numbered in one compacted order, group 0's
// first, so a group of 0 rows has none and blocks balance over work, not
// groups. Within a group the tiles go down the M tiles of one N panel before
// the next panel (B's panel stays in L2 while the group's rows stream past),
// or with a raster group above 1 follow the schedule's raster.
//
// The counts are in global memory and only the kernel reads them. Each warp
// that walks finds a tile's group on its own, 32 groups at a time: every lane
// loads one count, a shuffle scan sums the tiles before it, and a ballot
// counts the groups that end at or before the tile. A tile of group g costs
// ceil((g + 1) / 32) such steps, whatever the block; every lane of the warp
// must take part (the producer's one warp and the consumers' warps do).
// The results come back broadcast from lane 0, so ptxas sees them uniform
// (a divergent-looking branch before wgmma serializes it: C7520).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_HOPPER_GROUPEDTILEWALK_H
#define GEMM_OPT_PASSES_HOPPER_GROUPEDTILEWALK_H

#include "dialect/TileDialect.h"
#include "mlir/IR/Builders.h"

namespace gemm_opt {

/// One tile of the compacted order.
struct GroupTile {
  mlir::Value group; ///< Its group (index).
  mlir::Value rows;  ///< The group's valid rows (index).
  /// The group's first row of A and C (index): 0 in the masked layout (each
  /// group has its own matrices), offsets[g] in the contiguous one.
  mlir::Value firstRow;
  mlir::Value tileRow; ///< Its tile row and column within the group (index).
  mlir::Value tileCol;
};

class GroupedTileWalk {
public:
  /// The walk over `counts` (memref<?xi32>): with `contiguous`, the G + 1
  /// group offsets into `maxRows` rows (T); else one count per group, of at
  /// most `maxRows` rows (M_max). `tilesN` tiles along N and block tiles of
  /// `blockM` rows; `schedule`'s raster orders each group's tiles. Creates
  /// no IR.
  GroupedTileWalk(mlir::OpBuilder &b, mlir::Location loc,
                  tile::ScheduleAttr schedule, mlir::Value counts,
                  bool contiguous, mlir::Value maxRows, mlir::Value tilesN,
                  int64_t blockM)
      : b(b), loc(loc), schedule(schedule), counts(counts),
        contiguous(contiguous), maxRows(maxRows), tilesN(tilesN),
        blockM(blockM) {}

  /// The tiles of all groups (index).
  mlir::Value countTiles();
  /// Tile `linear` (index, below countTiles()) of the compacted order.
  GroupTile locate(mlir::Value linear);

private:
  /// The scan of 32 groups from `base` (i32): each lane's group's valid rows
  /// and first row, the tiles of the groups up to and including its own, and
  /// the chunk's total (lane 31's sum, in every lane).
  struct ChunkScan {
    mlir::Value rows, first, inclusive, total;
  };
  /// G (index).
  mlir::Value groupCount(mlir::OpBuilder &builder);
  /// counts[entry] (entry an i32).
  mlir::Value loadCount(mlir::OpBuilder &builder, mlir::Value entry);
  ChunkScan scanChunk(mlir::OpBuilder &builder, mlir::Value base);
  mlir::Value i32(mlir::OpBuilder &builder, int64_t v);
  /// `value` (i32) of lane `lane` (i32), in every lane.
  mlir::Value fromLane(mlir::OpBuilder &builder, mlir::Value value,
                       mlir::Value lane);
  mlir::Value toIndex(mlir::Value v);
  mlir::Value toI32(mlir::Value v);

  mlir::OpBuilder &b;
  mlir::Location loc;
  tile::ScheduleAttr schedule;
  mlir::Value counts;
  bool contiguous;
  mlir::Value maxRows, tilesN;
  int64_t blockM;
};

/// The first `rows` rows (index) of the matrix `entryC`: a grouped tile's C,
/// whose end no store goes past (contiguous: C up to the group's last row).
mlir::Value viewGroupRows(mlir::OpBuilder &b, mlir::Location loc,
                          mlir::Value entryC, mlir::Value rows);

/// Whether the tile at `rowBase` of `blockM` rows ends within the group's
/// `rows` (an i1): only then may TMA store it whole.
mlir::Value tileFitsGroup(mlir::OpBuilder &b, mlir::Location loc,
                          mlir::Value rowBase, int64_t blockM,
                          mlir::Value rows);

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_HOPPER_GROUPEDTILEWALK_H
