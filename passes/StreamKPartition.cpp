//===- StreamKPartition.cpp - the K steps each persistent block computes --===//

#include "passes/StreamKPartition.h"

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

Value StreamKPartition::toIndex(Value v) {
  return arith::IndexCastUIOp::create(b, loc, b.getIndexType(), v);
}

StreamKPartition::StreamKPartition(OpBuilder &b, Location loc, Value tiles,
                                   Value kTiles, Value block, Value blocks,
                                   int64_t streamWaves)
    : b(b), loc(loc) {
  // 32-bit arithmetic: 64-bit divisions by runtime values are calls into a
  // subroutine, whose saved registers spill and whose results ptxas cannot
  // keep in uniform registers (the runtime bounds the work units so that
  // every product below fits, runtime/LaunchGrid.h).
  tiles = toI32(tiles);
  kTiles = this->kTiles = toI32(kTiles);
  block = this->block = toI32(block);
  blocks = this->blocks = toI32(blocks);
  auto mul = [&](Value x, Value y) -> Value {
    return arith::MulIOp::create(b, loc, x, y);
  };
  auto sub = [&](Value x, Value y) -> Value {
    return arith::SubIOp::create(b, loc, x, y);
  };
  auto div = [&](Value x, Value y) -> Value {
    return arith::DivUIOp::create(b, loc, x, y);
  };
  // Whole waves but the last streamWaves (the partial one included) go
  // data-parallel; all of them when the tiles fill whole waves.
  Value waves = div(tiles, blocks);
  Value evenly = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::eq,
      arith::RemUIOp::create(b, loc, tiles, blocks), index(0));
  Value shared = index(streamWaves - 1);
  Value wavesButLast =
      sub(arith::MaxUIOp::create(b, loc, waves, shared), shared);
  dataParallelCount =
      arith::SelectOp::create(b, loc, evenly, waves, wavesButLast);
  dataParallelTiles = mul(dataParallelCount, blocks);
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

WorkSegment StreamKPartition::getSegment(Value segmentIndex) {
  Value i = toI32(segmentIndex);
  auto add = [&](Value x, Value y) -> Value {
    return arith::AddIOp::create(b, loc, x, y);
  };
  auto sub = [&](Value x, Value y) -> Value {
    return arith::SubIOp::create(b, loc, x, y);
  };
  auto mul = [&](Value x, Value y) -> Value {
    return arith::MulIOp::create(b, loc, x, y);
  };
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
  auto select = [&](Value streamValue, Value wholeValue) -> Value {
    return arith::SelectOp::create(b, loc, isStream, streamValue, wholeValue);
  };
  segment.tile = select(add(dataParallelTiles, streamTile),
                        add(block, mul(i, blocks)));
  segment.kBegin = select(streamBegin, index(0));
  segment.kCount = select(streamCount, kTiles);
  segment.stepBase = select(streamStepBase, mul(i, kTiles));
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
  for (Value *v : {&segment.tile, &segment.kBegin, &segment.kCount,
                   &segment.stepBase, &segment.helpers})
    *v = toIndex(*v);
  return segment;
}
