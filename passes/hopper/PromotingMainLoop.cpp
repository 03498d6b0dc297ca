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

/// Registers a consumer thread keeps besides its accumulators (as the
/// verifier counts them, dialect/ScaledGemmVerifier.cpp).
static constexpr int64_t kNonAccumulatorRegisters = 16;

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
  // One step's work up to its wgmmas: the block scales and the partial
  // sums (in flight).
  struct Issued {
    Value partial;
    SmallVector<Value> factors;
  };
  auto issue = [&](Value t, Value stage, Value parity) {
    Issued issued;
    issued.factors = scaling.loadBlockFactors(
        arith::AddIOp::create(b, loc, work.kBegin, t), rowC, colC);
    waitForPhase(b, loc, barriers.full, stage, parity);
    issued.partial = operands.multiply(stage, row, col, zeros, descA, descB,
                                       /*overwrite=*/true);
    return issued;
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
  auto previousStage = [&](Value stage) -> Value {
    Value isFirst = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                          stage, index(0));
    return arith::SelectOp::create(
        b, loc, isFirst, index(plan.stages - 1),
        arith::SubIOp::create(b, loc, stage, index(1)));
  };

  if (!pipelined()) {
    // Each step waits for its own wgmmas and promotes them.
    auto step = [&](Value t, Value sums, Value stage, Value parity) {
      Issued issued = issue(t, stage, parity);
      NVVM::WgmmaWaitGroupSyncOp::create(b, loc, 0);
      releaseStage(b, loc, plan, barriers.empty, stage, primary, position);
      return scaling.promote(sums, issued.partial, issued.factors);
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

  // Pipelined: step t's wgmmas are issued before step t - 1's partial sums
  // are promoted, so this warpgroup's tensor-core work never waits for its
  // own FFMAs (a third accumulator's registers). A segment without K
  // steps keeps the zeros.
  auto ifAny = scf::IfOp::create(
      b, loc, TypeRange{zeros.getType()},
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, work.kCount,
                            index(0)),
      /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifAny.elseBlock());
  scf::YieldOp::create(b, loc, ValueRange{zeros});
  b.setInsertionPointToStart(ifAny.thenBlock());
  auto [firstStage, firstParity] =
      getRingPosition(b, loc, plan.stages, walk.getStep(work, index(0)));
  Issued first = issue(index(0), firstStage, firstParity);
  if (afterFirstStep)
    afterFirstStep();
  auto [secondStage, secondParity] = advance(firstStage, firstParity);
  SmallVector<Value> carried{zeros, first.partial, secondStage, secondParity};
  llvm::append_range(carried, first.factors);
  auto loop =
      scf::ForOp::create(b, loc, index(1), work.kCount, index(1), carried);
  {
    OpBuilder::InsertionGuard inner(b);
    b.setInsertionPointToStart(loop.getBody());
    ValueRange args = loop.getRegionIterArgs();
    Value stage = args[2], parity = args[3];
    Issued next = issue(loop.getInductionVar(), stage, parity);
    // wait_group 1 (in multiply): the previous step's group has retired.
    releaseStage(b, loc, plan, barriers.empty, previousStage(stage), primary,
                 position);
    SmallVector<Value> pendingFactors(args.drop_front(4));
    Value sums = scaling.promote(args[0], args[1], pendingFactors);
    auto [nextStage, nextParity] = advance(stage, parity);
    SmallVector<Value> yielded{sums, next.partial, nextStage, nextParity};
    llvm::append_range(yielded, next.factors);
    scf::YieldOp::create(b, loc, yielded);
  }
  // The last step: wait for it, release its stage and promote it.
  NVVM::WgmmaWaitGroupSyncOp::create(b, loc, 0);
  releaseStage(b, loc, plan, barriers.empty,
               previousStage(loop.getResult(2)), primary, position);
  SmallVector<Value> lastFactors(loop.getResults().drop_front(4));
  Value sums =
      scaling.promote(loop.getResult(0), loop.getResult(1), lastFactors);
  scf::YieldOp::create(b, loc, ValueRange{sums});
  return ifAny.getResult(0);
}

bool PromotingMainLoop::pipelined() const {
  // The sums and two steps' partial sums, and the other registers.
  int64_t accumulator = plan.warpM * plan.warpN / 128;
  return 3 * accumulator + kNonAccumulatorRegisters <= plan.consumerRegisters;
}
