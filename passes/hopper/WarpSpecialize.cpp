//===- WarpSpecialize.cpp - tile-warp-specialize -------------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Rewrites the block-tiled K loop of a wgmma schedule (tile-block-tile's K
// loop of tile.block_mma on global tiles, in a kernel that takes the tensor
// maps of A and B) into the body of a warp-specialized Hopper kernel
// (passes/hopper/WarpSpecializedKernel.h): this file matches the loop, gathers
// what the body works on (the block's tiles, K extent, tensor maps, C's
// map, the split-K / stream-K workspace, a batched kernel's 3-D operands)
// and refuses what the lowering does not implement.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "passes/common/BatchEntryView.h"
#include "passes/hopper/BatchedTmaLoad.h"
#include "passes/common/BlockTiledLoop.h"
#include "passes/hopper/HopperKernelPlan.h"
#include "passes/common/KernelAttributes.h"
#include "passes/hopper/WarpSpecializedKernel.h"

#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace gemm_opt {
#define GEN_PASS_DEF_TILEWARPSPECIALIZEPASS
#include "passes/Passes.h.inc"
} // namespace gemm_opt

using namespace mlir;
using namespace gemm_opt;
using namespace gemm_opt::tile;

namespace {

/// Rewrites the block-tiled K loop of a wgmma schedule.
struct WarpSpecializeBlockLoop : public OpRewritePattern<scf::ForOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(scf::ForOp loop,
                                PatternRewriter &rewriter) const override {
    FailureOr<BlockTiledLoop> match = matchBlockTiledLoop(
        loop, MmaKind::wgmma, rewriter, /*withAccumulator=*/true);
    if (failed(match))
      return failure();
    auto [mma, viewA, viewB, rowA, colB, kernel, alloc, store] = *match;
    auto viewC = store.getC().getDefiningOp<memref::SubViewOp>();
    std::optional<TmaDescriptorArguments> descriptors =
        getTmaDescriptorArguments(kernel);
    if (!viewC || !descriptors)
      return rewriter.notifyMatchFailure(loop, "kernel has no TMA descriptors");

    ScheduleAttr schedule = mma.getSchedule();
    HopperKernelPlan plan = planHopperKernel(
        schedule, getKernelEpilogue(kernel), getKernelLayouts(kernel));
    if (!plan.tmaStore && !plan.hasStagingLead())
      return rewriter.notifyMatchFailure(
          loop, "staging tile has no room for the store views' lead rows");
    // Before any IR is created: a kernel without the operands fails here.
    FailureOr<FusedEpilogue> fused =
        FusedEpilogue::forKernel(kernel, schedule, mma);
    if (failed(fused))
      return failure();
    FailureOr<OperandScales> scales =
        OperandScales::forKernel(kernel, schedule, mma);
    if (failed(scales))
      return failure();
    // A batched kernel's tiles are views of one batch entry of its 3-D
    // operands (tile-block-tile).
    std::optional<BatchEntry> entryA, entryB, entryC;
    if (isKernelBatched(kernel)) {
      entryA = matchBatchEntryView(viewA.getSource());
      entryB = matchBatchEntryView(viewB.getSource());
      entryC = matchBatchEntryView(viewC.getSource());
      if (!entryA || !entryB || !entryC || entryA->batch != entryC->batch ||
          entryB->batch != entryC->batch)
        return rewriter.notifyMatchFailure(
            loop, "batched kernel whose tiles are not views of one batch "
                  "entry of its operands");
      if (plan.splitK > 1)
        return mma.emitOpError()
               << "of a batched kernel has split_k = " << plan.splitK
               << ", which the lowering does not implement (grid z numbers "
                  "the batch entries)";
    }
    Location loc = loop.getLoc();
    rewriter.setInsertionPoint(loop);
    BlockTiles tiles;
    tiles.rowBase = cast<Value>(viewA.getMixedOffsets()[0]);
    tiles.colBase = cast<Value>(viewB.getMixedOffsets()[1]);
    if (entryC) {
      tiles.batched = {entryA->batched, entryB->batched, entryC->batched};
      tiles.batch =
          getValueOrCreateConstantIndexOp(rewriter, loc, entryC->batch);
      tiles.batchCount =
          memref::DimOp::create(rewriter, loc, entryC->batched, 0);
    }
    // A grouped kernel takes its group counts (masked layout: batched over
    // its groups) or offsets (contiguous: A and C matrices, B a batch)
    // last (tile-outline-kernel).
    StringRef grouped = getKernelGrouped(kernel);
    std::optional<BatchEntry> groupedB;
    if (!grouped.empty()) {
      if (grouped == "contiguous" && !entryC)
        groupedB = matchBatchEntryView(viewB.getSource());
      if ((grouped == "masked" ? !entryC : !groupedB) || !plan.persistent)
        return mma.emitOpError()
               << "of a grouped kernel (" << grouped
               << ") that the lowering does not implement: the masked layout "
                  "(batched operands) or the contiguous one (a batch of B "
                  "only) on a persistent grid";
      Value counts = kernel.getArguments().back();
      auto countsType = dyn_cast<MemRefType>(counts.getType());
      if (!countsType || countsType.getRank() != 1 ||
          !countsType.getElementType().isSignlessInteger(32))
        return mma.emitOpError()
               << "of a grouped kernel whose last argument is not its group "
                  "counts (a 1-D i32 memref), got "
               << counts.getType();
      if (groupedB) {
        tiles.groupOffsets = counts;
        tiles.groupedB = groupedB->batched;
        tiles.totalRows =
            memref::DimOp::create(rewriter, loc, viewC.getSource(), 0);
      } else {
        tiles.groupRows = counts;
      }
    }
    if (plan.persistent) {
      // tile-block-tile's block-index tile is replaced by a loop over tiles.
      Value c = viewC.getSource();
      auto count = [&](unsigned dim, int64_t size) {
        return arith::CeilDivUIOp::create(
            rewriter, loc, memref::DimOp::create(rewriter, loc, c, dim),
            arith::ConstantIndexOp::create(rewriter, loc, size));
      };
      tiles.tilesM = count(0, plan.blockM);
      tiles.tilesN = count(1, plan.blockN);
    }
    // A last, partial K tile reads zeros past K (TMA's out-of-bounds fill).
    Value kTiles = arith::CeilDivUIOp::create(
        rewriter, loc,
        arith::SubIOp::create(rewriter, loc, loop.getUpperBound(),
                              loop.getLowerBound()),
        arith::ConstantIndexOp::create(rewriter, loc, plan.blockK));
    Value descA = descriptors->castA(rewriter, loc, plan);
    Value descB = descriptors->castB(rewriter, loc, plan);
    OperandDescriptors operandDescriptors{descA, descB, descA, descB};
    // The loads read the 3-D maps; wgmma's descriptors keep the 2-D box.
    auto batchedMap = [&](Value pointer, Value matrixMap) -> Value {
      auto type = cast<nvgpu::TensorMapDescriptorType>(matrixMap.getType());
      return UnrealizedConversionCastOp::create(
                 rewriter, loc, getBatchedTmaDescriptorType(type), pointer)
          .getResult(0);
    };
    if (tiles.batched)
      operandDescriptors.loadA = batchedMap(descriptors->pointerA, descA);
    if (tiles.batched || tiles.groupedB)
      operandDescriptors.loadB = batchedMap(descriptors->pointerB, descB);

    WarpSpecializedKernelOperands operands{tiles, kTiles, operandDescriptors,
                                           viewC.getSource()};
    operands.scales = *scales;
    // C's map and a staged residual's: a batched C's stores name the
    // entry, so its maps are 3-D.
    nvgpu::TensorMapDescriptorType typeC = tmaDescriptorTypeC(plan);
    if (tiles.batched)
      typeC = getBatchedTmaDescriptorType(typeC);
    auto mapLikeC = [&](Value pointer, Value present) {
      Value descriptor =
          UnrealizedConversionCastOp::create(rewriter, loc, typeC, pointer)
              .getResult(0);
      return OptionalTensorMap{descriptor, pointer, present};
    };
    if (plan.tmaStore) {
      if (!descriptors->pointerC)
        return rewriter.notifyMatchFailure(
            loop, "kernel has no tensor map argument for C");
      operands.mapC = mapLikeC(descriptors->pointerC, descriptors->presentC);
    }
    if (plan.stagesResidual()) {
      if (!descriptors->pointerResidual)
        return rewriter.notifyMatchFailure(
            loop, "kernel has no tensor map argument for the residual");
      operands.mapResidual =
          mapLikeC(descriptors->pointerResidual, descriptors->presentResidual);
    }
    if (plan.splitK > 1 || plan.streamK) {
      operands.workspace = getSplitKWorkspace(kernel);
      if (!operands.workspace)
        return rewriter.notifyMatchFailure(
            loop, plan.splitK > 1 ? "split_k kernel has no workspace arguments"
                                  : "stream_k kernel has no workspace arguments");
    }
    buildWarpSpecializedKernel(rewriter, loc, schedule, plan, *fused,
                               operands);
    rewriter.eraseOp(store);
    rewriter.eraseOp(loop);
    rewriter.eraseOp(alloc);
    return success();
  }
};

struct TileWarpSpecializePass
    : public gemm_opt::impl::TileWarpSpecializePassBase<
          TileWarpSpecializePass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<WarpSpecializeBlockLoop>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
    // A wgmma block MMA left over has no kernel to become (e.g. no tensor
    // map arguments): say so here rather than in a later pass.
    getOperation()->walk([&](BlockMmaOp mma) {
      if (mma.getSchedule().getMma().getKind() != MmaKind::wgmma)
        return;
      mma.emitOpError()
          << "of a wgmma schedule is not in a block-tiled kernel that takes "
             "the tensor maps of A and B: outline it with tile-outline-kernel";
      signalPassFailure();
    });
  }
};

} // namespace
