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
  WgmmaStageOperands operands(b, loc, plan, sharedMemory);
  Value zeros = nvgpu::WarpgroupMmaInitAccumulatorOp::create(
      b, loc, operands.getAccumulatorType());
  auto step = [&](Value t, Value sums, Value stage, Value parity) {
    SmallVector<Value> factors = scaling.loadBlockFactors(
        arith::AddIOp::create(b, loc, work.kBegin, t), rowC, colC);
    waitForPhase(b, loc, barriers.full, stage, parity);
    Value partial = operands.multiply(stage, row, col, zeros, descA, descB,
                                      /*overwrite=*/true);
    NVVM::WgmmaWaitGroupSyncOp::create(b, loc, 0);
    releaseStage(b, loc, plan, barriers.empty, stage, primary, position);
    return scaling.promote(sums, partial, factors);
  };
  // The stage and parity are carried from step to step (as WgmmaMainLoop
  // does: no division per step).
  auto advance = [&](Value stage, Value parity) -> std::pair<Value, Value> {
    Value next = arith::AddIOp::create(b, loc, stage, index(1));
    Value wraps = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, next,
                                        index(plan.stages));
    return {arith::SelectOp::create(b, loc, wraps, index(0), next),
            arith::XOrIOp::create(b, loc, parity, wraps)};
  };
  Value from = index(0);
  Value sums = zeros;
  if (afterFirstStep) {
    auto [stage, parity] =
        getRingPosition(b, loc, plan.stages, walk.getStep(work, from));
    sums = step(from, sums, stage, parity);
    afterFirstStep();
    from = index(1);
  }
  auto [firstStage, firstParity] =
      getRingPosition(b, loc, plan.stages, walk.getStep(work, from));
  auto loop = scf::ForOp::create(b, loc, from, work.kCount, index(1),
                                 ValueRange{sums, firstStage, firstParity});
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(loop.getBody());
  Value stage = loop.getRegionIterArgs()[1];
  Value parity = loop.getRegionIterArgs()[2];
  Value next = step(loop.getInductionVar(), loop.getRegionIterArgs()[0],
                    stage, parity);
  auto [nextStage, nextParity] = advance(stage, parity);
  scf::YieldOp::create(b, loc, ValueRange{next, nextStage, nextParity});
  return loop.getResult(0);
}
