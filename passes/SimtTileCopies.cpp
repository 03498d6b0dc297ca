//===- SimtTileCopies.cpp - global → shared copies of the SIMT path -------===//

#include "passes/SimtTileCopies.h"

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
  Value chunk = add(operands.threadId, i * schedule.getThreadCount());
  Value row = arith::DivUIOp::create(b, loc, chunk, index(chunksPerRow));
  Value col = arith::MulIOp::create(
      b, loc, arith::RemUIOp::create(b, loc, chunk, index(chunksPerRow)),
      index(kSimtSubTile));
  return {row, col};
}

int64_t SimtTileCopies::chunksPerThread(int64_t rows, int64_t cols) const {
  return rows * cols / kSimtSubTile / schedule.getThreadCount();
}

SmallVector<Value> SimtTileCopies::loadTileA(Value kTile) {
  assert(kind == SimtCopyKind::Interior && "A passes through registers only "
                                           "in interior blocks");
  Value k0 = kOffset(kTile);
  auto vectorType = VectorType::get({kSimtSubTile}, b.getF32Type());
  SmallVector<Value> chunks;
  int64_t bm = schedule.getBlockM(), bk = schedule.getBlockK();
  for (int64_t i = 0; i < chunksPerThread(bm, bk); ++i) {
    auto [row, col] = chunkCoordinates(i, bk);
    chunks.push_back(vector::LoadOp::create(
        b, loc, vectorType, operands.geometryA.matrix,
        ValueRange{arith::AddIOp::create(b, loc, operands.rowBase, row),
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
          b, loc, vector::ExtractOp::create(b, loc, chunk, e), operands.sharedA,
          ValueRange{stage, add(col, e), row});
  }
}

void SimtTileCopies::copyTileA(Value kTile, Value stage, bool firstTile) {
  // The tile is swept as BK/w column groups of w = min(BK, 8) consecutive K
  // values (one 32-byte sector) by BM rows; element e of a sweep is column
  // e % w of row e / w, and the sweeps of the threads follow each other
  // (`perSweep` rows each).
  int64_t bm = schedule.getBlockM(), bk = schedule.getBlockK();
  int64_t threads = schedule.getThreadCount();
  int64_t width = std::min<int64_t>(bk, 8);
  int64_t perSweep = threads / width;
  Value k0 = copyOffset(kTile, firstTile);
  Value sub = arith::RemUIOp::create(b, loc, operands.threadId, index(width));
  Value row0 = arith::DivUIOp::create(b, loc, operands.threadId, index(width));
  for (int64_t i = 0; i < bm * bk / threads; ++i) {
    // Row and column group of sweep i: (row0 + i·perSweep) = group·BM + m.
    // When one of perSweep and BM divides the other (powers of two), the
    // division splits without carries into constants and row0's parts.
    Value m, group;
    int64_t first = i * perSweep;
    if (bm % perSweep == 0) {
      m = add(row0, first % bm);
      group = index(first / bm);
    } else if (perSweep % bm == 0) {
      m = arith::RemUIOp::create(b, loc, row0, index(bm));
      group = add(arith::DivUIOp::create(b, loc, row0, index(bm)), first / bm);
    } else {
      Value rowIndex = add(row0, first);
      m = arith::RemUIOp::create(b, loc, rowIndex, index(bm));
      group = arith::DivUIOp::create(b, loc, rowIndex, index(bm));
    }
    Value k = arith::AddIOp::create(
        b, loc, arith::MulIOp::create(b, loc, group, index(width)), sub);
    Value globalRow = arith::AddIOp::create(b, loc, operands.rowBase, m);
    Value globalK = arith::AddIOp::create(b, loc, k0, k), source;
    if (kind == SimtCopyKind::Guarded) {
      globalRow = insideOrZero(globalRow, operands.geometryA.rows);
      source = guardK(globalK, firstTile);
    }
    copy(operands.geometryA.matrix, globalRow, globalK, operands.sharedA,
         ValueRange{stage, k, m}, 1, source);
  }
}

void SimtTileCopies::copyTileB(Value kTile, Value stage, bool firstTile) {
  Value k0 = copyOffset(kTile, firstTile);
  const MatrixRows &bRows = operands.geometryB;
  int64_t bk = schedule.getBlockK(), bn = schedule.getBlockN();
  for (int64_t i = 0; i < chunksPerThread(bk, bn); ++i) {
    auto [row, col] = chunkCoordinates(i, bn);
    Value k = arith::AddIOp::create(b, loc, k0, row);
    Value column = arith::AddIOp::create(b, loc, operands.colBase, col);
    if (kind == SimtCopyKind::Interior) {
      copy(bRows.matrix, k, column, operands.sharedB,
           ValueRange{stage, row, col}, kSimtSubTile, /*source=*/Value());
      continue;
    }
    // Guarded: the chunk element by element (B's rows may not be 16-byte
    // aligned), zeros below K = 0 in the first tile.
    Value source = guardK(k, firstTile);
    for (int64_t e = 0; e < kSimtSubTile; ++e)
      copy(bRows.matrix, k, insideOrZero(add(column, e), bRows.cols),
           operands.sharedB, ValueRange{stage, row, add(col, e)}, 1, source);
  }
}
