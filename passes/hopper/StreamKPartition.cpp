//===- StreamKPartition.cpp - the K steps each persistent block computes --===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "passes/hopper/StreamKPartition.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace gemm_opt;

Value StreamKPartition::index(int64_t v) {
  return arith::ConstantIntOp::create(b, loc, b.getI32Type(), v);
}

Value StreamKPartition::bool1(bool v) {
  return arith::ConstantIntOp::create(b, loc, b.getI1Type(), v);
}

Value StreamKPartition::toI32(Value v) {
  return arith::IndexCastUIOp::create(b, loc, b.getI32Type(), v);
}

WorkSegment StreamKPartition::toIndex(WorkSegment segment) {
  for (Value *v : {&segment.tile, &segment.kBegin, &segment.kCount,
                   &segment.stepBase, &segment.helpers, &segment.slot,
                   &segment.firstHelperSlot, &segment.signalTile,
                   &segment.signalCount, &segment.signalStride})
    *v = toIndex(*v);
  return segment;
}

Value StreamKPartition::add(Value x, Value y) {
  return arith::AddIOp::create(b, loc, x, y);
}

Value StreamKPartition::sub(Value x, Value y) {
  return arith::SubIOp::create(b, loc, x, y);
}

Value StreamKPartition::mul(Value x, Value y) {
  return arith::MulIOp::create(b, loc, x, y);
}

Value StreamKPartition::div(Value x, Value y) {
  return arith::DivUIOp::create(b, loc, x, y);
}

Value StreamKPartition::ult(Value x, Value y) {
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, x, y);
}

Value StreamKPartition::select(Value condition, Value x, Value y) {
  return arith::SelectOp::create(b, loc, condition, x, y);
}

Value StreamKPartition::toIndex(Value v) {
  return arith::IndexCastUIOp::create(b, loc, b.getIndexType(), v);
}

StreamKPartition::StreamKPartition(OpBuilder &b, Location loc, Value tiles,
                                   Value kTiles, Value block, Value blocks,
                                   int64_t streamWaves, bool spares)
    : b(b), loc(loc), spares(spares) {
  // 32-bit arithmetic: 64-bit divisions by runtime values are calls into a
  // subroutine, whose saved registers spill and whose results ptxas cannot
  // keep in uniform registers (the runtime bounds the work units so that
  // every product below fits, runtime/LaunchGrid.h).
  tiles = toI32(tiles);
  kTiles = this->kTiles = toI32(kTiles);
  block = this->block = toI32(block);
  blocks = this->blocks = toI32(blocks);
  if (spares) {
    partitionBySpares(tiles);
    return;
  }
  // Whole waves but the last streamWaves (the partial one included) go
  // data-parallel; all tiles when they fill whole waves or, with
  // stream_k = 1, a last wave at least kWholeLastWaveFill full (block b
  // then takes the tiles b, b + G, ..., one more for b < T mod G).
  Value waves = div(tiles, blocks);
  Value lastWave = arith::RemUIOp::create(b, loc, tiles, blocks);
  Value whole = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                      lastWave, index(0));
  if (streamWaves == 1)
    whole = arith::OrIOp::create(
        b, loc, whole,
        arith::CmpIOp::create(
            b, loc, arith::CmpIPredicate::uge,
            mul(lastWave, index(kWholeLastWaveFill.denominator)),
            mul(blocks, index(kWholeLastWaveFill.numerator))));
  Value shared = index(streamWaves - 1);
  Value wavesButLast =
      sub(arith::MaxUIOp::create(b, loc, waves, shared), shared);
  Value extraTile = arith::ExtUIOp::create(b, loc, b.getI32Type(),
                                           ult(block, lastWave));
  dataParallelCount = arith::SelectOp::create(
      b, loc, whole, add(waves, extraTile), wavesButLast);
  dataParallelTiles = arith::SelectOp::create(
      b, loc, whole, tiles, mul(wavesButLast, blocks));
  streamSteps = mul(sub(tiles, dataParallelTiles), kTiles);
  // Fewer K steps than blocks (a partial wave of few, short tiles): the
  // first U blocks take one step each and the others none, so the blocks
  // that compute part of a tile are consecutive (an owner waits for exactly
  // the blocks between the tile's first and itself).
  streamBlocks = arith::MaxUIOp::create(
      b, loc, arith::MinUIOp::create(b, loc, blocks, streamSteps), index(1));
  auto rangeStart = [&](Value position) {
    return div(mul(arith::MinUIOp::create(b, loc, position, streamBlocks),
                   streamSteps),
               streamBlocks);
  };
  rangeBegin = rangeStart(block);
  rangeEnd = rangeStart(arith::AddIOp::create(b, loc, block, index(1)));
  firstTile = div(rangeBegin, kTiles);
  // Tiles the range touches: (end - 1)/K - begin/K + 1, none when empty.
  Value empty = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                      rangeBegin, rangeEnd);
  lastTile = div(
      sub(arith::MaxUIOp::create(b, loc, rangeEnd, index(1)), index(1)),
      kTiles);
  Value touched = arith::AddIOp::create(b, loc, sub(lastTile, firstTile),
                                        index(1));
  segmentCount = toIndex(arith::AddIOp::create(
      b, loc, dataParallelCount,
      arith::SelectOp::create(b, loc, empty, index(0), touched)));
}

