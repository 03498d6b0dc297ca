//===- GroupedTileWalk.cpp - the tiles of every group, compacted ----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "passes/hopper/GroupedTileWalk.h"
#include "passes/common/TileRasterization.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace gemm_opt;

static constexpr int64_t kWarpSize = 32;

Value GroupedTileWalk::i32(OpBuilder &builder, int64_t v) {
  return arith::ConstantIntOp::create(builder, loc, builder.getI32Type(), v);
}

Value GroupedTileWalk::toIndex(Value v) {
  return arith::IndexCastUIOp::create(b, loc, b.getIndexType(), v);
}

Value GroupedTileWalk::toI32(Value v) {
  return arith::IndexCastUIOp::create(b, loc, b.getI32Type(), v);
}

Value GroupedTileWalk::fromLane(OpBuilder &builder, Value value, Value lane) {
  // shfl.sync.idx: c = 0x1f, the whole warp (PTX ISA 9.7.9.6).
  return NVVM::ShflOp::create(
      builder, loc, builder.getI32Type(), i32(builder, -1), value, lane,
      i32(builder, kWarpSize - 1), NVVM::ShflKind::idx, UnitAttr());
}

Value GroupedTileWalk::groupCount(OpBuilder &builder) {
  Value entries = memref::DimOp::create(builder, loc, counts, 0);
  // group_offsets has G + 1 entries (the verifier keeps it non-empty).
  if (contiguous)
    entries = arith::SubIOp::create(
        builder, loc, entries, arith::ConstantIndexOp::create(builder, loc, 1));
  return entries;
}

Value GroupedTileWalk::loadCount(OpBuilder &builder, Value entry) {
  return memref::LoadOp::create(
      builder, loc, counts,
      ValueRange{arith::IndexCastUIOp::create(builder, loc,
                                              builder.getIndexType(), entry)});
}

GroupedTileWalk::ChunkScan GroupedTileWalk::scanChunk(OpBuilder &builder,
                                                      Value base) {
  Type i32Type = builder.getI32Type();
  Value lane = NVVM::LaneIdOp::create(builder, loc, i32Type);
  Value group = arith::AddIOp::create(builder, loc, base, lane);
  Value groups =
      arith::IndexCastUIOp::create(builder, loc, i32Type, groupCount(builder));
  Value inRange = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult,
                                        group, groups);
  // Lanes past the last group read its count and drop it: a select, not a
  // branch, keeps the warp converged (scanChunk runs only where G > 0).
  Value clamped = arith::MinUIOp::create(
      builder, loc, group,
      arith::SubIOp::create(builder, loc, groups, i32(builder, 1)));
  Value limit = arith::IndexCastUIOp::create(builder, loc, i32Type, maxRows);
  auto clamp = [&](Value v, Value low) {
    return arith::MinSIOp::create(
        builder, loc, arith::MaxSIOp::create(builder, loc, v, low), limit);
  };
  // Counts and offsets outside the matrix are clamped: the kernel reads no
  // row past the group's rows of A and writes none past those of C
  // (masked: [0, M_max]; contiguous: first in [0, T], end in [first, T]).
  Value first = i32(builder, 0), rows;
  if (contiguous) {
    first = clamp(loadCount(builder, clamped), i32(builder, 0));
    Value end =
        clamp(loadCount(builder, arith::AddIOp::create(builder, loc, clamped,
                                                       i32(builder, 1))),
              first);
    rows = arith::SubIOp::create(builder, loc, end, first);
  } else {
    rows = clamp(loadCount(builder, clamped), i32(builder, 0));
  }
  rows = arith::SelectOp::create(builder, loc, inRange, rows, i32(builder, 0));
  Value tiles = arith::MulIOp::create(
      builder, loc,
      arith::CeilDivUIOp::create(builder, loc, rows, i32(builder, blockM)),
      arith::IndexCastUIOp::create(builder, loc, i32Type, tilesN));
  // Inclusive scan: shfl.sync.up with c = 0 leaves lanes below the offset
  // their own value, which the select drops.
  Value sum = tiles;
  for (int64_t offset = 1; offset < kWarpSize; offset *= 2) {
    Value up = NVVM::ShflOp::create(builder, loc, i32Type, i32(builder, -1),
                                    sum, i32(builder, offset), i32(builder, 0),
                                    NVVM::ShflKind::up, UnitAttr());
    Value hasSource = arith::CmpIOp::create(
        builder, loc, arith::CmpIPredicate::uge, lane, i32(builder, offset));
    sum = arith::AddIOp::create(
        builder, loc, sum,
        arith::SelectOp::create(builder, loc, hasSource, up, i32(builder, 0)));
  }
  return {rows, first, sum,
          fromLane(builder, sum, i32(builder, kWarpSize - 1))};
}

