//===- StagingColumnStore.cpp - the staging tile into a column-major C ----===//

#include "passes/StagingColumnStore.h"

#include "dialect/MemoryQueries.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "passes/CoalescedElementCopy.h"
#include "passes/GlobalChunkStore.h"
#include "passes/MatrixRows.h"
#include "passes/TransposedView.h"
#include "llvm/ADT/bit.h"

#include <algorithm>

using namespace mlir;
using namespace gemm_opt;
using namespace gemm_opt::tile;

/// Rows per thread and step: one 16-byte store of bf16/f16.
static constexpr int64_t kChunkRows = 8;

int64_t gemm_opt::getChunksReadTogether(const FusedEpilogue &fused,
                                        int64_t lanes) {
  constexpr int64_t maxChunks = 8, budgetBytes = 64 * 4;
  if (!fused.hasFusedOperations())
    return 1;
  int64_t perChunk = std::max<int64_t>(fused.getOperandBytesPerRun(lanes), 1);
  return std::clamp<int64_t>(
      llvm::bit_floor(static_cast<uint64_t>(budgetBytes / perChunk)), 1,
      maxChunks);
}
/// Consecutive threads on consecutive columns at the same rows.
static constexpr int64_t kColumnsPerRun = 8;

void gemm_opt::storeStagingByColumns(OpBuilder &b, Location loc,
                                     const HopperKernelPlan &plan,
                                     Value staging, Value groupThread,
                                     Value rowBase, Value colBase, Value c,
                                     const FusedEpilogue &fused) {
  auto index = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  Type f32 = b.getF32Type();
  Type outType = cast<MemRefType>(c.getType()).getElementType();
  // C's transpose is row-major: a column of C is a row of it, so 16-byte
  // vector stores go there.
  Value transposed = createTransposedView(b, loc, c);
  // The fused epilogue sees C's transpose: a chunk is a run of a row there.
  // Its operands are read as vectors where the staging tile lies inside C
  // and their rows (C's columns) are aligned, else element by element.
  FusedEpilogue onTranspose = fused.onTransposeOfC(b, loc);
  int64_t threads = 128 * plan.warpgroupsPerTile;
  // Columns that take no 16-byte stores: one element per thread and store,
  // consecutive threads on consecutive rows of a column of C.
  auto ifVectors =
      scf::IfOp::create(b, loc, MatrixRows::get(b, loc, transposed).vectorOk,
                        /*withElse=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifVectors.elseBlock());
  copyTileByElements(
      b, loc, groupThread, threads, /*rows=*/plan.blockN,
      /*columns=*/plan.stagingRows, transposed, colBase, rowBase,
      [&](Value column, Value row) -> Value {
        return onTranspose.applyToElement(
            b, loc,
            memref::LoadOp::create(b, loc, staging, ValueRange{row, column}),
            arith::AddIOp::create(b, loc, colBase, column),
            arith::AddIOp::create(b, loc, rowBase, row), outType);
      });
  b.setInsertionPointToStart(ifVectors.thenBlock());
  RowChunkStore columns(b, loc, transposed);
  Value whole = onTranspose.holdsWholeRuns(b, loc, colBase, rowBase,
                                           plan.blockN, plan.stagingRows);
  int64_t chunksPerColumn = plan.stagingRows / kChunkRows;
  int64_t runsPerColumnGroup = chunksPerColumn * kColumnsPerRun;
  int64_t chunks = plan.stagingRows * plan.blockN / kChunkRows;
  auto outx8 = VectorType::get({kChunkRows}, outType);
  // The thread's chunks, getChunksReadTogether() at a time: their fused
  // operands are all read before the first is applied.
  int64_t together = getChunksReadTogether(onTranspose, kChunkRows);
  int64_t perThread = llvm::divideCeil(chunks, threads);
  for (int64_t first = 0; first < perThread; first += together) {
    int64_t count = std::min(together, perThread - first);
    // Each chunk's origin in the staging tile (r, cc) and in C.
    SmallVector<Value> stagingRows, stagingCols, rows, cols;
    for (int64_t i = first; i < first + count; ++i) {
      Value chunk =
          arith::AddIOp::create(b, loc, groupThread, index(i * threads));
      // chunk = (column group, row chunk, column in group), innermost last.
      Value group =
          arith::DivUIOp::create(b, loc, chunk, index(runsPerColumnGroup));
      Value inGroup =
          arith::RemUIOp::create(b, loc, chunk, index(runsPerColumnGroup));
      Value r = arith::MulIOp::create(
          b, loc,
          arith::DivUIOp::create(b, loc, inGroup, index(kColumnsPerRun)),
          index(kChunkRows));
      Value cc = arith::AddIOp::create(
          b, loc, arith::MulIOp::create(b, loc, group, index(kColumnsPerRun)),
          arith::RemUIOp::create(b, loc, inGroup, index(kColumnsPerRun)));
      stagingRows.push_back(r);
      stagingCols.push_back(cc);
    }
    // The chunk's origin in C.
    auto origin = [&](int64_t i) {
      rows.push_back(arith::AddIOp::create(b, loc, rowBase, stagingRows[i]));
      cols.push_back(arith::AddIOp::create(b, loc, colBase, stagingCols[i]));
    };
    // On the transpose a chunk is a run of row `col` from column `row`.
    SmallVector<FusedEpilogue::Operands> operands;
    if (fused.hasFusedOperations()) {
      for (int64_t i = 0; i < count; ++i)
        origin(i);
      operands = onTranspose.loadOperands(b, loc, cols, rows, kChunkRows,
                                          /*alignment=*/16, whole);
    }
    for (int64_t i = 0; i < count; ++i) {
      SmallVector<Value> elements;
      for (int64_t e = 0; e < kChunkRows; ++e)
        elements.push_back(memref::LoadOp::create(
            b, loc, staging,
            ValueRange{arith::AddIOp::create(b, loc, stagingRows[i], index(e)),
                       stagingCols[i]}));
      Value values = vector::FromElementsOp::create(
          b, loc, VectorType::get({kChunkRows}, f32), elements);
      if (fused.hasFusedOperations())
        values = onTranspose.apply(b, loc, values, cols[i], rows[i],
                                   /*alignment=*/16, whole, operands[i]);
      if (outType != f32)
        values = arith::TruncFOp::create(b, loc, outx8, values);
      if (!fused.hasFusedOperations())
        origin(i);
      columns.store(values, cols[i], rows[i]);
    }
  }
}
