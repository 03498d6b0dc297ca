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
  // The block scales of step t (clamped into the scales: a prefetch past
  // the segment's last step reads its last K block again).
  auto loadFactors = [&](Value t) {
    return scaling.loadBlockFactors(
        arith::AddIOp::create(b, loc, work.kBegin, t), rowC, colC);
  };
  auto step = [&](Value sums, Value stage, Value parity,
                  ArrayRef<Value> factors) {
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
    sums = step(sums, stage, parity, loadFactors(from));
    afterFirstStep();
    from = index(1);
  }
  // Each step's block scales are loaded one step ahead: their global-memory
  // latency hides behind the step before.
  auto [firstStage, firstParity] =
      getRingPosition(b, loc, plan.stages, walk.getStep(work, from));
  SmallVector<Value> carried{sums, firstStage, firstParity};
  llvm::append_range(carried, loadFactors(from));
  auto loop =
      scf::ForOp::create(b, loc, from, work.kCount, index(1), carried);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(loop.getBody());
  ValueRange args = loop.getRegionIterArgs();
  Value t = loop.getInductionVar();
  SmallVector<Value> next =
      loadFactors(arith::AddIOp::create(b, loc, t, index(1)));
  SmallVector<Value> factors(args.drop_front(3));
  Value promoted = step(args[0], args[1], args[2], factors);
  auto [nextStage, nextParity] = advance(args[1], args[2]);
  SmallVector<Value> yielded{promoted, nextStage, nextParity};
  llvm::append_range(yielded, next);
  scf::YieldOp::create(b, loc, yielded);
  return loop.getResult(0);
}
