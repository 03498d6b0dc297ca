//===- TransposeTile.cpp - tile.transpose through a shared-memory tile ----===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Lowers the tile.transpose of a kernel (made by tile-outline-kernel) to the
// work of one thread block, which moves the TR×TC tile of src at
// (r0, c0) = (blockIdx.y·TR, blockIdx.x·TC) into the TC×TR tile of dst at
// (c0, r0):
//
//   load phase:  thread (tx, ty) = (tid % TX, tid / TX) reads, for each step
//                (i, j), `vector` elements of src row r0 + i·TY + ty from
//                column c0 + (j·TX + tx)·vector (consecutive threads take
//                consecutive chunks of a row: coalesced), and stores them
//                into the staging tile S[TR][TC (+pad)] in src orientation;
//   gpu.barrier;
//   store phase: thread (tx, ty) gathers, for each step (i, j), the
//                `vector` elements S[q .. q+vector][p] (p = i·TY + ty,
//                q = (j·TX + tx)·vector) and writes them to dst row c0 + p
//                from column r0 + q: again consecutive threads take
//                consecutive chunks of a row.
//
// The staging tile's layout (#tile.pad: longer rows; #tile.swizzle<W>:
// column XOR row mod W/sizeof(element)) spreads the column accesses of the
// store phase over the banks. Each phase is an scf.if: blocks whose tile
// lies inside the matrices, when both are aligned for `vector`-wide
// accesses (pointer, offset and leading dimension), use vector loads and
// stores (ld.global.v4 / st.global.v4 for f32 and vector = 4); the others
// use element accesses, each predicated on its row and column, so every
// M, N ≥ 1 works.
//
// A batched transpose (3-D src and dst) runs its entries along grid z: the
// block works on the 2-D views of entry blockIdx.z (BatchEntryView.h), so
// the alignment test of the fast path covers each entry's offset.
//
//===----------------------------------------------------------------------===//

#include "passes/copy/TransposeTile.h"

#include "dialect/MemoryQueries.h"
#include "passes/common/BatchEntryView.h"
#include "passes/common/KernelOpLowering.h"
#include "passes/copy/MatrixMoveBuilder.h"
#include "passes/Passes.h"
#include "passes/common/SharedMemoryView.h"

namespace gemm_opt {
#define GEN_PASS_DEF_TILETRANSPOSEPASS
#include "passes/Passes.h.inc"
} // namespace gemm_opt

using namespace mlir;
using namespace gemm_opt;
using namespace gemm_opt::tile;

namespace {

/// Builds one block's transpose in place of a kernel's tile.transpose.
class TransposeKernelBuilder : MatrixMoveBuilder {
public:
  TransposeKernelBuilder(PatternRewriter &b, TransposeOp op)
      : MatrixMoveBuilder(b, op.getLoc()), schedule(op.getScheduleAttr()),
        src(op.getSrc()), dst(op.getDst()),
        elementType(op.getSrc().getType().getElementType()),
        vector(schedule.getVector()) {}

  void build() {
    computeCoordinates();
    createStagingTile();
    Value fast = isFastBlock();
    ifElse(fast, [&] { loadPhase(/*vectorized=*/true); },
           [&] { loadPhase(/*vectorized=*/false); });
    gpu::BarrierOp::create(b, loc);
    ifElse(fast, [&] { storePhase(/*vectorized=*/true); },
           [&] { storePhase(/*vectorized=*/false); });
  }

private:
  void computeCoordinates() {
    std::tie(threadX, threadY) = getThreadCoordinates(schedule.getThreadsX());
    rowBase = mul(gpu::BlockIdOp::create(b, loc, gpu::Dimension::y),
                  schedule.getTileRows());
    colBase = mul(gpu::BlockIdOp::create(b, loc, gpu::Dimension::x),
                  schedule.getTileCols());
    viewBlockBatchEntry(src, dst);
    rows = memref::DimOp::create(b, loc, src, 0);
    cols = memref::DimOp::create(b, loc, src, 1);
  }

  /// The TR×(TC+pad) staging tile at the start of dynamic shared memory.
  void createStagingTile() {
    auto workgroup = gpu::AddressSpaceAttr::get(b.getContext(),
                                                gpu::AddressSpace::Workgroup);
    Value raw = getDynamicSharedMemory(b, loc);
    staging = memref::ViewOp::create(
        b, loc,
        MemRefType::get(
            {schedule.getTileRows(), schedule.getStagingRowElements()},
            elementType, nullptr, workgroup),
        raw, index(0), ValueRange{});
  }

  /// Whether this block takes the vectorized path: its tile lies inside
  /// src (so its dst tile inside dst) and both matrices are aligned.
  Value isFastBlock() {
    Value inside =
        both(lessEqual(add(rowBase, schedule.getTileRows()), rows),
             lessEqual(add(colBase, schedule.getTileCols()), cols));
    if (vector == 1)
      return inside;
    return both(inside, both(isVectorAligned(src, vector),
                             isVectorAligned(dst, vector)));
  }

