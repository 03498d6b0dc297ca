//===- SimtTileCopies.cpp - global → shared copies of the SIMT path -------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "passes/simt/SimtTileCopies.h"
#include "dialect/ScheduleResources.h"

#include "dialect/SimtScheduleVerifier.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace gemm_opt;
using namespace gemm_opt::tile;

Value SimtTileCopies::index(int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

Value SimtTileCopies::add(Value lhs, int64_t rhs) {
  return rhs == 0 ? lhs : arith::AddIOp::create(b, loc, lhs, index(rhs));
}

Value SimtTileCopies::kOffset(Value kTile) {
  Value k0 = arith::AddIOp::create(
      b, loc, operands.lowerK,
      arith::MulIOp::create(b, loc, kTile, index(schedule.getBlockK())));
  if (kind == SimtCopyKind::Interior)
    return k0;
  // Only K tile 0 reaches below lowerK.
  return arith::SubIOp::create(b, loc, k0, operands.kShift);
}

Value SimtTileCopies::insideOrZero(Value value, Value bound) {
  Value in =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, value, bound);
  return arith::SelectOp::create(b, loc, in, value, index(0));
}

Value SimtTileCopies::copyOffset(Value kTile, bool firstTile) {
  Value k0 = kOffset(kTile);
  if (firstTile || kind == SimtCopyKind::Interior)
    return k0;
  return arith::SelectOp::create(b, loc, operands.severalTiles, k0,
                                 operands.lowerK);
}

Value SimtTileCopies::guardK(Value &k, bool firstTile) {
  if (!firstTile)
    return arith::SelectOp::create(b, loc, operands.severalTiles, index(1),
                                   index(0));
  Value valid = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, k,
                                      operands.lowerK);
  k = arith::SelectOp::create(b, loc, valid, k, operands.lowerK);
  return arith::SelectOp::create(b, loc, valid, index(1), index(0));
}

void SimtTileCopies::copy(Value matrix, Value row, Value col, Value shared,
                          ValueRange sharedIndices, int64_t elements,
                          Value source) {
  nvgpu::DeviceAsyncCopyOp::create(
      b, loc, nvgpu::DeviceAsyncTokenType::get(b.getContext()), shared,
      sharedIndices, matrix, ValueRange{row, col}, b.getIndexAttr(elements),
      source, /*bypassL1=*/elements == 4 ? b.getUnitAttr() : UnitAttr());
}

/// (row, column) inside a `rows×cols` tile of this thread's `i`-th 16-byte
/// chunk: consecutive threads take consecutive chunks of a row, so global
/// reads coalesce.
std::pair<Value, Value> SimtTileCopies::chunkCoordinates(int64_t i,
                                                         int64_t cols) {
  int64_t chunksPerRow = cols / kSimtSubTile;
  Value chunk =
      add(operands.threadId, i * getScheduleResources(schedule).threads);
  Value row = arith::DivUIOp::create(b, loc, chunk, index(chunksPerRow));
  Value col = arith::MulIOp::create(
      b, loc, arith::RemUIOp::create(b, loc, chunk, index(chunksPerRow)),
      index(kSimtSubTile));
  return {row, col};
}

int64_t SimtTileCopies::chunksPerThread(int64_t rows, int64_t cols) const {
  return rows * cols / kSimtSubTile / getScheduleResources(schedule).threads;
}

SmallVector<Value> SimtTileCopies::loadTileA(Value kTile) {
  assert(stagesAThroughRegisters() && "A passes through registers only in "
                                      "interior blocks, row-major, 2 stages");
  Value k0 = kOffset(kTile);
  auto vectorType = VectorType::get({kSimtSubTile}, b.getF32Type());
  SmallVector<Value> chunks;
  int64_t bm = schedule.getBlockM(), bk = schedule.getBlockK();
  for (int64_t i = 0; i < chunksPerThread(bm, bk); ++i) {
    auto [row, col] = chunkCoordinates(i, bk);
    chunks.push_back(vector::LoadOp::create(
        b, loc, vectorType, operands.a.stored.matrix,
        ValueRange{arith::AddIOp::create(b, loc, operands.a.base, row),
                   arith::AddIOp::create(b, loc, k0, col)},
        /*nontemporal=*/false, llvm::MaybeAlign(16)));
  }
  return chunks;
}

