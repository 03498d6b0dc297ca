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
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include <algorithm>

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

  /// Whether the blockM×blockN tile lies inside C and C's rows keep
  /// `run`-element runs aligned to their bytes in every slice (N a multiple
  /// of `run`).
  Value isWhole(int64_t blockM, int64_t blockN, int64_t run) {
    auto fits = [&](Value base, int64_t extent, Value limit) {
      return arith::CmpIOp::create(
          b, loc, arith::CmpIPredicate::ule,
          arith::AddIOp::create(b, loc, base, index(extent)), limit);
    };
    Value aligned = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::eq,
        arith::RemUIOp::create(b, loc, colsC, index(run)), index(0));
    return arith::AndIOp::create(
        b, loc, aligned,
        arith::AndIOp::create(b, loc, fits(rowBase, blockM, rowsC),
                              fits(colBase, blockN, colsC)));
  }

  OpBuilder &b;
  Location loc;
  Value rowBase, colBase, rowsC, colsC, tileIndex;
};

/// v4 loads in flight per thread while the last block sums the slices (16
/// registers each, beside the accumulators, which are dead until the sums
/// replace them).
constexpr int64_t kLoadsInFlight = 16;

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
                                   int64_t run, AccumulatorPosition position,
                                   Value flag) {
  assert((run == 0 || columns % run == 0) &&
         "accumulator rows come in whole runs");
  SplitTile tile(b, loc, schedule, c, rowBase, colBase);
  auto index = [&](int64_t v) { return tile.index(v); };
  int64_t splits = schedule.getSplitK();
  Value split = gpu::BlockIdOp::create(b, loc, gpu::Dimension::z);
  Value zero = index(0);
  Value sliceSize = arith::MulIOp::create(b, loc, tile.rowsC, tile.colsC);
  // Slice z's offset of accumulator (i, j), which lies inside C.
  auto offsetIn = [&](Value z, int64_t i, int64_t j) {
    auto [r, col] = position(i, j);
    return arith::AddIOp::create(b, loc, tile.locate(zero, r, col).second,
                                 arith::MulIOp::create(b, loc, z, sliceSize));
  };
  // A whole tile (the common case) moves runs with no test per element:
  // at ptxas -O1 a test per element kept the last block's loads from
  // overlapping. Edge tiles, and every tile without runs (a position may
  // lie outside it), move their elements one by one, each tested.
  Value whole =
      run > 0 ? tile.isWhole(schedule.getBlockM(), schedule.getBlockN(), run)
              : Value();
  auto wholeOrElements = [&](function_ref<void()> runs,
                             function_ref<void()> elements) {
    if (!whole)
      return elements();
    auto ifWhole = scf::IfOp::create(b, loc, whole, /*withElse=*/true);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifWhole.thenBlock());
    runs();
    b.setInsertionPointToStart(ifWhole.elseBlock());
    elements();
  };
  VectorType runType =
      run > 0 ? VectorType::get({run}, b.getF32Type()) : VectorType();
  // Calls `body(i, j, offset)` for each accumulator (i, j) inside C, under
  // a test of its own; `offset` is its offset in slice `z`.
  auto forEachInside = [&](Value z,
                           function_ref<void(int64_t, int64_t, Value)> body) {
    for (int64_t i = 0; i < rows; ++i)
      for (int64_t j = 0; j < columns; ++j) {
        auto [r, col] = position(i, j);
        auto [inside, offset] = tile.locate(z, r, col);
        auto ifInside = scf::IfOp::create(b, loc, inside);
        OpBuilder::InsertionGuard inner(b);
        b.setInsertionPointToStart(ifInside.thenBlock());
        body(i, j, offset);
      }
  };

  // The partial sums into this split's slice, inside C only.
  wholeOrElements(
      [&] {
        for (int64_t i = 0; i < rows; ++i)
          for (int64_t j = 0; j < columns; j += run) {
            SmallVector<Value> values;
            for (int64_t e = 0; e < run; ++e)
              values.push_back(memref::LoadOp::create(
                  b, loc, acc, ValueRange{index(i), index(j + e)}));
            vector::StoreOp::create(
                b, loc, vector::FromElementsOp::create(b, loc, runType, values),
                workspace.partials, ValueRange{offsetIn(split, i, j)},
                /*nontemporal=*/false, llvm::MaybeAlign(4 * run));
          }
      },
      [&] {
        forEachInside(split, [&](int64_t i, int64_t j, Value offset) {
          memref::StoreOp::create(
              b, loc,
              memref::LoadOp::create(b, loc, acc,
                                     ValueRange{index(i), index(j)}),
              workspace.partials, ValueRange{offset});
        });
      });
  Value isLast =
      countSplitBlock(b, loc, workspace.counters, tile.tileIndex, thread,
                      splits, flag, [&] { gpu::BarrierOp::create(b, loc); });
  auto ifLast = scf::IfOp::create(b, loc, isLast);
  b.setInsertionPointToStart(ifLast.thenBlock());
  // The other blocks wrote their slices before they were counted (no L1
  // line of the workspace can be stale: nothing in this launch read it
  // before).
  fenceSplitKWorkspace(b, loc);
  // Sums in slice order, so every block that comes last adds alike.
  wholeOrElements(
      [&] {
        // A group of runs loads every slice before it adds, so that
        // kLoadsInFlight loads overlap.
        SmallVector<std::pair<int64_t, int64_t>> runs;
        for (int64_t i = 0; i < rows; ++i)
          for (int64_t j = 0; j < columns; j += run)
            runs.push_back({i, j});
        int64_t group = std::max<int64_t>(1, kLoadsInFlight / splits);
        for (size_t first = 0; first < runs.size(); first += group) {
          size_t last = std::min(runs.size(), first + group);
          SmallVector<SmallVector<Value>> parts(last - first);
          for (size_t n = first; n < last; ++n)
            for (int64_t z = 0; z < splits; ++z)
              parts[n - first].push_back(vector::LoadOp::create(
                  b, loc, runType, workspace.partials,
                  ValueRange{offsetIn(index(z), runs[n].first, runs[n].second)},
                  /*nontemporal=*/false, llvm::MaybeAlign(4 * run)));
          for (size_t n = first; n < last; ++n) {
            Value sum = parts[n - first].front();
            for (int64_t z = 1; z < splits; ++z)
              sum = arith::AddFOp::create(b, loc, sum, parts[n - first][z]);
            auto [i, j] = runs[n];
            for (int64_t e = 0; e < run; ++e)
              memref::StoreOp::create(b, loc,
                                      vector::ExtractOp::create(b, loc, sum, e),
                                      acc, ValueRange{index(i), index(j + e)});
          }
        }
      },
      [&] {
        forEachInside(zero, [&](int64_t i, int64_t j, Value offset) {
          Value sum;
          for (int64_t z = 0; z < splits; ++z) {
            Value at =
                z == 0
                    ? offset
                    : arith::AddIOp::create(
                          b, loc, offset,
                          arith::MulIOp::create(b, loc, index(z), sliceSize));
            Value part = memref::LoadOp::create(b, loc, workspace.partials,
                                                ValueRange{at});
            sum = sum ? arith::AddFOp::create(b, loc, sum, part) : part;
          }
          memref::StoreOp::create(b, loc, sum, acc,
                                  ValueRange{index(i), index(j)});
        });
      });
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
