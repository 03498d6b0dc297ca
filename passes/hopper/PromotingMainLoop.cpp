//===- PromotingMainLoop.cpp - K loop promoting FP8 partial sums ----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "passes/hopper/PromotingMainLoop.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace gemm_opt;

Value PromotingMainLoop::index(int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

Value PromotingMainLoop::build(const WorkSegment &work, Value row, Value col,
                               Value rowC, Value colC, Value descA,
                               Value descB,
                               llvm::function_ref<void()> afterFirstStep) {
  // The warpgroup tile's columns in pieces of the instruction's N, each
  // multiplied into an accumulator of its own and promoted before the next:
  // only one piece's partial sums are live beside the sums.
  WgmmaStageOperands operands(b, loc, plan, sharedMemory, plan.mmaN);
  WgmmaStageOperands whole(b, loc, plan, sharedMemory);
  Value zeros = nvgpu::WarpgroupMmaInitAccumulatorOp::create(
      b, loc, whole.getAccumulatorType());
  Value pieceZeros = nvgpu::WarpgroupMmaInitAccumulatorOp::create(
      b, loc, operands.getAccumulatorType());
  int64_t pieces = plan.warpN / plan.mmaN;
  // The block scales of step t, loaded from global memory a step ahead
  // (clamped into the scales: a prefetch past the segment's last step
  // reads its last K block again); none where the step reads them from
  // the block-scale ring once its stage is full.
  bool fromRing = scaling.readsBlockScaleRing();
  auto loadFactors = [&](Value t) -> SmallVector<Value> {
    if (fromRing)
      return {};
    return scaling.loadBlockFactors(
        arith::AddIOp::create(b, loc, work.kBegin, t), rowC, colC);
  };
  auto step = [&](Value sums, Value stage, Value parity,
                  ArrayRef<Value> prefetched) {
    waitForPhase(b, loc, barriers.full, stage, parity);
    SmallVector<Value> factors(prefetched);
    if (fromRing)
      factors = scaling.readBlockFactors(stage, row, col, colC);
    for (int64_t piece = 0; piece < pieces; ++piece) {
      Value partial = operands.multiply(
          stage, row,
          arith::AddIOp::create(b, loc, col, index(piece * plan.mmaN)),
          pieceZeros, descA, descB, /*overwrite=*/true);
      NVVM::WgmmaWaitGroupSyncOp::create(b, loc, 0);
      // Reading the ring, every thread read the stage: each releases its
      // own reads.
      if (piece == pieces - 1 && fromRing)
        releaseStageByEveryThread(b, loc, plan, barriers.empty, stage,
                                  position);
      else if (piece == pieces - 1)
        releaseStage(b, loc, plan, barriers.empty, stage, primary, position);
      sums = scaling.promote(sums, partial, factors, piece * plan.mmaN);
    }
    return sums;
  };
  // The stage and parity are carried from step to step (no division per
  // step).
  auto advance = [&](Value stage, Value parity) {
    return advanceRingPosition(b, loc, plan.stages, stage, parity);
  };
  Value from = index(0);
  Value sums = zeros;
  if (afterFirstStep) {
    auto [stage, parity] =
        getRingPosition(b, loc, plan.stages, walk.getStep(work, from));
    sums = step(sums, stage, parity, loadFactors(from));
    afterFirstStep();
    from = index(1);
  }
  // Each step's block scales are loaded one step ahead: their global-memory
  // latency hides behind the step before. Two steps per iteration, so that
  // the scales loaded for the next iteration take the registers of those
  // just used: carried around a one-step loop they were copied at its end,
  // which waited for the load (about 1.6x the step time at 8192^3, H200).
  // A tile in pieces keeps the one-step loop: its steps are twice as long,
  // and two of them per iteration spilled (ptxas).
  int64_t unroll =
      scaling.hasBlockScales() && !fromRing && pieces == 1 ? 2 : 1;
  Value loopEnd = work.kCount;
  if (unroll > 1)
    loopEnd = arith::AddIOp::create(
        b, loc, from,
        arith::MulIOp::create(
            b, loc,
            arith::DivUIOp::create(
                b, loc, arith::SubIOp::create(b, loc, work.kCount, from),
                index(unroll)),
            index(unroll)));
  auto [firstStage, firstParity] =
      getRingPosition(b, loc, plan.stages, walk.getStep(work, from));
  SmallVector<Value> carried{sums, firstStage, firstParity};
  llvm::append_range(carried, loadFactors(from));
  auto loop = scf::ForOp::create(b, loc, from, loopEnd, index(unroll), carried);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    ValueRange args = loop.getRegionIterArgs();
    Value t = loop.getInductionVar();
    Value promoted = args[0], stage = args[1], parity = args[2];
    SmallVector<Value> factors(args.drop_front(3));
    for (int64_t i = 0; i < unroll; ++i) {
      SmallVector<Value> next =
          loadFactors(arith::AddIOp::create(b, loc, t, index(i + 1)));
      promoted = step(promoted, stage, parity, factors);
      std::tie(stage, parity) = advance(stage, parity);
      factors = std::move(next);
    }
    SmallVector<Value> yielded{promoted, stage, parity};
    llvm::append_range(yielded, factors);
    scf::YieldOp::create(b, loc, yielded);
  }
  if (unroll == 1)
    return loop.getResult(0);
  // The odd step left over.
  auto ifOdd = scf::IfOp::create(
      b, loc, TypeRange{zeros.getType()},
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, loopEnd,
                            work.kCount),
      /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifOdd.thenBlock());
  SmallVector<Value> lastFactors(loop.getResults().drop_front(3));
  scf::YieldOp::create(b, loc,
                       ValueRange{step(loop.getResult(0), loop.getResult(1),
                                       loop.getResult(2), lastFactors)});
  b.setInsertionPointToStart(ifOdd.elseBlock());
  scf::YieldOp::create(b, loc, ValueRange{loop.getResult(0)});
  return ifOdd.getResult(0);
}
