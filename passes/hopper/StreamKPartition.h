//===- StreamKPartition.h - the K steps each persistent block computes -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// How a persistent grid of G blocks shares T tiles of K steps each under
// `#tile.grid<..., stream_k = W>`:
//
//   - data-parallel phase: when T is not a whole number of waves, the first
//     D = max(⌊T/G⌋ + 1 - W, 0)·G tiles (all T when G divides T, or when
//     W = 1 and the partial wave is at least 3/4 full: kWholeLastWaveFill)
//     go whole to the blocks in turns, block b taking tiles b, b + G, ...; W (the
//     schedule's stream_k) is 1 to share only the partial last wave along K,
//     2 to share the whole wave before it as well (each block then gets
//     between one and two tiles' K steps, so a tile is split between at most
//     two blocks);
//   - stream-K phase: the U = (T - D)·K K steps of the remaining tiles, in
//     tile-major order, are cut into G contiguous ranges, block b taking
//     [⌊bU/G⌋, ⌊(b+1)U/G⌋), so every block does the same work up to one K
//     step (when U < G, block b < U takes step b and the others none, so
//     no empty range lies between two parts of a tile). A range crosses
//     tiles: each tile it touches is one segment.
//
// On a grid of thread-block clusters (stream_k = spares only) the partition
// is over clusters and their patches of tiles: every block of a cluster
// gets the same segments, on its own tile of each patch
// (passes/hopper/BlockWorkWalk.cpp numbers tiles, slots and counters patch·S +
// rank).
//
// A block walks its data-parallel tiles in order, then its range's
// segments from its last tile back to its first. With stream_k = 1 a range
// (fewer than K steps) touches at most two tiles: walked backwards it is
// the head of the later tile (K steps 0, 1, ...) and then the tail of the
// earlier one, which starts K - L steps further on (L the range's length,
// the same for every block up to one step); a range inside one tile starts
// at some step c with 0 < c < K - L. So at time τ every block of the
// stream-K phase works on a K step in [τ, τ + K - L] of its tile and
// concurrent blocks read nearby slices of A and B, which stay in L2 (K - L
// is 8 of 64 steps at 4096³ with 128×256 tiles on 132 blocks); walked
// forwards, block b would be at step (bL + τ) mod K, the blocks spread
// over all of K.
//
// A tile split between blocks is finished by the block whose segment ends
// at the tile's last K step (its "owner"): that is the first tile of the
// owner's range, so its last segment, and every other block's part of the
// tile lies in the last tile of its range, its first segment, so it never
// waits for anyone and the owner's wait always ends; the head of the tile
// was computed at the start of the phase (passes/hopper/StreamKFixup.h). A helper
// stores its part into workspace slot `block`.
//
// `stream_k = spares` shares only the partial last wave, between its P
// tiles' own blocks and the S = G - P blocks it would leave idle:
//
//   - every block takes its W = ⌊T/G⌋ whole tiles as in the data-parallel
//     grid (b, b + G, ...);
//   - block p < P also owns partial-wave tile W·G + p, after its whole
//     tiles, and computes its K steps from h on;
//   - spare s = b - P, after its whole tiles, computes the first h K steps
//     ("heads") of tiles W·G + s, W·G + s + S, ... (n_s = ⌈(P - s)/S⌉ ≤
//     n = ⌈P/S⌉ of them); the head of partial tile p goes into workspace
//     slot p. (Heads first measured 0.4 % slower at 4096³: the spares'
//     whole tiles then ran behind their wave and missed its operands in
//     L2.)
//
// h balances the two: an owner's K - h steps plus one partial's reload
// against a spare's n heads, each h steps plus a partial store, counted in
// K steps as measured at 4096³ (a 128×256 fp32 partial, 128
// KiB: its reload ≈ 2 steps of a 128×256×64 bf16 tile, 0.67 µs each; its
// store from registers ≈ 4 — the threads stall until the stores drain to
// L2 — and the same for tf32, whose K steps take as long): h = ⌊(K + r -
// n·s) / (n + 1)⌋, r = kPartialReloadSteps, s = kPartialStoreSteps, and
// h = 0 (no split: the spares idle) when that is not positive. At 4096³
// with 128×256 tiles on 132 blocks (P = 116, S = 16, n = 8) h = 3 of K = 64
// for bf16 and 10 of 128 for tf32. Spares never wait, so an owner's wait
// always ends; and unlike `stream_k = 1` no owner stores a partial. A
// spare counts itself on its heads' tiles once, after its last head
// (WorkSegment::signalCount): the release there covers every head's
// stores, which drain meanwhile (a release after every head measured 1.3 %
// slower at 4096³ bf16).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_HOPPER_STREAMKPARTITION_H
#define GEMM_OPT_PASSES_HOPPER_STREAMKPARTITION_H

