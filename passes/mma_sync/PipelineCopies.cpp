//===- PipelineCopies.cpp - cp.async multi-stage operand pipeline ---------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Turns
//
//   scf.for %k = %lb to %K step BK {
//     %a = memref.subview %A[%row, %k] ...   // global
//     %b = memref.subview %B[%k, %col] ...
//     tile.block_mma %acc, %a, %b
//   }
//
// into a software pipeline over `stages` shared-memory buffers:
//
//   prologue: for s < stages-1: copy K tile s into stage s; commit
//             wait for tile 0; barrier; load fragments of tile 0, step 0
//   scf.for %t = 0 to K/BK {
//     for each K step s of the tile (MMA K wide, unrolled):
//       s < last: load fragments of step s+1 of tile t
//       s = last: wait for tile t+1; barrier;
//                 load fragments of step 0 of tile t+1 (if any)
//       s = 0:    copy K tile t+stages-1 into stage (t-1) mod stages; commit
//       tile.mma_fragments %acc, step s
//   }
//
// The barrier in iteration t-1 also tells every thread that all warps are
// done reading tile t-1 (its last fragments were loaded before it), so its
// stage may be refilled in iteration t. Operand fragments are loaded one K
// step ahead, across the barrier, as CUTLASS's multistage main loop does.
//
// With `ragged = true` (#tile.pipeline) the kernel takes any M, N, K >= 1
// and any pitch: there are ceil(K/BK) K tiles, and the prologue and loop
// come three times, one per kind of copy (passes/mma_sync/CpAsyncTileCopies.h):
// plain 16-byte copies for blocks inside A and B with K a multiple of BK
// and 16-byte aligned rows, copies that zero-fill past the edges for other
// blocks with aligned rows, and element loads (one K tile at a time, not
// pipelined) where rows are not aligned. Each block takes one, by a uniform
// branch. Without it there is the first loop alone: the other two cost it
// 10-20 % at 4096³ (ptxas schedules its copies apart from the MMAs).
//
//===----------------------------------------------------------------------===//

#include "dialect/ScheduleResources.h"
#include "passes/Passes.h"

#include "passes/common/BlockTiledLoop.h"
#include "passes/mma_sync/CpAsyncTileCopies.h"
#include "dialect/MemoryQueries.h"

#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace gemm_opt {
#define GEN_PASS_DEF_TILEPIPELINECOPIESPASS
#include "passes/Passes.h.inc"
} // namespace gemm_opt

using namespace mlir;
using namespace gemm_opt;
using namespace gemm_opt::tile;

