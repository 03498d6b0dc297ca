//===- WgmmaMainLoop.cpp - the consumers' K loop of wgmmas ----------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "passes/hopper/WgmmaMainLoop.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace gemm_opt;

Value WgmmaMainLoop::index(int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

Value WgmmaMainLoop::build(const WorkSegment &work, Value row, Value col,
                           Value descA, Value descB,
                           llvm::function_ref<void()> afterFirstStep) {
  WgmmaStageOperands operands(b, loc, plan, sharedMemory);
  Value acc = nvgpu::WarpgroupMmaInitAccumulatorOp::create(
      b, loc, operands.getAccumulatorType());
  bool overwrite = plan.warpM > 64;
  auto firstStep = [&](Value init) {
    auto [stage, parity] =
        getRingPosition(b, loc, plan.stages, walk.getStep(work, index(0)));
    waitForPhase(b, loc, barriers.full, stage, parity);
    return operands.multiply(stage, row, col, init, descA, descB, overwrite);
  };
  if (!afterFirstStep) {
    if (!overwrite)
      return buildSteps(operands, work, index(0), work.kCount, acc, row, col,
                        descA, descB);
    auto ifAny = scf::IfOp::create(
        b, loc, TypeRange{acc.getType()},
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, work.kCount,
                              index(0)),
        /*withElseRegion=*/true);
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(ifAny.thenBlock());
      scf::YieldOp::create(b, loc, ValueRange{firstStep(acc)});
      b.setInsertionPointToStart(ifAny.elseBlock());
      scf::YieldOp::create(b, loc, ValueRange{acc});
    }
    Value from = arith::MinUIOp::create(b, loc, index(1), work.kCount);
    return buildSteps(operands, work, from, work.kCount, ifAny.getResult(0),
                      row, col, descA, descB);
  }
  acc = firstStep(acc);
  afterFirstStep();
  return buildSteps(operands, work, index(1), work.kCount, acc, row, col, descA,
                    descB);
}

Value WgmmaMainLoop::buildSteps(WgmmaStageOperands &operands,
                                const WorkSegment &work, Value from, Value to,
                                Value init, Value row, Value col, Value descA,
                                Value descB) {
  // The step's stage and parity are carried from step to step: computed
  // per step (a 64-bit division by the stage count), their uniform
  // arithmetic held up the wgmmas' issue (ncu's dispatch stalls; 2 % of the
  // staged-residual kernel at 4096³).
  struct Position {
    Value stage, parity;
  };
  auto advance = [&](Position at) -> Position {
    auto [stage, parity] =
        advanceRingPosition(b, loc, plan.stages, at.stage, at.parity);
    return {stage, parity};
  };
  auto buildStep = [&](Value t, Value acc, Position at) {
    waitForPhase(b, loc, barriers.full, at.stage, at.parity);
    Value next = operands.multiply(at.stage, row, col, acc, descA, descB);
    // The wgmma group of step t-1 has retired: its stage is free.
    Value notFirst =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, t, index(0));
    auto ifNotFirst = scf::IfOp::create(b, loc, notFirst);
    OpBuilder::InsertionGuard inner(b);
    b.setInsertionPointToStart(ifNotFirst.thenBlock());
    Value isFirstStage = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                               at.stage, index(0));
    Value previous = arith::SelectOp::create(
        b, loc, isFirstStage, index(plan.stages - 1),
        arith::SubIOp::create(b, loc, at.stage, index(1)));
    releaseStage(b, loc, plan, barriers.empty, previous, primary, position);
    return next;
  };
  int64_t unroll = plan.registerSourcedA() ? 2 : 1;
  Value loopEnd = to;
  if (unroll > 1) {
    Value pairs = arith::DivUIOp::create(
        b, loc, arith::SubIOp::create(b, loc, to, from), index(unroll));
    loopEnd = arith::AddIOp::create(
        b, loc, from, arith::MulIOp::create(b, loc, pairs, index(unroll)));
  }
  auto [firstStage, firstParity] =
      getRingPosition(b, loc, plan.stages, walk.getStep(work, from));
  auto loop = scf::ForOp::create(b, loc, from, loopEnd, index(unroll),
                                 ValueRange{init, firstStage, firstParity});
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    Value t = loop.getInductionVar();
    Value acc = loop.getRegionIterArgs()[0];
    Position at{loop.getRegionIterArgs()[1], loop.getRegionIterArgs()[2]};
    for (int64_t i = 0; i < unroll; ++i) {
      acc = buildStep(i == 0 ? t : arith::AddIOp::create(b, loc, t, index(i)),
                      acc, at);
      at = advance(at);
    }
    scf::YieldOp::create(b, loc, ValueRange{acc, at.stage, at.parity});
  }
  if (unroll == 1)
    return loop.getResult(0);
  // The odd step left over.
  auto ifOdd = scf::IfOp::create(
      b, loc, TypeRange{init.getType()},
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, loopEnd, to),
      /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifOdd.thenBlock());
  scf::YieldOp::create(
      b, loc,
      ValueRange{buildStep(loopEnd, loop.getResult(0),
                           {loop.getResult(1), loop.getResult(2)})});
  b.setInsertionPointToStart(ifOdd.elseBlock());
  scf::YieldOp::create(b, loc, ValueRange{loop.getResult(0)});
  return ifOdd.getResult(0);
}
