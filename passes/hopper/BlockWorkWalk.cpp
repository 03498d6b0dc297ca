//===- BlockWorkWalk.cpp - the tiles and K steps a block computes ---------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "passes/hopper/BlockWorkWalk.h"

#include "passes/common/TileRasterization.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"

using namespace mlir;
using namespace gemm_opt;

Value BlockWorkWalk::index(int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

void BlockWorkWalk::countWork() {
  blockTileCount = countBlockTiles();
  // stream_k shares the work of patches between clusters (a block is a
  // cluster of one without one): every block of a cluster walks the same
  // segments, its own tile of each patch, in step with the multicasts.
  if (plan.streamK)
    partition.emplace(
        b, loc, arith::MulIOp::create(b, loc, patchesM(), patchesN()), kTiles,
        clusterIndex(), clusterCount(), plan.streamKWaves, plan.streamKSpares);
}

Value BlockWorkWalk::clusterIndex() {
  return arith::DivUIOp::create(
      b, loc, gpu::BlockIdOp::create(b, loc, gpu::Dimension::x),
      index(plan.clusterM * plan.clusterN));
}

Value BlockWorkWalk::clusterCount() {
  return arith::DivUIOp::create(
      b, loc, gpu::GridDimOp::create(b, loc, gpu::Dimension::x),
      index(plan.clusterM * plan.clusterN));
}

Value BlockWorkWalk::patchesM() {
  return arith::CeilDivUIOp::create(b, loc, tiles.tilesM, index(plan.clusterM));
}

Value BlockWorkWalk::patchesN() {
  return arith::CeilDivUIOp::create(b, loc, tiles.tilesN, index(plan.clusterN));
}

GroupedTileWalk BlockWorkWalk::groupedWalk() {
  if (tiles.groupOffsets)
    return GroupedTileWalk(b, loc, schedule, tiles.groupOffsets,
                           /*contiguous=*/true, tiles.totalRows, tiles.tilesN,
                           plan.blockM);
  return GroupedTileWalk(b, loc, schedule, tiles.groupRows,
                         /*contiguous=*/false,
                         getMatrixExtent(b, loc, tiles.batched.c, 0),
                         tiles.tilesN, plan.blockM);
}

Value BlockWorkWalk::countBlockTiles() {
  if (!plan.persistent)
    return index(1);
  Value total;
  if (tiles.groupRows || tiles.groupOffsets) {
    total = groupedWalk().countTiles();
  } else {
    total = arith::MulIOp::create(b, loc, patchesM(), patchesN());
    if (tiles.batched)
      total = arith::MulIOp::create(b, loc, total, tiles.batchCount);
  }
  Value first = clusterIndex();
  Value stride = clusterCount();
  Value left = arith::SubIOp::create(
      b, loc, arith::MaxUIOp::create(b, loc, total, first), first);
  return arith::CeilDivUIOp::create(b, loc, left, stride);
}

std::pair<Value, Value>
BlockWorkWalk::tileInPatch(std::pair<Value, Value> patch) {
  if (!plan.hasCluster())
    return patch;
  return {arith::AddIOp::create(
              b, loc,
              arith::MulIOp::create(b, loc, patch.first, index(plan.clusterM)),
              position.row),
          arith::AddIOp::create(
              b, loc,
              arith::MulIOp::create(b, loc, patch.second, index(plan.clusterN)),
              position.column)};
}

Value BlockWorkWalk::linearTile(Value i) {
  return arith::AddIOp::create(
      b, loc, clusterIndex(), arith::MulIOp::create(b, loc, i, clusterCount()));
}

std::tuple<Value, Value, Value> BlockWorkWalk::tileOrigin(Value i) {
  if (!plan.persistent)
    return {tiles.rowBase, tiles.colBase, tiles.batch};
  Value linear = linearTile(i);
  // Batched: the patches of entry 0 come first, then those of entry 1...
  Value batch;
  if (tiles.batched) {
    Value perEntry = arith::MulIOp::create(b, loc, patchesM(), patchesN());
    batch = arith::DivUIOp::create(b, loc, linear, perEntry);
    linear = arith::RemUIOp::create(b, loc, linear, perEntry);
  }
  auto [row, col] = tileInPatch(
      rasterizeTile(b, loc, schedule, linear, patchesM(), patchesN()));
  return {arith::MulIOp::create(b, loc, row, index(plan.blockM)),
          arith::MulIOp::create(b, loc, col, index(plan.blockN)), batch};
}

Value BlockWorkWalk::getSegmentCount() {
  return plan.streamK ? partition->getSegmentCount() : blockTileCount;
}

BlockSegment BlockWorkWalk::getSegment(Value i) {
  BlockSegment segment;
  if (plan.streamK) {
    segment.work = partition->getSegment(i);
    auto [row, col] = tileInPatch(rasterizeTile(
        b, loc, schedule, segment.work.tile, patchesM(), patchesN()));
    if (plan.hasCluster())
      segment.work = tileOfPatch(segment.work);
    segment.rowBase = arith::MulIOp::create(b, loc, row, index(plan.blockM));
    segment.colBase = arith::MulIOp::create(b, loc, col, index(plan.blockN));
    return segment;
  }
  if (tiles.groupRows || tiles.groupOffsets) {
    // The verifier keeps grouped grids persistent and free of clusters.
    GroupTile tile = groupedWalk().locate(linearTile(i));
    segment.rowBase =
        arith::MulIOp::create(b, loc, tile.tileRow, index(plan.blockM));
    segment.colBase =
        arith::MulIOp::create(b, loc, tile.tileCol, index(plan.blockN));
    if (tiles.groupOffsets) {
      // A's and C's rows of all groups are one matrix: the tile's rows
      // count from its group's first, and its C ends at the group's end.
      segment.rowBase =
          arith::AddIOp::create(b, loc, tile.firstRow, segment.rowBase);
      segment.groupRows =
          arith::AddIOp::create(b, loc, tile.firstRow, tile.rows);
      segment.groupB = tile.group;
    } else {
      segment.batch = tile.group;
      segment.groupRows = tile.rows;
    }
  } else {
    std::tie(segment.rowBase, segment.colBase, segment.batch) = tileOrigin(i);
  }
  segment.work.tile = i;
  segment.work.kBegin = kFirst ? kFirst : index(0);
  segment.work.kCount = kTiles;
  // stepBase stays null: getStep multiplies inside the K loop, as before
  // stream_k existed (the data-parallel IR is unchanged).
  return segment;
}

WorkSegment BlockWorkWalk::tileOfPatch(WorkSegment work) {
  Value size = index(plan.clusterM * plan.clusterN);
  Value rank = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, position.row, index(plan.clusterN)),
      position.column);
  for (Value *v :
       {&work.tile, &work.slot, &work.firstHelperSlot, &work.signalTile})
    *v = arith::AddIOp::create(b, loc, arith::MulIOp::create(b, loc, *v, size),
                               rank);
  work.signalStride = arith::MulIOp::create(b, loc, work.signalStride, size);
  return work;
}

Value BlockWorkWalk::getStep(const WorkSegment &work, Value t) {
  Value base = work.stepBase ? work.stepBase
                             : arith::MulIOp::create(b, loc, work.tile, kTiles);
  return arith::AddIOp::create(b, loc, base, t);
}
