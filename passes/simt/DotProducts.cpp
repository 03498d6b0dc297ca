//===- DotProducts.cpp - thin GEMMs on the CUDA cores ---------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// tile-dot-products: rewrites the block-tiled K loop of a `#tile.mma<dot,
// ...>` schedule, with its accumulator and the store of it into C, into a
// kernel that reads its operands straight from global memory: warp-wide
// dot products along K for [1, 1, V] (DotKernel.h), lanes along the rows
// of B for [1, V, U] (DotAlongNKernel.h).
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "dialect/DotScheduleVerifier.h"
#include "passes/common/BlockTiledLoop.h"
#include "passes/simt/DotAlongNKernel.h"
#include "passes/simt/DotKernel.h"

#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace gemm_opt {
#define GEN_PASS_DEF_TILEDOTPRODUCTSPASS
#include "passes/Passes.h.inc"
} // namespace gemm_opt

using namespace mlir;
using namespace gemm_opt;
using namespace gemm_opt::tile;

namespace {

/// Rewrites the block-tiled K loop of a dot schedule, with the accumulator
/// it updates and the store of it into C.
struct DotBlockLoop : public OpRewritePattern<scf::ForOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(scf::ForOp loop,
                                PatternRewriter &rewriter) const override {
    FailureOr<BlockTiledLoop> match = matchBlockTiledLoop(
        loop, MmaKind::dot, rewriter, /*withAccumulator=*/true);
    if (failed(match))
      return failure();
    auto [mma, viewA, viewB, rowA, colB, kernel, alloc, store] = *match;
    // The stores index the whole C (its edges), so the block's C tile must
    // be a view of it.
    auto tileC = store.getC().getDefiningOp<memref::SubViewOp>();
    if (!tileC)
      return rewriter.notifyMatchFailure(
          store, "the block's C tile is not a subview of the kernel's C");
    ScheduleAttr schedule = mma.getSchedule();
    FailureOr<FusedEpilogue> fused =
        FusedEpilogue::forKernel(kernel, schedule, store);
    if (failed(fused))
      return failure();
    rewriter.setInsertionPoint(loop);
    DotBlockOperands operands{viewA.getSource(),
                              viewB.getSource(),
                              tileC.getSource(),
                              rowA,
                              colB,
                              loop.getLowerBound(),
                              loop.getUpperBound()};
    if (isDotAlongN(schedule)) {
      std::optional<SplitKWorkspace> splitK;
      if (schedule.getSplitK() > 1) {
        // tile-outline-kernel gives a split_k kernel its workspace.
        splitK = getSplitKWorkspace(kernel);
        if (!splitK)
          return rewriter.notifyMatchFailure(
              store, "the split_k kernel has no workspace arguments");
      }
      buildDotAlongNKernel(rewriter, loop.getLoc(), schedule, operands, splitK,
                           *fused);
    } else {
      buildDotKernel(rewriter, loop.getLoc(), schedule, operands, *fused);
    }
    rewriter.eraseOp(store);
    rewriter.eraseOp(loop);
    rewriter.eraseOp(alloc);
    return success();
  }
};

struct TileDotProductsPass
    : public gemm_opt::impl::TileDotProductsPassBase<TileDotProductsPass> {
  using TileDotProductsPassBase::TileDotProductsPassBase;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<DotBlockLoop>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
    if (failed(reportUnloweredBlockMmas(getOperation(), MmaKind::dot,
                                        "a dot schedule", getArgument())))
      signalPassFailure();
  }
};

} // namespace