Value StreamKPartition::blockOfStep(Value step) {
  // The largest block whose range begins at or before `step`:
  // ⌊((step + 1)·G' - 1) / U⌋, G' the blocks that take stream-K steps.
  Value scaled = arith::SubIOp::create(
      b, loc,
      arith::MulIOp::create(
          b, loc, arith::AddIOp::create(b, loc, step, index(1)),
          streamBlocks),
      index(1));
  // (Guarded: no stream-K steps at all when the tiles fill whole waves.)
  return arith::DivUIOp::create(
      b, loc, scaled, arith::MaxUIOp::create(b, loc, streamSteps, index(1)));
}

void StreamKPartition::partitionBySpares(Value tiles) {
  wholeWaves = div(tiles, blocks);
  partialTiles = sub(tiles, mul(wholeWaves, blocks));
  // P < G, so at least one spare (G of them when the waves are whole).
  spareBlocks = sub(blocks, partialTiles);
  Value hasPartial = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                           partialTiles, index(0));
  // n = ⌈P/S⌉ heads at most per spare; h = (K + r - n·s) / (n + 1) when
  // positive (K + r > n·s), else 0; and none without a partial wave.
  Value n = div(add(partialTiles, sub(spareBlocks, index(1))), spareBlocks);
  Value budget = add(kTiles, index(kPartialReloadSteps));
  Value transfers = mul(n, index(kPartialStoreSteps));
  Value balanced = div(arith::SubIOp::create(
                           b, loc, arith::MaxUIOp::create(b, loc, budget,
                                                          transfers),
                           transfers),
                       add(n, index(1)));
  headSteps = arith::SelectOp::create(
      b, loc, hasPartial,
      arith::MinUIOp::create(b, loc, balanced, sub(kTiles, index(1))),
      index(0));
  ownsPartial = ult(block, partialTiles);
  // Spare s = b - P heads tiles s, s + S, ... of the P: ⌈(P - s)/S⌉ of them
  // (s < S, so P + S - 1 - s does not wrap); none when h = 0.
  spareIndex = sub(arith::MaxUIOp::create(b, loc, block, partialTiles),
                   partialTiles);
  Value heads =
      div(sub(add(partialTiles, sub(spareBlocks, index(1))), spareIndex),
          spareBlocks);
  splitsTiles = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                      headSteps, index(0));
  isSpare = arith::XOrIOp::create(b, loc, ownsPartial, bool1(true));
  headCount = select(arith::AndIOp::create(b, loc, splitsTiles, isSpare),
                     heads, index(0));
  // An owner: its whole tiles and its partial tile; a spare: its heads and
  // its whole tiles.
  segmentCount = toIndex(add(
      wholeWaves, arith::SelectOp::create(b, loc, ownsPartial, index(1),
                                          headCount)));
}

