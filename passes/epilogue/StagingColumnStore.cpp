//===- StagingColumnStore.cpp - the staging tile into a column-major C ----===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "passes/epilogue/StagingColumnStore.h"

#include "dialect/MemoryQueries.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "passes/epilogue/CoalescedElementCopy.h"
#include "passes/epilogue/FusedChunkCopy.h"
#include "passes/epilogue/GlobalChunkStore.h"
#include "passes/common/MatrixRows.h"
#include "passes/common/TransposedView.h"

using namespace mlir;
using namespace gemm_opt;
using namespace gemm_opt::tile;

/// Rows per thread and step: one 16-byte store of bf16/f16.
static constexpr int64_t kChunkRows = 8;

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
  copyTileByElementsThroughEpilogue(
      b, loc, onTranspose, groupThread, threads, /*rows=*/plan.blockN,
      /*columns=*/plan.stagingRows, transposed, colBase, rowBase,
      [&](Value column, Value row) -> Value {
        return memref::LoadOp::create(b, loc, staging, ValueRange{row, column});
      });
  b.setInsertionPointToStart(ifVectors.thenBlock());
  RowChunkStore columns(b, loc, transposed);
  Value whole = onTranspose.holdsWholeRuns(b, loc, colBase, rowBase,
                                           plan.blockN, plan.stagingRows);
  int64_t chunksPerColumn = plan.stagingRows / kChunkRows;
  int64_t runsPerColumnGroup = chunksPerColumn * kColumnsPerRun;
  int64_t chunks = plan.stagingRows * plan.blockN / kChunkRows;
  threads = getCopyingThreads(chunks, threads);
  int64_t perThread = chunks / threads;
  guardCopyingThreads(b, loc, groupThread, threads,
                      128 * plan.warpgroupsPerTile);
  auto at = [&](int64_t i) {
    Value chunk =
        arith::AddIOp::create(b, loc, groupThread, index(i * threads));
    // chunk = (column group, row chunk, column in group), innermost last.
    Value group =
        arith::DivUIOp::create(b, loc, chunk, index(runsPerColumnGroup));
    Value inGroup =
        arith::RemUIOp::create(b, loc, chunk, index(runsPerColumnGroup));
    Value r = arith::MulIOp::create(
        b, loc, arith::DivUIOp::create(b, loc, inGroup, index(kColumnsPerRun)),
        index(kChunkRows));
    Value cc = arith::AddIOp::create(
        b, loc, arith::MulIOp::create(b, loc, group, index(kColumnsPerRun)),
        arith::RemUIOp::create(b, loc, inGroup, index(kColumnsPerRun)));
    return std::make_pair(r, cc);
  };
  // The chunk's 8 rows of one column of the staging tile.
  auto load = [&](int64_t, Value r, Value cc) -> Value {
    SmallVector<Value> elements;
    for (int64_t e = 0; e < kChunkRows; ++e)
      elements.push_back(memref::LoadOp::create(
          b, loc, staging,
          ValueRange{arith::AddIOp::create(b, loc, r, index(e)), cc}));
    return vector::FromElementsOp::create(
        b, loc, VectorType::get({kChunkRows}, f32), elements);
  };
  // Down C's column: a run of a row of its transpose.
  auto store = [&](Value values, Value row, Value col) {
    columns.store(values, col, row);
  };
  copyChunksThroughEpilogue(b, loc, onTranspose, /*onTranspose=*/true, whole,
                            perThread, kChunkRows, outType, rowBase, colBase,
                            ChunkCopy{at, load, store});
}
