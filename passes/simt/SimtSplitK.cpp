//===- SimtSplitK.cpp - split-K for ffma kernels --------------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "passes/simt/SimtSplitK.h"

#include "passes/common/SplitKCounter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace gemm_opt;

namespace {

/// The tile of C at (rowBase, colBase) and its place in the workspace.
struct SplitTile {
  SplitTile(OpBuilder &b, Location loc, tile::ScheduleAttr schedule, Value c,
            Value rowBase, Value colBase)
      : b(b), loc(loc), rowBase(rowBase), colBase(colBase) {
    rowsC = memref::DimOp::create(b, loc, c, 0);
    colsC = memref::DimOp::create(b, loc, c, 1);
    tileIndex = getSplitTileIndex(b, loc, rowBase, colBase, colsC,
                                  schedule.getBlockM(), schedule.getBlockN());
  }

  Value index(int64_t v) { return arith::ConstantIndexOp::create(b, loc, v); }

  /// Whether tile position (r, col) lies inside C, and its index in slice
  /// `split` of S row-major M×N slices.
  std::pair<Value, Value> locate(Value split, Value r, Value col) {
    Value row = arith::AddIOp::create(b, loc, rowBase, r);
    Value column = arith::AddIOp::create(b, loc, colBase, col);
    Value inside = arith::AndIOp::create(
        b, loc,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, row, rowsC),
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, column,
                              colsC));
    Value sliceSize = arith::MulIOp::create(b, loc, rowsC, colsC);
    Value offset = arith::AddIOp::create(
        b, loc, arith::MulIOp::create(b, loc, split, sliceSize),
        arith::AddIOp::create(b, loc, arith::MulIOp::create(b, loc, row, colsC),
                              column));
    return {inside, offset};
  }

  OpBuilder &b;
  Location loc;
  Value rowBase, colBase, rowsC, colsC, tileIndex;
};

} // namespace

SimtSplitRange gemm_opt::getSimtSplitRange(OpBuilder &b, Location loc,
                                           int64_t splits, Value lowerK,
                                           Value kTiles, Value kShift,
                                           int64_t blockK) {
  auto index = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  Value split = gpu::BlockIdOp::create(b, loc, gpu::Dimension::z);
  Value perSplit = arith::CeilDivUIOp::create(b, loc, kTiles, index(splits));
  Value first = arith::MulIOp::create(b, loc, split, perSplit);
  Value left = arith::SelectOp::create(
      b, loc,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, kTiles, first),
      arith::SubIOp::create(b, loc, kTiles, first), index(0));
  Value isFirst =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, split, index(0));
  // Tile t starts at lowerK - kShift + t·BK; past the first, whole tiles.
  Value start = arith::SubIOp::create(
      b, loc,
      arith::AddIOp::create(
          b, loc, lowerK, arith::MulIOp::create(b, loc, first, index(blockK))),
      kShift);
  return {arith::SelectOp::create(b, loc, isFirst, lowerK, start),
          arith::MinUIOp::create(b, loc, perSplit, left),
          arith::SelectOp::create(b, loc, isFirst, kShift, index(0))};
}

scf::IfOp gemm_opt::meetSimtSplits(OpBuilder &b, Location loc,
                                   tile::ScheduleAttr schedule,
                                   SplitKWorkspace workspace, Value c,
                                   Value rowBase, Value colBase, Value thread,
                                   Value acc, int64_t rows, int64_t columns,
                                   AccumulatorPosition position, Value flag) {
  SplitTile tile(b, loc, schedule, c, rowBase, colBase);
  auto index = [&](int64_t v) { return tile.index(v); };
  Value split = gpu::BlockIdOp::create(b, loc, gpu::Dimension::z);
  // The partial sums into this split's slice, inside C only.
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < columns; ++j) {
      auto [r, col] = position(i, j);
      auto [inside, offset] = tile.locate(split, r, col);
      auto ifInside = scf::IfOp::create(b, loc, inside);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(ifInside.thenBlock());
      memref::StoreOp::create(
          b, loc,
          memref::LoadOp::create(b, loc, acc, ValueRange{index(i), index(j)}),
          workspace.partials, ValueRange{offset});
    }
  Value isLast = countSplitBlock(b, loc, workspace.counters, tile.tileIndex,
                                 thread, schedule.getSplitK(), flag,
                                 [&] { gpu::BarrierOp::create(b, loc); });
  Value zero = index(0);
  auto ifLast = scf::IfOp::create(b, loc, isLast);
  b.setInsertionPointToStart(ifLast.thenBlock());
  // The other blocks wrote their slices before they were counted (no L1
  // line of the workspace can be stale: nothing in this launch read it
  // before).
  fenceSplitKWorkspace(b, loc);
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < columns; ++j) {
      auto [r, col] = position(i, j);
      auto [inside, offset] = tile.locate(zero, r, col);
      auto ifInside = scf::IfOp::create(b, loc, inside);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(ifInside.thenBlock());
      Value sliceSize = arith::MulIOp::create(b, loc, tile.rowsC, tile.colsC);
      Value sum;
      for (int64_t z = 0; z < schedule.getSplitK(); ++z) {
        Value at =
            z == 0 ? offset
                   : arith::AddIOp::create(
                         b, loc, offset,
                         arith::MulIOp::create(b, loc, index(z), sliceSize));
        Value part =
            memref::LoadOp::create(b, loc, workspace.partials, ValueRange{at});
        sum = sum ? arith::AddFOp::create(b, loc, sum, part) : part;
      }
      memref::StoreOp::create(b, loc, sum, acc, ValueRange{index(i), index(j)});
    }
  return ifLast;
}

void gemm_opt::resetSimtSplitCounter(OpBuilder &b, Location loc,
                                     tile::ScheduleAttr schedule,
                                     SplitKWorkspace workspace, Value c,
                                     Value rowBase, Value colBase,
                                     Value thread) {
  SplitTile tile(b, loc, schedule, c, rowBase, colBase);
  resetSplitCounter(b, loc, workspace.counters, tile.tileIndex, thread);
}
