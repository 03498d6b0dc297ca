//===- StagingEpilogue.cpp - wgmma accumulators to C through shared memory
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//-===//

#include "passes/epilogue/StagingEpilogue.h"

#include "dialect/MemoryQueries.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "passes/epilogue/CoalescedElementCopy.h"
#include "passes/epilogue/FusedChunkCopy.h"
#include "passes/epilogue/GlobalChunkStore.h"
#include "passes/common/MatrixRows.h"
#include "passes/common/SharedMemoryView.h"
#include "passes/epilogue/StagingColumnStore.h"

using namespace mlir;
using namespace gemm_opt;
using namespace gemm_opt::tile;

Value StagingEpilogue::index(int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

Value StagingEpilogue::view(int64_t byteOffset, ArrayRef<int64_t> shape) {
  return viewSharedMemory(b, loc, raw, index(byteOffset), shape,
                          b.getF32Type());
}

Value StagingEpilogue::stagingView() {
  return view(plan.stagingOffset, {plan.stagingRows, plan.stagingRowElements});
}

void StagingEpilogue::storeAccumulator(Value warpgroup, Value acc, Value row,
                                       Value col) {
  int64_t stride = plan.stagingRowElements;
  // warpgroup.mma.store adds 64 rows per warpgroup below this one (it
  // indexes rows by the block-wide warp index), so each warpgroup's view
  // starts 64·warpgroup rows above its part of the staging tile. The
  // view is lowered by `lead` rows to keep that offset non-negative; the
  // rows before the staging tile are never written.
  int64_t lead = plan.stagingLeadRows;
  int64_t leadBytes = lead * stride * 4;
  Value storeView =
      view(plan.stagingOffset - leadBytes, {lead + plan.stagingRows, stride});
  Value viewRow = arith::SubIOp::create(
      b, loc, arith::AddIOp::create(b, loc, row, index(lead)),
      arith::MulIOp::create(b, loc, warpgroup, index(64)));
  SmallVector<OpFoldResult> offsets{viewRow, col};
  SmallVector<OpFoldResult> sizes{b.getIndexAttr(plan.warpM),
                                  b.getIndexAttr(plan.warpN)};
  SmallVector<OpFoldResult> strides(2, b.getIndexAttr(1));
  Value mine =
      memref::SubViewOp::create(b, loc, storeView, offsets, sizes, strides);
  nvgpu::WarpgroupMmaStoreOp::create(b, loc, acc, mine);
}

void StagingEpilogue::copyToGlobal(Value groupThread, Value rowBase,
                                   Value colBase, Value c) {
  Type f32 = b.getF32Type();
  Value staging = stagingView();
  // The fused epilogue reads C where the copy stores it (a batch entry's
  // view of a batched C).
  FusedEpilogue fused = this->fused.readingC(b, loc, c);
  if (plan.columnMajorC())
    return storeStagingByColumns(b, loc, plan, staging, groupThread, rowBase,
                                 colBase, c, fused);
  Type outType = cast<MemRefType>(c.getType()).getElementType();
  int64_t threads = 128 * plan.warpgroupsPerTile;
  // Rows that take no 16-byte stores: one element per thread and store,
  // consecutive threads on consecutive elements.
  auto ifVectors = scf::IfOp::create(
      b, loc, MatrixRows::get(b, loc, c).vectorOk, /*withElse=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifVectors.elseBlock());
  copyTileByElementsThroughEpilogue(
      b, loc, fused, groupThread, threads, plan.stagingRows, plan.blockN, c,
      rowBase, colBase, [&](Value r, Value cc) -> Value {
        return memref::LoadOp::create(b, loc, staging, ValueRange{r, cc});
      });
  b.setInsertionPointToStart(ifVectors.thenBlock());
  RowChunkStore chunks(b, loc, c);
  int64_t chunksPerRow = plan.blockN / 8;
  auto f32x8 = VectorType::get({8}, f32);
  // A fused epilogue reads its operands as vectors where the staged rows
  // lie inside C and their rows are aligned, else element by element.
  Value whole = fused.holdsWholeRuns(b, loc, rowBase, colBase, plan.stagingRows,
                                     plan.blockN);
  int64_t tileChunks = plan.stagingRows * chunksPerRow;
  threads = getCopyingThreads(tileChunks, threads);
  int64_t perThread = tileChunks / threads;
  guardCopyingThreads(b, loc, groupThread, threads,
                      128 * plan.warpgroupsPerTile);
  auto at = [&](int64_t i) {
    Value chunk =
        arith::AddIOp::create(b, loc, groupThread, index(i * threads));
    Value r = arith::DivUIOp::create(b, loc, chunk, index(chunksPerRow));
    Value cc = arith::MulIOp::create(
        b, loc, arith::RemUIOp::create(b, loc, chunk, index(chunksPerRow)),
        index(8));
    return std::make_pair(r, cc);
  };
  auto load = [&](int64_t, Value r, Value cc) -> Value {
    return vector::LoadOp::create(b, loc, f32x8, staging, ValueRange{r, cc});
  };
  auto store = [&](Value values, Value row, Value col) {
    chunks.store(values, row, col);
  };
  copyChunksThroughEpilogue(b, loc, fused, /*onTranspose=*/false, whole,
                            perThread, /*lanes=*/8, outType, rowBase, colBase,
                            ChunkCopy{at, load, store});
}