#include "mlir/IR/Builders.h"

namespace gemm_opt {

/// One run of consecutive K steps of one tile.
struct WorkSegment {
  mlir::Value tile;     ///< Linear tile number (the raster order's input).
  mlir::Value kBegin;   ///< First K tile.
  mlir::Value kCount;   ///< K tiles (at least 1).
  mlir::Value stepBase; ///< The block's K steps before this segment.
  /// Whether the segment ends at its tile's last K step: its block
  /// finishes the tile (runs its epilogue).
  mlir::Value owner;
  /// Blocks that compute part of the tile before its owner (owner only).
  mlir::Value helpers;
  /// The workspace slot a helper stores its part into (helper only).
  mlir::Value slot;
  /// The owner's helpers' slots: firstHelperSlot .. + helpers - 1.
  mlir::Value firstHelperSlot;
  /// After this segment (a helper's) the block releases its partial stores
  /// and counts itself on tiles signalTile + j·signalStride, j <
  /// signalCount: its own tile under stream_k = W; under stream_k = spares
  /// all of a spare's heads at once, after its last, so the earlier heads'
  /// stores drain while it computes the next heads instead of being waited
  /// for at every head.
  mlir::Value signalTile, signalCount, signalStride;
};

/// `stream_k = 1` leaves a partial last wave whole (data-parallel) when it
/// is at least this full: a split tile's partial store and reload cost
/// about a quarter of a tile (bf16 128×256: stream_k = 1 1.8 % faster than
/// data-parallel at 8192×8192×4096, last wave 52 % full, 3.2 % slower at
/// 4096³, 88 % full), so splitting
/// gains only where more than a quarter of the blocks would idle.
struct WaveFill {
  int64_t numerator, denominator;
};
inline constexpr WaveFill kWholeLastWaveFill = {3, 4};

/// A partial tile's store and reload, in K steps (`stream_k = spares`).
inline constexpr int64_t kPartialStoreSteps = 4;
inline constexpr int64_t kPartialReloadSteps = 2;

class StreamKPartition {
public:
  /// Block `block` of `blocks`, `tiles` tiles of `kTiles` K steps, the last
  /// `streamWaves` (1 or 2) waves shared along K; with `spares` (and
  /// streamWaves = 1) the partial wave's heads go to its idle blocks.
  StreamKPartition(mlir::OpBuilder &b, mlir::Location loc, mlir::Value tiles,
                   mlir::Value kTiles, mlir::Value block, mlir::Value blocks,
                   int64_t streamWaves, bool spares = false);

  /// The block's segments.
  mlir::Value getSegmentCount() const { return segmentCount; }
  /// Its `i`-th segment (0 ≤ i < getSegmentCount()); index values.
  WorkSegment getSegment(mlir::Value i);

private:
  /// An i32 constant (the partition computes in 32 bits).
  mlir::Value index(int64_t v);
  mlir::Value bool1(bool v);
  mlir::Value toI32(mlir::Value v);
  mlir::Value toIndex(mlir::Value v);
  /// The segment's values (i32, the owner flag aside) as index values.
  WorkSegment toIndex(WorkSegment segment);
  /// 32-bit arithmetic on the partition's values (unsigned).
  mlir::Value add(mlir::Value x, mlir::Value y);
  mlir::Value sub(mlir::Value x, mlir::Value y);
  mlir::Value mul(mlir::Value x, mlir::Value y);
  mlir::Value div(mlir::Value x, mlir::Value y);
  mlir::Value ult(mlir::Value x, mlir::Value y);
  mlir::Value select(mlir::Value condition, mlir::Value x, mlir::Value y);
  /// The block whose stream-K range holds stream-K step `step`.
  mlir::Value blockOfStep(mlir::Value step);
  /// `stream_k = spares`: the partition's values and segment i.
  void partitionBySpares(mlir::Value tiles);
  WorkSegment getSpareSegment(mlir::Value i);

  mlir::OpBuilder &b;
  mlir::Location loc;
  mlir::Value kTiles, block, blocks, streamBlocks;
  mlir::Value dataParallelTiles, dataParallelCount;
  mlir::Value streamSteps, rangeBegin, rangeEnd, firstTile, lastTile;
  mlir::Value segmentCount;
  /// stream_k = spares: whole waves W, partial tiles P, spares S, head
  /// steps h and whether h > 0; whether this block owns a partial tile or
  /// is a spare, its spare index and head count.
  bool spares;
  mlir::Value wholeWaves, partialTiles, spareBlocks, headSteps, splitsTiles;
  mlir::Value ownsPartial, isSpare, spareIndex, headCount;
};

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_HOPPER_STREAMKPARTITION_H
