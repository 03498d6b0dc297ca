//===- PipelineCopies.cpp - cp.async multi-stage operand pipeline ---------===//
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
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "passes/BlockTiledLoop.h"
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

/// One operand's side of the pipeline: where its block tile sits in global
/// memory and the shared buffers it is staged in.
struct StagedOperand {
  Value global;     // the kernel's A or B
  Value rowBase;    // first row of the block's tile, for the K tile at 0
  Value colBase;    // first column, likewise
  bool kAlongRows;  // B advances along rows with K, A along columns
  int64_t rows, cols;
  Value shared;     // stages x rows x cols in workgroup memory
};

/// Emits this thread's cp.async copies of one `rows×cols` K tile of
/// `operand` into stage `stage` of its shared buffer.
void emitTileCopy(OpBuilder &b, Location loc, const StagedOperand &operand,
                  Value kOffset, Value stage, Value threadId,
                  int64_t threads) {
  auto elementType =
      cast<MemRefType>(operand.global.getType()).getElementType();
  int64_t vector = 128 / elementType.getIntOrFloatBitWidth();
  int64_t chunksPerRow = operand.cols / vector;
  int64_t chunks = operand.rows * chunksPerRow;
  auto index = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  Value rowBase = operand.rowBase, colBase = operand.colBase;
  if (operand.kAlongRows)
    rowBase = arith::AddIOp::create(b, loc, rowBase, kOffset);
  else
    colBase = arith::AddIOp::create(b, loc, colBase, kOffset);

  for (int64_t first = 0; first < chunks; first += threads) {
    Value chunk = arith::AddIOp::create(b, loc, threadId, index(first));
    Value row = arith::DivUIOp::create(b, loc, chunk, index(chunksPerRow));
    Value col = arith::MulIOp::create(
        b, loc, arith::RemUIOp::create(b, loc, chunk, index(chunksPerRow)),
        index(vector));
    Value globalRow = arith::AddIOp::create(b, loc, rowBase, row);
    Value globalCol = arith::AddIOp::create(b, loc, colBase, col);
    nvgpu::DeviceAsyncCopyOp::create(
        b, loc, nvgpu::DeviceAsyncTokenType::get(b.getContext()),
        operand.shared, ValueRange{stage, row, col}, operand.global,
        ValueRange{globalRow, globalCol}, b.getIndexAttr(vector),
        /*srcElements=*/Value(), /*bypassL1=*/b.getUnitAttr());
  }
}

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
        rewriter.getI64IntegerAttr(stages * schedule.getStageElementsA() *
                                   bytesA));
    // emitTileCopy adds each K tile's offset along K.
    StagedOperand a{viewA.getSource(), rowA, index(0), false, bm, bk, sharedA};
    StagedOperand b{viewB.getSource(), index(0), colB, true, bk, bn, sharedB};

    Value threadId = gpu::ThreadIdOp::create(rewriter, loc, gpu::Dimension::x);
    int64_t threads = schedule.getThreadCount();
    Value lowerK = loop.getLowerBound();
    Value kTiles = arith::DivUIOp::create(
        rewriter, loc,
        arith::SubIOp::create(rewriter, loc, loop.getUpperBound(), lowerK),
        index(bk));
    auto copyBoth = [&](OpBuilder &builder, Value kTile, Value stage) {
      Value kOffset = arith::AddIOp::create(
          builder, loc, lowerK,
          arith::MulIOp::create(builder, loc, kTile, index(bk)));
      emitTileCopy(builder, loc, a, kOffset, stage, threadId, threads);
      emitTileCopy(builder, loc, b, kOffset, stage, threadId, threads);
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

    // Prologue: K tiles 0 .. stages-2 into stages 0 .. stages-2.
    for (int64_t s = 0; s + 1 < stages; ++s)
      copyIfInRange(index(s), index(s));

    int64_t ksteps = bk / schedule.getMma().getK();
    auto fragmentsType =
        FragmentsType::get(getContext(), ksteps, elements.getA());
    Value fragments =
        AllocFragmentsOp::create(rewriter, loc, fragmentsType, schedule);
    auto loadFragments = [&](Value stage, int64_t kstep) {
      LoadFragmentsOp::create(rewriter, loc, fragments,
                              stageView(rewriter, loc, sharedA, stage),
                              stageView(rewriter, loc, sharedB, stage),
                              rewriter.getI64IntegerAttr(kstep), schedule);
    };
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
    auto mmaStep = [&](int64_t kstep) {
      MmaFragmentsOp::create(rewriter, loc, mma.getAcc(), fragments,
                             rewriter.getI64IntegerAttr(kstep), schedule);
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

    rewriter.setInsertionPointAfter(pipelined);
    NVVM::CpAsyncWaitGroupOp::create(rewriter, loc, 0);
    rewriter.eraseOp(loop);
    return success();
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
