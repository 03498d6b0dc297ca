//===- StreamKPartition.cpp - the K steps each persistent block computes --===//

#include "passes/StreamKPartition.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace gemm_opt;

Value StreamKPartition::index(int64_t v) {
  return arith::ConstantIntOp::create(b, loc, b.getI32Type(), v);
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
  rangeBegin = div(mul(block, streamSteps), blocks);
  rangeEnd = div(mul(arith::AddIOp::create(b, loc, block, index(1)),
                     streamSteps),
                 blocks);
  firstTile = div(rangeBegin, kTiles);
  // Tiles the range touches: (end - 1)/K - begin/K + 1, none when empty.
  Value empty = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                      rangeBegin, rangeEnd);
  Value lastTile = div(
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
  // ⌊((step + 1)·G - 1) / U⌋.
  Value scaled = arith::SubIOp::create(
      b, loc,
      arith::MulIOp::create(
          b, loc, arith::AddIOp::create(b, loc, step, index(1)), blocks),
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
  // Stream-K: the j-th tile of the range, clipped to the range.
  Value j = sub(arith::MaxUIOp::create(b, loc, i, dataParallelCount),
                dataParallelCount);
  Value streamTile = add(firstTile, j);
  Value tileStart = mul(streamTile, kTiles);
  Value low = arith::MaxUIOp::create(b, loc, rangeBegin, tileStart);
  Value high =
      arith::MinUIOp::create(b, loc, rangeEnd, add(tileStart, kTiles));
  Value streamBegin = sub(low, tileStart);
  Value streamCount = sub(high, low);
  Value streamStepBase =
      add(mul(dataParallelCount, kTiles), sub(low, rangeBegin));

  WorkSegment segment;
  auto select = [&](Value streamValue, Value wholeValue) -> Value {
    return arith::SelectOp::create(b, loc, isStream, streamValue, wholeValue);
  };
  segment.tile = select(add(dataParallelTiles, streamTile),
                        add(block, mul(i, blocks)));
  segment.kBegin = select(streamBegin, index(0));
  segment.kCount = select(streamCount, kTiles);
  segment.stepBase = select(streamStepBase, mul(i, kTiles));
  Value startsTile = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                           segment.kBegin, index(0));
  segment.whole = arith::AndIOp::create(
      b, loc, startsTile,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, segment.kCount,
                            kTiles));
  segment.owner = startsTile;
  // The owner's helpers: the blocks up to the one holding the tile's last
  // stream-K step (none for a data-parallel or whole tile).
  Value lastStep = sub(add(tileStart, kTiles), index(1));
  Value lastBlock = blockOfStep(
      arith::MinUIOp::create(b, loc, lastStep,
                             sub(arith::MaxUIOp::create(b, loc, streamSteps,
                                                        index(1)),
                                 index(1))));
  Value streamHelpers =
      sub(arith::MaxUIOp::create(b, loc, lastBlock, block), block);
  segment.helpers = arith::SelectOp::create(
      b, loc, arith::AndIOp::create(b, loc, isStream, startsTile),
      streamHelpers, index(0));
  for (Value *v : {&segment.tile, &segment.kBegin, &segment.kCount,
                   &segment.stepBase, &segment.helpers})
    *v = toIndex(*v);
  return segment;
}
