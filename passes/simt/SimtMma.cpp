//===- SimtMma.cpp - fp32 GEMM on the CUDA cores (FFMA) -------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// tile-simt-mma: rewrites the block-tiled K loop of a
// `#tile.mma<ffma, [TM, TN, 1]>` schedule, with its accumulator and the
// store of it into C, into the classic SGEMM main loop (SimtKernel.h), its
// FFMAs in the order of FfmaOrder.h, and marks the kernels whose FFMA order
// needs ptxas -O1.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "dialect/MatrixLayouts.h"
#include "passes/common/BlockTiledLoop.h"
#include "passes/common/KernelAttributes.h"
#include "passes/common/WholeTileDispatch.h"
#include "passes/simt/FfmaOrder.h"
#include "passes/simt/SimtKernel.h"
#include "passes/simt/SimtSplitK.h"

#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace gemm_opt {
#define GEN_PASS_DEF_TILESIMTMMAPASS
#include "passes/Passes.h.inc"
} // namespace gemm_opt

using namespace mlir;
using namespace gemm_opt;
using namespace gemm_opt::tile;

namespace {

/// Rewrites the block-tiled K loop of an ffma schedule, with the
/// accumulator it updates and the store of it into C.
struct SimtBlockLoop : public OpRewritePattern<scf::ForOp> {
  SimtBlockLoop(MLIRContext *context, FmaOrder fmaOrder,
                llvm::SmallPtrSetImpl<Operation *> &refused)
      : OpRewritePattern(context), fmaOrder(fmaOrder), refused(refused) {}

  LogicalResult matchAndRewrite(scf::ForOp loop,
                                PatternRewriter &rewriter) const override {
    FailureOr<BlockTiledLoop> match = matchBlockTiledLoop(
        loop, MmaKind::ffma, rewriter, /*withAccumulator=*/true);
    if (failed(match))
      return failure();
    auto [mma, viewA, viewB, rowA, colB, kernel, alloc, store] = *match;

    ScheduleAttr schedule = mma.getSchedule();
    Location loc = loop.getLoc();
    rewriter.setInsertionPoint(loop);
    // ceil(K / BK) K tiles; the first one reaches ceil(K/BK)·BK - K below
    // the first K (zeros there).
    int64_t bk = schedule.getBlockK();
    auto constant = [&](int64_t v) -> Value {
      return arith::ConstantIndexOp::create(rewriter, loc, v);
    };
    Value extentK = arith::SubIOp::create(rewriter, loc, loop.getUpperBound(),
                                          loop.getLowerBound());
    Value kTiles = arith::DivUIOp::create(
        rewriter, loc,
        arith::AddIOp::create(rewriter, loc, extentK, constant(bk - 1)),
        constant(bk));
    Value kShift = arith::SubIOp::create(
        rewriter, loc, arith::MulIOp::create(rewriter, loc, kTiles, constant(bk)),
        extentK);
    // The epilogue indexes the whole C (its edges and alignment), so the
    // block's C tile must be a view of it.
    auto tileC = store.getC().getDefiningOp<memref::SubViewOp>();
    if (!tileC)
      return rewriter.notifyMatchFailure(
          store, "the block's C tile is not a subview of the kernel's C");
    // The epilogue writes C row-major; tile-exchange-operands makes a
    // column-major C row-major before the kernel is outlined.
    if (getMatrixOrder(cast<MemRefType>(tileC.getSource().getType())) !=
        MatrixOrder::row) {
      if (refused.insert(mma).second)
        mma.emitOpError()
            << "of an ffma schedule stores into a column-major C, "
               "which the ffma path writes row-major: run "
               "tile-exchange-operands before tile-outline-kernel";
      return failure();
    }
    SimtBlockOperands operands{viewA.getSource(),
                               viewB.getSource(),
                               tileC.getSource(),
                               rowA,
                               colB,
                               loop.getLowerBound(),
                               kTiles,
                               kShift,
                               std::nullopt};
    if (int64_t splits = schedule.getSplitK(); splits > 1) {
      // tile-outline-kernel gives a split_k kernel its workspace.
      operands.splitK = getSplitKWorkspace(kernel);
      if (!operands.splitK)
        return rewriter.notifyMatchFailure(
            store, "the split_k kernel has no workspace arguments");
      SimtSplitRange range = getSimtSplitRange(
          rewriter, loc, splits, operands.lowerK, kTiles, kShift, bk);
      operands.lowerK = range.lowerK;
      operands.kTiles = range.kTiles;
      operands.kShift = range.kShift;
    }
    FailureOr<FusedEpilogue> fused =
        FusedEpilogue::forKernel(kernel, schedule, store);
    if (failed(fused))
      return failure();
    Value acc = allocateSimtAccumulators(rewriter, loc, kernel, schedule);
    buildSimtKernel(
        rewriter, loc, schedule, fmaOrder, operands, *fused, acc, store,
        /*wholeTilesOnly=*/kernel->hasAttr(wholeTileVariantAttrName()));
    // ptxas -O3 would reschedule the FFMAs (needsPtxasO1).
    MmaAttr shape = schedule.getMma();
    if (needsPtxasO1(shape.getM(), shape.getN()))
      // `kernel` is a structured binding, which a lambda cannot capture
      // in C++17: the op goes in by name.
      rewriter.modifyOpInPlace(kernel, [&, op = kernel] {
        setKernelPtxasOptLevel(op, /*level=*/1);
      });
    rewriter.eraseOp(store);
    rewriter.eraseOp(loop);
    rewriter.eraseOp(alloc);
    return success();
  }

  FmaOrder fmaOrder;
  /// The block_mma ops refused with an error of their own (each reported
  /// once, however often the driver retries).
  llvm::SmallPtrSetImpl<Operation *> &refused;
};

struct TileSimtMmaPass
    : public gemm_opt::impl::TileSimtMmaPassBase<TileSimtMmaPass> {
  using TileSimtMmaPassBase::TileSimtMmaPassBase;

  void runOnOperation() override {
    FmaOrder order = FmaOrder::Auto;
    if (fmaOrder == "rows")
      order = FmaOrder::Rows;
    else if (fmaOrder == "blocks")
      order = FmaOrder::Blocks;
    else if (fmaOrder != "auto") {
      getOperation()->emitError() << "tile-simt-mma: unknown fma-order '"
                                  << fmaOrder << "' (auto, rows, blocks)";
      return signalPassFailure();
    }
    RewritePatternSet patterns(&getContext());
    llvm::SmallPtrSet<Operation *, 4> refused;
    patterns.add<SimtBlockLoop>(&getContext(), order, refused);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))) ||
        !refused.empty())
      return signalPassFailure();
    if (failed(reportUnloweredBlockMmas(getOperation(), MmaKind::ffma,
                                        "an ffma schedule", getArgument())))
      signalPassFailure();
  }
};

} // namespace