  /// Staging-tile indices of logical element (row, col).
  SmallVector<Value, 2> stagingIndices(Value row, Value col) {
    int64_t mask = schedule.getSwizzleMask(elementType);
    if (mask == 0)
      return {row, col};
    Value bits = arith::AndIOp::create(b, loc, row, index(mask));
    return {row, arith::XOrIOp::create(b, loc, col, bits)};
  }

  /// Steps of one phase over a `tileRows×tileCols` tile: (row, first
  /// column) of this thread's chunk in each.
  SmallVector<std::pair<Value, Value>> chunks(int64_t tileRows,
                                              int64_t tileCols) {
    int64_t tx = schedule.getThreadsX(), ty = schedule.getThreadsY();
    SmallVector<std::pair<Value, Value>> result;
    for (int64_t i = 0; i < tileRows / ty; ++i)
      for (int64_t j = 0; j < tileCols / (tx * vector); ++j)
        result.push_back({add(threadY, i * ty),
                          add(mul(threadX, vector), j * tx * vector)});
    return result;
  }

  /// src tile → staging tile, in src orientation.
  void loadPhase(bool vectorized) {
    auto vectorType = VectorType::get({vector}, elementType);
    // Named values, not structured bindings: lambdas below capture them.
    for (const std::pair<Value, Value> &step :
         chunks(schedule.getTileRows(), schedule.getTileCols())) {
      Value row = step.first, col = step.second;
      Value srcRow = add(rowBase, row), srcCol = add(colBase, col);
      if (vectorized) {
        Value chunk = vector::LoadOp::create(
            b, loc, vectorType, src, ValueRange{srcRow, srcCol},
            /*nontemporal=*/false,
            llvm::MaybeAlign(vector * getByteWidth(elementType)));
        for (int64_t e = 0; e < vector; ++e)
          memref::StoreOp::create(b, loc,
                                  vector::ExtractOp::create(b, loc, chunk, e),
                                  staging, stagingIndices(row, add(col, e)));
        continue;
      }
      Value rowInside = less(srcRow, rows);
      for (int64_t e = 0; e < vector; ++e)
        predicated(both(rowInside, less(add(srcCol, e), cols)), [&] {
          Value value = memref::LoadOp::create(
              b, loc, src, ValueRange{srcRow, add(srcCol, e)});
          memref::StoreOp::create(b, loc, value, staging,
                                  stagingIndices(row, add(col, e)));
        });
    }
  }

  /// Staging tile, read along its columns → dst tile.
  void storePhase(bool vectorized) {
    auto vectorType = VectorType::get({vector}, elementType);
    // A dst row is a staging column: p indexes src columns, q src rows.
    for (const std::pair<Value, Value> &step :
         chunks(schedule.getTileCols(), schedule.getTileRows())) {
      Value p = step.first, q = step.second;
      Value dstRow = add(colBase, p), dstCol = add(rowBase, q);
      auto readStaging = [&](int64_t e) -> Value {
        return memref::LoadOp::create(b, loc, staging,
                                      stagingIndices(add(q, e), p));
      };
      if (vectorized) {
        SmallVector<Value> values;
        for (int64_t e = 0; e < vector; ++e)
          values.push_back(readStaging(e));
        Value chunk =
            vector::FromElementsOp::create(b, loc, vectorType, values);
        vector::StoreOp::create(
            b, loc, chunk, dst, ValueRange{dstRow, dstCol},
            /*nontemporal=*/false,
            llvm::MaybeAlign(vector * getByteWidth(elementType)));
        continue;
      }
      Value rowInside = less(dstRow, cols);
      for (int64_t e = 0; e < vector; ++e)
        predicated(both(rowInside, less(add(dstCol, e), rows)), [&] {
          memref::StoreOp::create(b, loc, readStaging(e), dst,
                                  ValueRange{dstRow, add(dstCol, e)});
        });
    }
  }

  TransposeScheduleAttr schedule;
  Value src, dst;
  Type elementType;
  int64_t vector;
  Value threadX, threadY, rowBase, colBase, rows, cols, staging;
};

struct TileTransposePass
    : public gemm_opt::impl::TileTransposePassBase<TileTransposePass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateTransposeTilePatterns(patterns);
    if (failed(lowerKernelOps<TransposeOp>(
            getOperation(), std::move(patterns), "tile-transpose")))
      signalPassFailure();
  }
};

} // namespace

void gemm_opt::populateTransposeTilePatterns(RewritePatternSet &patterns) {
  patterns.add<LowerInKernel<TransposeOp, TransposeKernelBuilder>>(
      patterns.getContext());
}