Value GroupedTileWalk::countTiles() {
  Value chunks = arith::CeilDivUIOp::create(
      b, loc, groupCount(b), arith::ConstantIndexOp::create(b, loc, kWarpSize));
  auto loop = scf::ForOp::create(
      b, loc, arith::ConstantIndexOp::create(b, loc, 0), chunks,
      arith::ConstantIndexOp::create(b, loc, 1), ValueRange{i32(b, 0)});
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    Value base = arith::MulIOp::create(b, loc, toI32(loop.getInductionVar()),
                                       i32(b, kWarpSize));
    ChunkScan scan = scanChunk(b, base);
    scf::YieldOp::create(b, loc,
                         ValueRange{arith::AddIOp::create(
                             b, loc, loop.getRegionIterArg(0), scan.total)});
  }
  return toIndex(fromLane(b, loop.getResult(0), i32(b, 0)));
}

GroupTile GroupedTileWalk::locate(Value linear) {
  Type i32Type = b.getI32Type();
  Value target = toI32(linear);
  Value groups = toI32(groupCount(b));
  // Chunks of 32 groups, from the first, until the one the tile is in:
  // `before` tiles lie in the chunks passed.
  auto walk = scf::WhileOp::create(
      b, loc, TypeRange{i32Type, i32Type, i32Type, i32Type, i32Type},
      ValueRange{i32(b, 0), i32(b, 0)},
      [&](OpBuilder &builder, Location, ValueRange args) {
        Value base = args[0], before = args[1];
        ChunkScan scan = scanChunk(builder, base);
        Value next = arith::AddIOp::create(builder, loc, before, scan.total);
        Value nextBase =
            arith::AddIOp::create(builder, loc, base, i32(builder, kWarpSize));
        Value more = arith::AndIOp::create(
            builder, loc,
            arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ule, next,
                                  target),
            arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult,
                                  nextBase, groups));
        scf::ConditionOp::create(
            builder, loc, more,
            ValueRange{base, before, scan.rows, scan.first, scan.inclusive});
      },
      [&](OpBuilder &builder, Location, ValueRange args) {
        Value total = fromLane(builder, args[4], i32(builder, kWarpSize - 1));
        scf::YieldOp::create(
            builder, loc,
            ValueRange{arith::AddIOp::create(builder, loc, args[0],
                                             i32(builder, kWarpSize)),
                       arith::AddIOp::create(builder, loc, args[1], total)});
      });
  Value base = walk.getResult(0), before = walk.getResult(1);
  Value rows = walk.getResult(2), first = walk.getResult(3),
        inclusive = walk.getResult(4);
  // The groups that end at or before the tile are the chunk's first k
  // (the sums do not decrease along the lanes): the tile is in group k.
  Value ended = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::ule,
      arith::AddIOp::create(b, loc, before, inclusive), target);
  Value ballot = NVVM::VoteSyncOp::create(b, loc, i32Type, i32(b, -1), ended,
                                          NVVM::VoteSyncKind::ballot);
  Value k = LLVM::CtPopOp::create(b, loc, i32Type, ballot);
  Value isFirst =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, k, i32(b, 0));
  Value previous = fromLane(
      b, inclusive,
      arith::SelectOp::create(b, loc, isFirst, i32(b, 0),
                              arith::SubIOp::create(b, loc, k, i32(b, 1))));
  Value start = arith::AddIOp::create(
      b, loc, before,
      arith::SelectOp::create(b, loc, isFirst, i32(b, 0), previous));
  Value groupRowCount = fromLane(b, rows, k);
  Value local = arith::SubIOp::create(b, loc, target, start);
  Value tilesM =
      arith::CeilDivUIOp::create(b, loc, groupRowCount, i32(b, blockM));
  // A raster group of 1: down the group's M tiles for each N panel; else
  // the schedule's raster within the group (a large group's A and B panels
  // then stay in L2 as a dense GEMM's do).
  Value tileRow, tileCol;
  if (schedule.getRasterGroup() > 1) {
    auto [row, col] = rasterizeTile(b, loc, schedule, toIndex(local),
                                    toIndex(tilesM), tilesN);
    tileRow = toI32(row);
    tileCol = toI32(col);
  } else {
    tileRow = arith::RemUIOp::create(b, loc, local, tilesM);
    tileCol = arith::DivUIOp::create(b, loc, local, tilesM);
  }
  Value group = arith::AddIOp::create(b, loc, base, k);
  auto uniform = [&](Value v) { return toIndex(fromLane(b, v, i32(b, 0))); };
  return {uniform(group), uniform(groupRowCount),
          uniform(contiguous ? fromLane(b, first, k) : i32(b, 0)),
          uniform(tileRow), uniform(tileCol)};
}

Value gemm_opt::viewGroupRows(OpBuilder &b, Location loc, Value entryC,
                              Value rows) {
  SmallVector<OpFoldResult> offsets{b.getIndexAttr(0), b.getIndexAttr(0)};
  Value columns = memref::DimOp::create(b, loc, entryC, 1);
  SmallVector<OpFoldResult> sizes{rows, columns};
  SmallVector<OpFoldResult> strides{b.getIndexAttr(1), b.getIndexAttr(1)};
  return memref::SubViewOp::create(b, loc, entryC, offsets, sizes, strides);
}

Value gemm_opt::tileFitsGroup(OpBuilder &b, Location loc, Value rowBase,
                              int64_t blockM, Value rows) {
  Value end = arith::AddIOp::create(
      b, loc, rowBase, arith::ConstantIndexOp::create(b, loc, blockM));
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ule, end, rows);
}