namespace {

/// The `rows×cols` stage `stage` of a shared buffer, as a 2-D view.
Value stageView(OpBuilder &b, Location loc, Value shared, Value stage) {
  auto type = cast<MemRefType>(shared.getType());
  SmallVector<OpFoldResult> offsets{stage, b.getIndexAttr(0),
                                    b.getIndexAttr(0)};
  SmallVector<OpFoldResult> sizes{b.getIndexAttr(1),
                                  b.getIndexAttr(type.getDimSize(1)),
                                  b.getIndexAttr(type.getDimSize(2))};
  SmallVector<OpFoldResult> strides(3, b.getIndexAttr(1));
  auto viewType = memref::SubViewOp::inferRankReducedResultType(
      {type.getDimSize(1), type.getDimSize(2)}, type, offsets, sizes, strides);
  return memref::SubViewOp::create(b, loc, cast<MemRefType>(viewType), shared,
                                   offsets, sizes, strides);
}

struct PipelineBlockMmaLoop : public OpRewritePattern<scf::ForOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(scf::ForOp loop,
                                PatternRewriter &rewriter) const override {
    // Match the loop block tiling produced: two global subviews and the MMA.
    FailureOr<BlockTiledLoop> match = matchBlockTiledLoop(
        loop, MmaKind::sync, rewriter, /*withAccumulator=*/false);
    if (failed(match))
      return failure();
    BlockMmaOp mma = match->mma;
    if (isWorkgroupMemory(mma.getA().getType()) ||
        isWorkgroupMemory(mma.getB().getType()))
      return rewriter.notifyMatchFailure(loop, "no block MMA on global memory");
    memref::SubViewOp viewA = match->viewA, viewB = match->viewB;
    Value rowA = match->rowA, colB = match->colB;

    ScheduleAttr schedule = mma.getSchedule();
    Location loc = loop.getLoc();
    int64_t stages = schedule.getStages();
    int64_t bm = schedule.getBlockM(), bn = schedule.getBlockN(),
            bk = schedule.getBlockK();
    ElementTypesAttr elements = schedule.getElements();
    auto workgroup = gpu::AddressSpaceAttr::get(getContext(),
                                                gpu::AddressSpace::Workgroup);
    auto index = [&](int64_t v) {
      return arith::ConstantIndexOp::create(rewriter, loc, v);
    };

    rewriter.setInsertionPoint(loop);
    int64_t bytesA = getByteWidth(elements.getA());
    auto sharedA = AllocSharedOp::create(
        rewriter, loc,
        MemRefType::get({stages, bm, bk}, elements.getA(), nullptr, workgroup),
        schedule.getSmemA(), rewriter.getI64IntegerAttr(0));
    auto sharedB = AllocSharedOp::create(
        rewriter, loc,
        MemRefType::get({stages, bk, bn}, elements.getB(), nullptr, workgroup),
        schedule.getSmemB(),
        rewriter.getI64IntegerAttr(
            stages * getScheduleResources(schedule).stageElementsA * bytesA));
    // copyTile adds each K tile's offset along K. Without `ragged` only the
    // Interior copies are made, which need the matrices alone.
    bool ragged = schedule.getPipeline().getRagged();
    auto geometry = [&](Value matrix) {
      if (ragged)
        return MatrixRows::get(rewriter, loc, matrix);
      MatrixRows rows;
      rows.matrix = matrix;
      return rows;
    };
    CpAsyncOperand a{geometry(viewA.getSource()), rowA, index(0), false,
                     bm, bk, sharedA};
    CpAsyncOperand b{geometry(viewB.getSource()), index(0), colB, true,
                     bk, bn, sharedB};

    Value threadId = gpu::ThreadIdOp::create(rewriter, loc, gpu::Dimension::x);
    Value lowerK = loop.getLowerBound();
    Value extentK =
        arith::SubIOp::create(rewriter, loc, loop.getUpperBound(), lowerK);
    if (!ragged) {
      // Whole tiles only (the kernel's metadata says so): one pipeline.
      Value kTiles = arith::DivUIOp::create(rewriter, loc, extentK, index(bk));
      {
        OpBuilder::InsertionGuard guard(rewriter);
        emitPipeline(rewriter, loc, schedule, a, b, kTiles, lowerK, threadId,
                     /*fragments=*/Value(), mma.getAcc(),
                     CpAsyncCopyKind::Interior);
      }
      NVVM::CpAsyncWaitGroupOp::create(rewriter, loc, 0);
      rewriter.eraseOp(loop);
      return success();
    }
    // ragged: ceil(K / BK) K tiles, the last one maybe partial.
    Value kTiles = arith::DivUIOp::create(
        rewriter, loc,
        arith::AddIOp::create(rewriter, loc, extentK, index(bk - 1)),
        index(bk));
    // Whether the block takes the Interior copies (below).
    auto fits = [&](Value base, int64_t extent, Value limit) -> Value {
      return arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::ule,
          arith::AddIOp::create(rewriter, loc, base, index(extent)), limit);
    };
    Value rowsFit = fits(rowA, bm, a.geometry.rows);
    Value colsFit = fits(colB, bn, b.geometry.cols);
    Value wholeKTiles = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::eq,
        arith::RemUIOp::create(rewriter, loc, extentK, index(bk)), index(0));
    Value rowsAligned = arith::AndIOp::create(
        rewriter, loc, a.geometry.vectorOk, b.geometry.vectorOk);
    Value interior = arith::AndIOp::create(
        rewriter, loc, arith::AndIOp::create(rewriter, loc, rowsFit, colsFit),
        arith::AndIOp::create(rewriter, loc, wholeKTiles, rowsAligned));
    int64_t ksteps = bk / schedule.getMma().getK();
    auto fragmentsType =
        FragmentsType::get(getContext(), ksteps, elements.getA());
    Value fragments =
        AllocFragmentsOp::create(rewriter, loc, fragmentsType, schedule);
    // The pipeline three times: with the Interior copies where the block's
    // tiles lie inside A and B, K is a multiple of BK and both matrices'
    // rows are 16-byte aligned, the Edge copies in other blocks where the
    // rows are aligned, the Unaligned ones where they are not
    // (CpAsyncTileCopies.h). One uniform branch per block; the interior
    // loop keeps nothing of the edge tests live.
    auto ifInterior =
        scf::IfOp::create(rewriter, loc, interior, /*withElse=*/true);
    scf::IfOp ifAligned;
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPoint(ifInterior.elseBlock()->getTerminator());
      ifAligned =
          scf::IfOp::create(rewriter, loc, rowsAligned, /*withElse=*/true);
    }
    for (auto [block, kind] :
         {std::pair(ifInterior.thenBlock(), CpAsyncCopyKind::Interior),
          std::pair(ifAligned.thenBlock(), CpAsyncCopyKind::Edge),
          std::pair(ifAligned.elseBlock(), CpAsyncCopyKind::Unaligned)}) {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPoint(block->getTerminator());
      emitPipeline(rewriter, loc, schedule, a, b, kTiles, lowerK, threadId,
                   fragments, mma.getAcc(), kind);
    }
    rewriter.setInsertionPointAfter(ifInterior);
    NVVM::CpAsyncWaitGroupOp::create(rewriter, loc, 0);
    rewriter.eraseOp(loop);
    return success();
  }

  /// Prologue and pipelined loop over `kTiles` K tiles with copies of
  /// `kind` (see the top of the file), into `fragments` (allocated after
  /// the prologue when null).
  static void emitPipeline(OpBuilder &rewriter, Location loc,
                           ScheduleAttr schedule, const CpAsyncOperand &a,
                           const CpAsyncOperand &b, Value kTiles, Value lowerK,
                           Value threadId, Value fragments, Value acc,
                           CpAsyncCopyKind kind) {
    int64_t stages = schedule.getStages();
    int64_t bk = schedule.getBlockK();
    int64_t ksteps = bk / schedule.getMma().getK();
    auto index = [&](int64_t v) {
      return arith::ConstantIndexOp::create(rewriter, loc, v);
    };
    auto copyBoth = [&](OpBuilder &builder, Value kTile, Value stage) {
      Value kOffset = arith::AddIOp::create(
          builder, loc, lowerK,
          arith::MulIOp::create(builder, loc, kTile, index(bk)));
      CpAsyncTileCopies copies(builder, loc, threadId,
                               getScheduleResources(schedule).threads);
      copies.copyTile(a, kOffset, stage, kind);
      copies.copyTile(b, kOffset, stage, kind);
    };
    auto copyIfInRange = [&](Value kTile, Value stage) {
      Value inRange = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::ult, kTile, kTiles);
      scf::IfOp::create(rewriter, loc, inRange,
                        [&](OpBuilder &builder, Location) {
                          copyBoth(builder, kTile, stage);
                          scf::YieldOp::create(builder, loc);
                        });
      NVVM::CpAsyncCommitGroupOp::create(rewriter, loc);
    };

    auto loadFragments = [&](Value stage, int64_t kstep) {
      LoadFragmentsOp::create(rewriter, loc, fragments,
                              stageView(rewriter, loc, a.shared, stage),
                              stageView(rewriter, loc, b.shared, stage),
                              rewriter.getI64IntegerAttr(kstep), schedule);
    };
    auto mmaStep = [&](int64_t kstep) {
      MmaFragmentsOp::create(rewriter, loc, acc, fragments,
                             rewriter.getI64IntegerAttr(kstep), schedule);
    };

    if (kind == CpAsyncCopyKind::Unaligned) {
      // Element loads pass through registers: one K tile at a time in
      // stage 0, loaded, then multiplied, with no fragments or copies in
      // flight beside the accumulators (a pipeline would need registers
      // for both and spill).
      auto loop = scf::ForOp::create(rewriter, loc, index(0), kTiles, index(1));
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(loop.getBody());
      copyBoth(rewriter, loop.getInductionVar(), index(0));
      gpu::BarrierOp::create(rewriter, loc);
      for (int64_t kstep = 0; kstep < ksteps; ++kstep) {
        loadFragments(index(0), kstep);
        mmaStep(kstep);
      }
      // Every warp is done reading the stage before the next tile's loads.
      gpu::BarrierOp::create(rewriter, loc);
      return;
    }

    // Prologue: K tiles 0 .. stages-2 into stages 0 .. stages-2.
    for (int64_t s = 0; s + 1 < stages; ++s)
      copyIfInRange(index(s), index(s));
    if (!fragments) {
      auto fragmentsType = FragmentsType::get(
          rewriter.getContext(), ksteps, schedule.getElements().getA());
      fragments =
          AllocFragmentsOp::create(rewriter, loc, fragmentsType, schedule);
    }

    // K tile t has landed and every warp is past its reads of tile t-1.
    auto waitForTile = [&]() {
      NVVM::CpAsyncWaitGroupOp::create(rewriter, loc, stages - 2);
      gpu::BarrierOp::create(rewriter, loc);
    };
    auto refill = [&](Value t) {
      Value next = arith::AddIOp::create(rewriter, loc, t, index(stages - 1));
      copyIfInRange(next,
                    arith::RemUIOp::create(rewriter, loc, next, index(stages)));
    };
    if (ksteps > 1) {
      // Before the loop: K tile 0's first fragments.
      waitForTile();
      loadFragments(index(0), 0);
    }
    auto pipelined =
        scf::ForOp::create(rewriter, loc, index(0), kTiles, index(1));
    rewriter.setInsertionPointToStart(pipelined.getBody());
    Value t = pipelined.getInductionVar();
    Value stage = arith::RemUIOp::create(rewriter, loc, t, index(stages));
    if (ksteps == 1) {
      // One K step per tile: nothing to load ahead within the tile.
      waitForTile();
      refill(t);
      loadFragments(stage, 0);
      mmaStep(0);
    } else {
      // While the tensor cores run K step s, load step s+1; the last step
      // of tile t waits for tile t+1 and loads its first step, so the
      // barrier never leaves the tensor cores without work.
      for (int64_t kstep = 0; kstep < ksteps; ++kstep) {
        if (kstep + 1 < ksteps) {
          loadFragments(stage, kstep + 1);
        } else {
          waitForTile();
          Value next = arith::AddIOp::create(rewriter, loc, t, index(1));
          Value hasNext = arith::CmpIOp::create(
              rewriter, loc, arith::CmpIPredicate::ult, next, kTiles);
          auto ifNext = scf::IfOp::create(rewriter, loc, hasNext);
          OpBuilder::InsertionGuard guard(rewriter);
          rewriter.setInsertionPointToStart(ifNext.thenBlock());
          loadFragments(
              arith::RemUIOp::create(rewriter, loc, next, index(stages)), 0);
        }
        if (kstep == 0)
          refill(t);
        mmaStep(kstep);
      }
    }

  }
};

struct TilePipelineCopiesPass
    : public gemm_opt::impl::TilePipelineCopiesPassBase<TilePipelineCopiesPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<PipelineBlockMmaLoop>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
