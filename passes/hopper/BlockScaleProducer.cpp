//===- BlockScaleProducer.cpp - block scales into shared memory -----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "passes/hopper/BlockScaleProducer.h"

#include "passes/hopper/StageRing.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace gemm_opt;

/// Columns of B one block scale covers.
static constexpr int64_t kScaleBlock = 128;

Value BlockScaleProducer::index(int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

Value BlockScaleProducer::clamp(Value i, Value extent) {
  return arith::MinUIOp::create(
      b, loc, i, arith::SubIOp::create(b, loc, extent, index(1)));
}

void BlockScaleProducer::build(Value inGroup) {
  Value secondWarp = arith::AndIOp::create(
      b, loc,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, inGroup,
                            index(32)),
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, inGroup,
                            index(64)));
  auto filling = scf::IfOp::create(b, loc, secondWarp);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(filling.thenBlock());
  Value lane = arith::SubIOp::create(b, loc, inGroup, index(32));
  auto tileLoop =
      scf::ForOp::create(b, loc, index(0), walk.getSegmentCount(), index(1));
  b.setInsertionPointToStart(tileLoop.getBody());
  BlockSegment segment = walk.getSegment(tileLoop.getInductionVar());
  auto loop =
      scf::ForOp::create(b, loc, index(0), segment.work.kCount, index(1));
  b.setInsertionPointToStart(loop.getBody());
  Value t = loop.getInductionVar();
  // Block K is 128 (the verifier insists): K tile n is K block n.
  Value kBlock = arith::AddIOp::create(b, loc, segment.work.kBegin, t);
  // A batched tile's scales: its batch entry's, a contiguous grouped
  // tile's B scales its group's.
  OperandScales entry =
      segment.getScaleEntry()
          ? scales.atBatchEntry(b, loc, segment.getScaleEntry())
          : scales;
  SmallVector<Value> values =
      load(entry, lane, kBlock, segment.rowBase, segment.colBase);
  auto [stage, parity] =
      getRingPosition(b, loc, plan.stages, walk.getStep(segment.work, t));
  Value one = arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1);
  waitForPhase(b, loc, barriers.empty, stage,
               arith::XOrIOp::create(b, loc, parity, one));
  store(lane, stage, values);
  nvgpu::MBarrierArriveOp::create(
      b, loc, nvgpu::MBarrierTokenType::get(b.getContext()), barriers.full,
      stage);
}

SmallVector<Value> BlockScaleProducer::load(const OperandScales &scales,
                                            Value lane, Value kBlock,
                                            Value rowBase, Value colBase) {
  SmallVector<Value> values;
  if (ring.factorsA > 0) {
    Value rows = memref::DimOp::create(b, loc, scales.a, 0);
    for (int64_t i = 0; i < ring.factorsA / 32; ++i) {
      Value row = arith::AddIOp::create(
          b, loc, rowBase, arith::AddIOp::create(b, loc, lane, index(32 * i)));
      values.push_back(memref::LoadOp::create(
          b, loc, scales.a, ValueRange{clamp(row, rows), kBlock}));
    }
  }
  if (ring.factorsB > 0) {
    // Lanes past the tile's column blocks load its last one again and
    // store nothing.
    Value blocks = memref::DimOp::create(b, loc, scales.b, 1);
    Value block = arith::AddIOp::create(
        b, loc, arith::DivUIOp::create(b, loc, colBase, index(kScaleBlock)),
        arith::MinUIOp::create(b, loc, lane, index(ring.factorsB - 1)));
    values.push_back(memref::LoadOp::create(
        b, loc, scales.b, ValueRange{kBlock, clamp(block, blocks)}));
  }
  return values;
}

void BlockScaleProducer::store(Value lane, Value stage,
                               ArrayRef<Value> values) {
  Value entry =
      arith::MulIOp::create(b, loc, stage, index(ring.getStageFactors()));
  int64_t n = 0;
  for (int64_t i = 0; i < ring.factorsA / 32; ++i, ++n) {
    Value at = arith::AddIOp::create(
        b, loc, entry, arith::AddIOp::create(b, loc, lane, index(32 * i)));
    memref::StoreOp::create(b, loc, values[n], memory, at);
  }
  if (ring.factorsB == 0)
    return;
  auto ifOwn = scf::IfOp::create(
      b, loc,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, lane,
                            index(ring.factorsB)));
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifOwn.thenBlock());
  Value at = arith::AddIOp::create(
      b, loc, entry,
      arith::AddIOp::create(b, loc, lane, index(ring.factorsA)));
  memref::StoreOp::create(b, loc, values[n], memory, at);
}
