//===- StageRing.cpp - the pipeline's stages and their barriers -----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "passes/hopper/StageRing.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;

std::pair<Value, Value> gemm_opt::getRingPosition(OpBuilder &b, Location loc,
                                                  int64_t stages, Value step) {
  auto index = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  Value stage = arith::RemUIOp::create(b, loc, step, index(stages));
  Value round = arith::DivUIOp::create(b, loc, step, index(stages));
  Value parity = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::ne,
      arith::AndIOp::create(b, loc, round, index(1)), index(0));
  return {stage, parity};
}

std::pair<Value, Value> gemm_opt::advanceRingPosition(OpBuilder &b,
                                                      Location loc,
                                                      int64_t stages,
                                                      Value stage,
                                                      Value parity) {
  Value next = arith::AddIOp::create(
      b, loc, stage, arith::ConstantIndexOp::create(b, loc, 1));
  Value wraps =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, next,
                            arith::ConstantIndexOp::create(b, loc, stages));
  return {arith::SelectOp::create(b, loc, wraps,
                                  arith::ConstantIndexOp::create(b, loc, 0),
                                  next),
          arith::XOrIOp::create(b, loc, parity, wraps)};
}

Value gemm_opt::getUseParity(OpBuilder &b, Location loc, Value use) {
  auto index = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                               arith::AndIOp::create(b, loc, use, index(1)),
                               index(0));
}

void gemm_opt::waitForPhase(OpBuilder &b, Location loc, Value barriers,
                            Value index, Value parity) {
  // The suspend-time hint (ns): the waiting threads sleep until the phase
  // completes rather than poll.
  nvgpu::MBarrierTryWaitParityOp::create(
      b, loc, barriers, parity,
      arith::ConstantIndexOp::create(b, loc, 10000000), index);
}

void gemm_opt::releaseStage(OpBuilder &b, Location loc,
                            const HopperKernelPlan &plan, Value empty,
                            Value stage, Value primary,
                            const ClusterPosition &position) {
  // Locally a predicated arrival (an expect_tx of 0 bytes), which keeps
  // the K loop free of a branch; NVVM has no predicated arrival on a
  // shared::cluster address, so the multicast path branches.
  if (!plan.multicast) {
    nvgpu::MBarrierArriveExpectTxOp::create(
        b, loc, empty, arith::ConstantIndexOp::create(b, loc, 0), stage,
        primary);
    return;
  }
  auto ifPrimary = scf::IfOp::create(b, loc, primary);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifPrimary.thenBlock());
  position.arriveOnSenders(b, loc, plan, empty, stage);
}

void gemm_opt::releaseStageByEveryThread(OpBuilder &b, Location loc,
                                         const HopperKernelPlan &plan,
                                         Value empty, Value stage,
                                         const ClusterPosition &position) {
  if (plan.multicast) {
    position.arriveOnSenders(b, loc, plan, empty, stage);
    return;
  }
  nvgpu::MBarrierArriveOp::create(
      b, loc, nvgpu::MBarrierTokenType::get(b.getContext()), empty, stage);
}
