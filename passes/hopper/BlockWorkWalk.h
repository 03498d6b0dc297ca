//===- BlockWorkWalk.h - the tiles and K steps a block computes -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Which C tiles, and which of their K steps, one block of the warp-
// specialized wgmma kernel computes, in the order it computes them (its
// producer and its consumers walk the same list):
//
//   - without a persistent grid, the one tile tile-block-tile gave it;
//   - with one, the clusterM × clusterN patches of tiles numbered cluster,
//     cluster + clusters, ... in the schedule's raster order (every entry's
//     patches, entry by entry, for a batched GEMM), the block taking its
//     own tile of each patch (a block is a cluster of one without one);
//   - for a grouped GEMM, every gridDim.x-th tile of the groups' compacted
//     order (passes/hopper/GroupedTileWalk.h);
//   - with stream_k, the segments of its share of the tiles' K steps
//     (passes/hopper/StreamKPartition.h), partitioned over clusters and
//     patches.
//
// A segment's K steps are numbered in the block's pipeline: the stage ring
// (passes/hopper/StageRing.h) uses step n's stage n % S.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_HOPPER_BLOCKWORKWALK_H
#define GEMM_OPT_PASSES_HOPPER_BLOCKWORKWALK_H

#include "passes/common/BatchEntryView.h"
#include "passes/hopper/ClusterMulticast.h"
#include "passes/hopper/GroupedTileWalk.h"
#include "passes/hopper/HopperKernelPlan.h"
#include "passes/hopper/StreamKPartition.h"

#include <optional>

namespace gemm_opt {

/// The C tiles a block computes: the one at (rowBase, colBase), or for a
/// persistent grid every gridDim.x-th tile of the tilesM × tilesN grid
/// (of each batch entry) starting at blockIdx.x.
struct BlockTiles {
  mlir::Value rowBase, colBase;
  mlir::Value tilesM, tilesN;
  /// Batched: the 3-D operands, the entry of the block's one tile (without
  /// a persistent grid) and the entry count.
  BatchedOperands batched;
  mlir::Value batch, batchCount;
  /// Grouped (masked layout): the valid rows of each group (memref<?xi32>);
  /// the batch entries are the groups.
  mlir::Value groupRows;
  /// Grouped (contiguous layout): the G + 1 offsets of the groups' rows
  /// (memref<?xi32>) into A and C, matrices of `totalRows` rows (T), and the
  /// batch of the groups' B matrices; `batched` stays empty.
  mlir::Value groupOffsets, totalRows, groupedB;
};

/// One segment of a block's work: where its tile is and which K steps it
/// covers.
struct BlockSegment {
  mlir::Value rowBase, colBase;
  mlir::Value batch; ///< The batch entry (batched kernels), else null.
  /// Grouped: the rows of the tile's C (from C's row 0), which no store goes
  /// past: its group's valid rows (masked), or its group's end row
  /// (contiguous, where rowBase counts from A's and C's row 0); else null.
  mlir::Value groupRows;
  /// Grouped, contiguous: the tile's group, B's batch entry; else null.
  mlir::Value groupB;
  /// The entry at which the tile's per-entry scales are viewed
  /// (OperandScales::atBatchEntry): its batch entry or its group's B, else
  /// null.
  mlir::Value getScaleEntry() const { return batch ? batch : groupB; }
  WorkSegment work;
};

class BlockWorkWalk {
public:
  /// A block of the kernel planned as `plan` over `tiles` of `kTiles` K
  /// tiles each (split_k: the block's, from K tile `kFirst`; else null),
  /// at `position` in its cluster. Creates no IR.
  BlockWorkWalk(mlir::OpBuilder &b, mlir::Location loc,
                tile::ScheduleAttr schedule, const HopperKernelPlan &plan,
                const BlockTiles &tiles, mlir::Value kTiles, mlir::Value kFirst,
                ClusterPosition position)
      : b(b), loc(loc), schedule(schedule), plan(plan), tiles(tiles),
        kTiles(kTiles), kFirst(kFirst), position(position) {}

  /// Counts the block's tiles and, with stream_k, partitions their K
  /// steps; before any other query.
  void countWork();

  /// Tiles this block computes: 1, or for a persistent grid one per patch
  /// of its cluster (the same count for every block of the cluster, whose
  /// pipelines are coupled by multicast).
  mlir::Value getTileCount() const { return blockTileCount; }
  /// The block's segments: its tiles, or with stream_k the segments of its
  /// share of the K steps.
  mlir::Value getSegmentCount();
  /// Segment `i`. Without stream_k, tile i of the block, all its K tiles
  /// (split_k: the block's).
  BlockSegment getSegment(mlir::Value i);
  /// The block's pipeline step of K step `t` of segment `work`: its step
  /// base plus t (a data-parallel tile: tile · kTiles + t).
  mlir::Value getStep(const WorkSegment &work, mlir::Value t);

private:
  mlir::Value index(int64_t v);
  /// The cluster's index (a block's without clusters) and the number of
  /// clusters in the persistent grid.
  mlir::Value clusterIndex();
  mlir::Value clusterCount();
  /// Patches of clusterM × clusterN tiles along M and N.
  mlir::Value patchesM();
  mlir::Value patchesN();
  mlir::Value countBlockTiles();
  /// The tile row and column of this block's tile in the patch at
  /// `patch` (row, column of patches); the patch itself without a cluster.
  std::pair<mlir::Value, mlir::Value>
  tileInPatch(std::pair<mlir::Value, mlir::Value> patch);
  /// The first row and column of C of the block's tile number `i`, and its
  /// batch entry (null unless batched): its place in the i-th patch of its
  /// cluster. Tiles past C's edges (a patch that sticks out) load zeros and
  /// store nothing.
  std::tuple<mlir::Value, mlir::Value, mlir::Value> tileOrigin(mlir::Value i);
  /// The block's linear tile number `i` of a persistent grid.
  mlir::Value linearTile(mlir::Value i);
  /// Grouped: the walk over the groups' tiles.
  GroupedTileWalk groupedWalk();
  /// A cluster's segment of a patch as this block's segment of its tile of
  /// the patch: tile, slot and counter numbers p become p·S + r (S blocks
  /// per cluster, r this block's rank), so that the blocks of one rank in
  /// every cluster hand their parts to each other. (stream_k = spares: at
  /// most one helper per tile, so the owner's helper slots stay one.)
  WorkSegment tileOfPatch(WorkSegment work);

  mlir::OpBuilder &b;
  mlir::Location loc;
  tile::ScheduleAttr schedule;
  const HopperKernelPlan &plan;
  BlockTiles tiles;
  mlir::Value kTiles, kFirst;
  ClusterPosition position;
  mlir::Value blockTileCount;
  /// stream_k: the block's share of the tiles' K steps.
  std::optional<StreamKPartition> partition;
};

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_HOPPER_BLOCKWORKWALK_H
