//===- TmaProducer.cpp - the warp-specialized kernel's producer -----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "passes/hopper/TmaProducer.h"

#include "passes/common/SharedMemoryView.h"
#include "passes/hopper/StageRing.h"
#include "passes/hopper/WgmmaStageOperands.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace gemm_opt;

Value TmaProducer::index(int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

void TmaProducer::build(Value inGroup, Value descA, Value descB,
                        AfterStepLoads afterStepLoads) {
  NVVM::SetMaxRegisterOp::create(b, loc, plan.producerRegisters,
                                 NVVM::SetMaxRegisterAction::decrease);
  // One warp does the producing; the other three retire at once instead
  // of polling the barriers on the consumers' schedulers.
  Value firstWarp = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                          inGroup, index(32));
  auto producing = scf::IfOp::create(b, loc, firstWarp);
  OpBuilder::InsertionGuard producerGuard(b);
  b.setInsertionPointToStart(producing.thenBlock());
  auto tileLoop =
      scf::ForOp::create(b, loc, index(0), walk.getSegmentCount(), index(1));
  b.setInsertionPointToStart(tileLoop.getBody());
  BlockSegment segment = walk.getSegment(tileLoop.getInductionVar());
  Value rowBase = segment.rowBase, colBase = segment.colBase;
  Value batch = segment.batch;
  TmaBatchCoordinates entry =
      batch ? broadcast.at(b, loc, batch) : TmaBatchCoordinates();
  // A contiguous grouped GEMM's A is one matrix and B a batch of G.
  if (segment.groupB)
    entry.b = segment.groupB;
  auto loop =
      scf::ForOp::create(b, loc, index(0), segment.work.kCount, index(1));
  b.setInsertionPointToStart(loop.getBody());
  Value t = loop.getInductionVar();
  auto [stage, parity] =
      getRingPosition(b, loc, plan.stages, walk.getStep(segment.work, t));
  // The stage's previous use must have been released: the phase before
  // this use's (on a fresh barrier that one counts as complete).
  Value one = arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1);
  waitForPhase(b, loc, barriers.empty, stage,
               arith::XOrIOp::create(b, loc, parity, one));
  nvgpu::MBarrierArriveExpectTxOp::create(
      b, loc, barriers.full, index(plan.stageBytesA + plan.stageBytesB), stage,
      primary);
  Value kTile = arith::AddIOp::create(b, loc, segment.work.kBegin, t);
  Value k = arith::MulIOp::create(b, loc, kTile, index(plan.blockK));
  // Multicast clusters take a row-major (K-major) A (the verifier says
  // so).
  if (plan.multicast) {
    loadStageA(stage, k, rowBase, entry.a, descA);
    loadStageB(stage, k, colBase, entry.b, descB);
  } else {
    WgmmaStageOperands(b, loc, plan, sharedMemory)
        .load(stage, k, rowBase, colBase, descA, descB, barriers.full, primary,
              entry);
  }
  if (afterStepLoads)
    afterStepLoads(segment, tileLoop.getInductionVar(), t);
}

void TmaProducer::loadStageA(Value stage, Value k, Value rowBase, Value batch,
                             Value descA) {
  Value offset = arith::MulIOp::create(b, loc, stage, index(plan.stageBytesA));
  Value mask;
  if (plan.multicast && plan.clusterN > 1) {
    Value firstRow =
        arith::MulIOp::create(b, loc, position.column, index(plan.boxRowsA));
    offset = arith::AddIOp::create(
        b, loc, offset,
        arith::MulIOp::create(b, loc, firstRow, index(plan.rowBytesA)));
    rowBase = arith::AddIOp::create(b, loc, rowBase, firstRow);
    mask = position.rowMask(b, loc, plan);
  }
  Value tile = viewSharedMemory(
      b, loc, sharedMemory, offset,
      getTmaBoxShape(plan.boxRowsA, plan.blockK, batch), plan.elementType);
  nvgpu::TmaAsyncLoadOp::create(b, loc, tile, barriers.full, descA,
                                getTmaCoordinates(k, rowBase, batch), stage,
                                mask, primary);
}

void TmaProducer::loadStageB(Value stage, Value k, Value colBase, Value batch,
                             Value descB) {
  Value offset = bufferOffsetOfB(b, loc, plan, stage);
  bool shared = plan.multicast && plan.clusterM > 1;
  Value mask = shared ? position.columnMask(b, loc, plan) : Value();
  Value slices = index(plan.slicesPerPanelB);
  for (int64_t j = 0; j < plan.panelsPerBlockB; ++j) {
    Value unit = shared ? arith::AddIOp::create(
                              b, loc, index(j * plan.clusterM), position.row)
                        : index(j);
    Value panel = arith::DivUIOp::create(b, loc, unit, slices);
    Value sliceRow = arith::MulIOp::create(
        b, loc, arith::RemUIOp::create(b, loc, unit, slices),
        index(plan.loadRowsB));
    Value panelOffset = arith::AddIOp::create(
        b, loc, offset,
        arith::AddIOp::create(
            b, loc,
            arith::MulIOp::create(b, loc, panel, index(plan.panelBytesB)),
            arith::MulIOp::create(b, loc, sliceRow,
                                  index(plan.swizzleBytesB))));
    Value tile = viewSharedMemory(
        b, loc, sharedMemory, panelOffset,
        getTmaBoxShape(plan.loadRowsB, plan.panelColumnsB, batch),
        plan.elementTypeB);
    // Coordinates innermost first: a column-major B's box rows run along
    // N (K innermost, one panel), a row-major B's along K.
    SmallVector<Value> coordinates =
        plan.columnMajorB()
            ? getTmaCoordinates(
                  k, arith::AddIOp::create(b, loc, colBase, sliceRow), batch)
            : getTmaCoordinates(
                  arith::AddIOp::create(
                      b, loc, colBase,
                      arith::MulIOp::create(b, loc, panel,
                                            index(plan.panelColumnsB))),
                  arith::AddIOp::create(b, loc, k, sliceRow), batch);
    nvgpu::TmaAsyncLoadOp::create(b, loc, tile, barriers.full, descB,
                                  coordinates, stage, mask, primary);
  }
}