WorkSegment StreamKPartition::getSpareSegment(Value segmentIndex) {
  Value i = toI32(segmentIndex);
  Value firstPartial = mul(wholeWaves, blocks);
  // Every block takes its whole tiles first (segments 0 .. W-1, in step
  // with the other blocks, so that their operands are shared in L2); then
  // an owner its partial tile's tail, a spare its heads.
  Value afterWhole = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge,
                                           i, wholeWaves);
  Value isHead = arith::AndIOp::create(b, loc, isSpare, afterWhole);
  Value isTail = arith::AndIOp::create(b, loc, ownsPartial, afterWhole);
  Value wholeTile = add(block, mul(i, blocks));
  // Head e = i - W of spare s: partial tile s + e·S.
  Value e = sub(arith::MaxUIOp::create(b, loc, i, wholeWaves), wholeWaves);
  Value headPartial = add(spareIndex, mul(e, spareBlocks));
  Value partialStart = mul(wholeWaves, kTiles);

  WorkSegment segment;
  segment.tile = select(isHead, add(firstPartial, headPartial),
                        select(isTail, add(firstPartial, block), wholeTile));
  segment.kBegin = select(isTail, headSteps, index(0));
  segment.kCount = select(isHead, headSteps,
                          select(isTail, sub(kTiles, headSteps), kTiles));
  segment.stepBase =
      select(isHead, add(partialStart, mul(e, headSteps)),
             select(isTail, partialStart, mul(i, kTiles)));
  segment.owner = arith::XOrIOp::create(b, loc, isHead, bool1(true));
  segment.helpers = select(arith::AndIOp::create(b, loc, isTail, splitsTiles),
                           index(1), index(0));
  segment.slot = headPartial;
  segment.firstHelperSlot = block;
  // The last head counts the spare on all its heads' tiles.
  Value lastHead = arith::AndIOp::create(
      b, loc, isHead,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                            add(e, index(1)), headCount));
  segment.signalTile = add(firstPartial, spareIndex);
  segment.signalCount = select(lastHead, headCount, index(0));
  segment.signalStride = spareBlocks;
  return toIndex(segment);
}

WorkSegment StreamKPartition::getSegment(Value segmentIndex) {
  if (spares)
    return getSpareSegment(segmentIndex);
  Value i = toI32(segmentIndex);
  Value isStream = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, i,
                                         dataParallelCount);
  // Stream-K: the j-th tile of the range from its end, clipped to the range.
  Value j = sub(arith::MaxUIOp::create(b, loc, i, dataParallelCount),
                dataParallelCount);
  Value streamTile = sub(lastTile, j);
  Value tileStart = mul(streamTile, kTiles);
  Value tileEnd = add(tileStart, kTiles);
  Value low = arith::MaxUIOp::create(b, loc, rangeBegin, tileStart);
  Value high = arith::MinUIOp::create(b, loc, rangeEnd, tileEnd);
  Value streamBegin = sub(low, tileStart);
  Value streamCount = sub(high, low);
  // The segments of later tiles came first.
  Value streamStepBase =
      add(mul(dataParallelCount, kTiles), sub(rangeEnd, high));

  WorkSegment segment;
  auto streamOrWhole = [&](Value streamValue, Value wholeValue) -> Value {
    return arith::SelectOp::create(b, loc, isStream, streamValue, wholeValue);
  };
  segment.tile = streamOrWhole(add(dataParallelTiles, streamTile),
                               add(block, mul(i, blocks)));
  segment.kBegin = streamOrWhole(streamBegin, index(0));
  segment.kCount = streamOrWhole(streamCount, kTiles);
  segment.stepBase = streamOrWhole(streamStepBase, mul(i, kTiles));
  Value endsTile =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, high, tileEnd);
  segment.owner = arith::OrIOp::create(
      b, loc, arith::XOrIOp::create(b, loc, isStream, bool1(true)), endsTile);
  // The owner's helpers: the blocks from the one holding the tile's first
  // stream-K step on (none for a data-parallel or whole tile).
  Value streamHelpers = sub(block, blockOfStep(tileStart));
  segment.helpers = arith::SelectOp::create(
      b, loc, arith::AndIOp::create(b, loc, isStream, endsTile),
      streamHelpers, index(0));
  // A helper's slot is its block; an owner's helpers are the blocks just
  // before it.
  segment.slot = block;
  segment.firstHelperSlot = sub(block, segment.helpers);
  // A helper part counts the block on its own tile right after it.
  segment.signalTile = segment.tile;
  segment.signalCount = arith::ExtUIOp::create(
      b, loc, b.getI32Type(),
      arith::XOrIOp::create(b, loc, segment.owner, bool1(true)));
  segment.signalStride = index(1);
  return toIndex(segment);
}