void SimtTileCopies::storeTileA(ArrayRef<Value> chunks, Value stage) {
  for (auto [i, chunk] : llvm::enumerate(chunks)) {
    auto [row, col] = chunkCoordinates(i, schedule.getBlockK());
    for (int64_t e = 0; e < kSimtSubTile; ++e)
      memref::StoreOp::create(
          b, loc, vector::ExtractOp::create(b, loc, chunk, e),
          operands.a.shared, ValueRange{stage, add(col, e), row});
  }
}

void SimtTileCopies::copyTile(const SimtOperandTiles &tiles, int64_t extent,
                              Value kTile, Value stage, bool firstTile) {
  if (tiles.kAlongRows)
    copyAcrossRows(tiles, extent, kTile, stage, firstTile);
  else
    copyAlongRows(tiles, extent, kTile, stage, firstTile);
}

void SimtTileCopies::copyAcrossRows(const SimtOperandTiles &tiles,
                                    int64_t extent, Value kTile, Value stage,
                                    bool firstTile) {
  // The tile is swept as BK/w column groups of w = min(BK, 8) consecutive K
  // values (one 32-byte sector) by X rows; element e of a sweep is column
  // e % w of row e / w, and the sweeps of the threads follow each other
  // (`perSweep` rows each).
  int64_t bk = schedule.getBlockK();
  int64_t threads = getScheduleResources(schedule).threads;
  int64_t width = std::min<int64_t>(bk, 8);
  int64_t perSweep = threads / width;
  Value k0 = copyOffset(kTile, firstTile);
  Value sub = arith::RemUIOp::create(b, loc, operands.threadId, index(width));
  Value row0 = arith::DivUIOp::create(b, loc, operands.threadId, index(width));
  for (int64_t i = 0; i < extent * bk / threads; ++i) {
    // Row and column group of sweep i: (row0 + i·perSweep) = group·X + x.
    // When one of perSweep and X divides the other (powers of two), the
    // division splits without carries into constants and row0's parts.
    Value x, group;
    int64_t first = i * perSweep;
    if (extent % perSweep == 0) {
      x = add(row0, first % extent);
      group = index(first / extent);
    } else if (perSweep % extent == 0) {
      x = arith::RemUIOp::create(b, loc, row0, index(extent));
      group = add(arith::DivUIOp::create(b, loc, row0, index(extent)),
                  first / extent);
    } else {
      Value rowIndex = add(row0, first);
      x = arith::RemUIOp::create(b, loc, rowIndex, index(extent));
      group = arith::DivUIOp::create(b, loc, rowIndex, index(extent));
    }
    Value k = arith::AddIOp::create(
        b, loc, arith::MulIOp::create(b, loc, group, index(width)), sub);
    Value globalRow = arith::AddIOp::create(b, loc, tiles.base, x);
    Value globalK = arith::AddIOp::create(b, loc, k0, k), source;
    if (kind == SimtCopyKind::Guarded) {
      globalRow = insideOrZero(globalRow, tiles.stored.rows);
      source = guardK(globalK, firstTile);
    }
    copy(tiles.stored.matrix, globalRow, globalK, tiles.shared,
         ValueRange{stage, k, x}, 1, source);
  }
}

void SimtTileCopies::copyAlongRows(const SimtOperandTiles &tiles,
                                   int64_t extent, Value kTile, Value stage,
                                   bool firstTile) {
  Value k0 = copyOffset(kTile, firstTile);
  int64_t bk = schedule.getBlockK();
  for (int64_t i = 0; i < chunksPerThread(bk, extent); ++i) {
    auto [row, col] = chunkCoordinates(i, extent);
    Value k = arith::AddIOp::create(b, loc, k0, row);
    Value column = arith::AddIOp::create(b, loc, tiles.base, col);
    if (kind == SimtCopyKind::Interior) {
      copy(tiles.stored.matrix, k, column, tiles.shared,
           ValueRange{stage, row, col}, kSimtSubTile, /*source=*/Value());
      continue;
    }
    // Guarded: the chunk element by element (the rows may not be 16-byte
    // aligned), zeros below K = 0 in the first tile.
    Value source = guardK(k, firstTile);
    for (int64_t e = 0; e < kSimtSubTile; ++e)
      copy(tiles.stored.matrix, k,
           insideOrZero(add(column, e), tiles.stored.cols), tiles.shared,
           ValueRange{stage, row, add(col, e)}, 1, source);
  }
}
