//===- StreamKPartition.h - the K steps each persistent block computes -*- C++ -*-===//
//
// How a persistent grid of G blocks shares T tiles of K steps each under
// `#tile.grid<..., stream_k = W>`:
//
//   - data-parallel phase: when T is not a whole number of waves, the first
//     D = max(⌊T/G⌋ + 1 - W, 0)·G tiles (all T when G divides T) go whole to
//     the blocks in turns, block b taking tiles b, b + G, ...; W (the
//     schedule's stream_k) is 1 to share only the partial last wave along K,
//     2 to share the whole wave before it as well (each block then gets
//     between one and two tiles' K steps, so a tile is split between at most
//     two blocks);
//   - stream-K phase: the U = (T - D)·K K steps of the remaining tiles, in
//     tile-major order, are cut into G contiguous ranges, block b taking
//     [⌊bU/G⌋, ⌊(b+1)U/G⌋), so every block does the same work up to one K
//     step. A range crosses tiles: each tile it touches is one segment.
//
// A block walks its segments in order (data-parallel tiles first). A tile
// split between blocks is finished by the block whose segment starts at
// the tile's first K step (its "owner"): that is the last segment of the
// owner's range, and every other block's part of the tile is the first
// segment of its range, so it never waits for anyone and the owner's wait
// always ends (passes/StreamKFixup.h).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_STREAMKPARTITION_H
#define GEMM_OPT_PASSES_STREAMKPARTITION_H

#include "mlir/IR/Builders.h"

namespace gemm_opt {

/// One run of consecutive K steps of one tile.
struct WorkSegment {
  mlir::Value tile;     ///< Linear tile number (the raster order's input).
  mlir::Value kBegin;   ///< First K tile.
  mlir::Value kCount;   ///< K tiles (at least 1).
  mlir::Value stepBase; ///< The block's K steps before this segment.
  /// Whether the segment is all of its tile's K steps.
  mlir::Value whole;
  /// Whether the segment starts at its tile's first K step.
  mlir::Value owner;
  /// Blocks after this one that compute part of the tile (owner only).
  mlir::Value helpers;
};

class StreamKPartition {
public:
  /// Block `block` of `blocks`, `tiles` tiles of `kTiles` K steps, the last
  /// `streamWaves` (1 or 2) waves shared along K.
  StreamKPartition(mlir::OpBuilder &b, mlir::Location loc, mlir::Value tiles,
                   mlir::Value kTiles, mlir::Value block, mlir::Value blocks,
                   int64_t streamWaves);

  /// The block's segments.
  mlir::Value getSegmentCount() const { return segmentCount; }
  /// Its `i`-th segment (0 ≤ i < getSegmentCount()); index values.
  WorkSegment getSegment(mlir::Value i);

private:
  /// An i32 constant (the partition computes in 32 bits).
  mlir::Value index(int64_t v);
  mlir::Value toI32(mlir::Value v);
  mlir::Value toIndex(mlir::Value v);
  /// The block whose stream-K range holds stream-K step `step`.
  mlir::Value blockOfStep(mlir::Value step);

  mlir::OpBuilder &b;
  mlir::Location loc;
  mlir::Value kTiles, block, blocks;
  mlir::Value dataParallelTiles, dataParallelCount;
  mlir::Value streamSteps, rangeBegin, rangeEnd, firstTile, segmentCount;
};

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_STREAMKPARTITION_H
