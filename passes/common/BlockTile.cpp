//===- BlockTile.cpp - one thread block's tile and K loop -----------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "passes/common/BatchEntryView.h"
#include "passes/common/TileRasterization.h"

#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace gemm_opt {
#define GEN_PASS_DEF_TILEBLOCKTILEPASS
#include "passes/Passes.h.inc"
} // namespace gemm_opt

using namespace mlir;
using namespace gemm_opt;
using namespace gemm_opt::tile;

namespace {

/// A `rows×cols` view of `matrix` at (`row`, `col`).
Value tileView(OpBuilder &builder, Location loc, Value matrix, Value row,
               Value col, int64_t rows, int64_t cols) {
  SmallVector<OpFoldResult> offsets{row, col};
  SmallVector<OpFoldResult> sizes{builder.getIndexAttr(rows),
                                  builder.getIndexAttr(cols)};
  SmallVector<OpFoldResult> strides{builder.getIndexAttr(1),
                                    builder.getIndexAttr(1)};
  return memref::SubViewOp::create(builder, loc, matrix, offsets, sizes,
                                   strides);
}

/// The (row, column) of the C tile block (x, y) computes. A cluster of
/// clusterN × clusterM blocks (x, y) computes a clusterM × clusterN patch of
/// tiles; the raster order walks those patches.
std::pair<Value, Value> tileCoordinates(OpBuilder &b, Location loc,
                                        ScheduleAttr schedule) {
  Value blockX = gpu::BlockIdOp::create(b, loc, gpu::Dimension::x);
  Value blockY = gpu::BlockIdOp::create(b, loc, gpu::Dimension::y);
  if (schedule.getRasterGroup() == 1)
    return {blockY, blockX};
  auto index = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  auto [clusterM, clusterN] = schedule.getClusterShape();
  Value cm = index(clusterM), cn = index(clusterN);
  // The runtime launches whole clusters: the grid divides evenly.
  Value patchesN = arith::DivUIOp::create(
      b, loc, gpu::GridDimOp::create(b, loc, gpu::Dimension::x), cn);
  Value patchesM = arith::DivUIOp::create(
      b, loc, gpu::GridDimOp::create(b, loc, gpu::Dimension::y), cm);
  Value linear = arith::AddIOp::create(
      b, loc,
      arith::MulIOp::create(b, loc, arith::DivUIOp::create(b, loc, blockY, cm),
                            patchesN),
      arith::DivUIOp::create(b, loc, blockX, cn));
  auto [patchRow, patchCol] =
      rasterizeTile(b, loc, schedule, linear, patchesM, patchesN);
  if (clusterM * clusterN == 1)
    return {patchRow, patchCol};
  return {arith::AddIOp::create(b, loc,
                                arith::MulIOp::create(b, loc, patchRow, cm),
                                arith::RemUIOp::create(b, loc, blockY, cm)),
          arith::AddIOp::create(b, loc,
                                arith::MulIOp::create(b, loc, patchCol, cn),
                                arith::RemUIOp::create(b, loc, blockX, cn))};
}

struct TileGemmByBlock : public OpRewritePattern<GemmOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(GemmOp gemm,
                                PatternRewriter &rewriter) const override {
    if (!gemm->getParentOfType<gpu::GPUFuncOp>())
      return rewriter.notifyMatchFailure(gemm, "not inside a kernel");
    ScheduleAttr schedule = gemm.getScheduleAttr();
    Location loc = gemm.getLoc();
    int64_t bm = schedule.getBlockM(), bn = schedule.getBlockN(),
            bk = schedule.getBlockK();

    // A batched GEMM: the block's batch entry is blockIdx.z, and the rest
    // works on that entry's matrices (a persistent grid's tile walk, which
    // tile-warp-specialize builds, picks the entry per tile instead).
    // A contiguous grouped GEMM's A and C are matrices and only B is a batch
    // (one matrix per group): its entry is the block's group, which the
    // grouped tile walk picks per tile (tile-warp-specialize).
    Value a = gemm.getA(), b = gemm.getB(), c = gemm.getC();
    if (gemm.isBatched() || gemm.getGroupOffsets()) {
      Value batch = gpu::BlockIdOp::create(rewriter, loc, gpu::Dimension::z);
      bool batched = gemm.isBatched();
      if (batched)
        a = viewBatchEntry(rewriter, loc, a, batch);
      b = viewBatchEntry(rewriter, loc, b, batch);
      if (batched)
        c = viewBatchEntry(rewriter, loc, c, batch);
    }

    // The block owns the C tile at rows tileRow·BM, columns tileCol·BN.
    auto [tileRow, tileCol] = tileCoordinates(rewriter, loc, schedule);
    Value rowBase = arith::MulIOp::create(
        rewriter, loc, tileRow, arith::ConstantIndexOp::create(rewriter, loc, bm));
    Value colBase = arith::MulIOp::create(
        rewriter, loc, tileCol, arith::ConstantIndexOp::create(rewriter, loc, bn));

    auto accType = AccumulatorType::get(getContext(), {bm, bn},
                                        schedule.getElements().getAcc());
    Value acc =
        AllocAccumulatorOp::create(rewriter, loc, accType, schedule);

    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value step = arith::ConstantIndexOp::create(rewriter, loc, bk);
    Value extentK = memref::DimOp::create(rewriter, loc, a, 1);
    auto loop = scf::ForOp::create(rewriter, loc, zero, extentK, step);
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(loop.getBody());
      Value k = loop.getInductionVar();
      Value tileA = tileView(rewriter, loc, a, rowBase, k, bm, bk);
      Value tileB = tileView(rewriter, loc, b, k, colBase, bk, bn);
      BlockMmaOp::create(rewriter, loc, acc, tileA, tileB, schedule);
    }
    Value tileC = tileView(rewriter, loc, c, rowBase, colBase, bm, bn);
    StoreAccumulatorOp::create(rewriter, loc, acc, tileC, schedule);
    rewriter.eraseOp(gemm);
    return success();
  }
};

struct TileBlockTilePass
    : public gemm_opt::impl::TileBlockTilePassBase<TileBlockTilePass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<TileGemmByBlock>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
