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
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
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
  // Through registers, the loads are issued before the wait, so their
  // latency overlaps it; the copies can only start once the stage is free.
  SmallVector<Value> values;
  if (!ring.asyncCopies)
    values = load(entry, lane, kBlock, segment.rowBase, segment.colBase);
  auto [stage, parity] =
      getRingPosition(b, loc, plan.stages, walk.getStep(segment.work, t));
  SmallVector<ScaleCopy> copies;
  if (ring.asyncCopies)
    copies =
        describe(entry, lane, kBlock, segment.rowBase, segment.colBase, stage);
  Value one = arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1);
  waitForPhase(b, loc, barriers.empty, stage,
               arith::XOrIOp::create(b, loc, parity, one));
  if (!ring.asyncCopies) {
    store(lane, stage, values);
    nvgpu::MBarrierArriveOp::create(
        b, loc, nvgpu::MBarrierTokenType::get(b.getContext()), barriers.full,
        stage);
    return;
  }
  for (const ScaleCopy &copy : copies)
    copyAsync(copy);
  // noinc: the asynchronous arrival is one of the barrier's expected
  // arrivals, not one more.
  Value address = nvgpu::MBarrierGetOp::create(b, loc, b.getI32Type(),
                                               barriers.full, stage);
  NVVM::CpAsyncMBarrierArriveOp::create(
      b, loc,
      LLVM::IntToPtrOp::create(
          b, loc, LLVM::LLVMPointerType::get(b.getContext(), /*shared=*/3),
          address),
      /*noinc=*/true);
  // The warp leaves with none of its copies in flight.
  b.setInsertionPointAfter(tileLoop);
  NVVM::CpAsyncWaitGroupOp::create(b, loc, 0);
}

BlockScaleProducer::FlatScales
BlockScaleProducer::flatten(Value scales) {
  // cp.async reads along a unit-stride dimension, and the scales may have
  // any strides (A's are column-major): copy from their storage seen as a
  // 1-D array from its base buffer.
  auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, scales);
  FlatScales flat;
  flat.offset = metadata.getOffset();
  flat.sizes.assign(metadata.getSizes().begin(), metadata.getSizes().end());
  flat.strides.assign(metadata.getStrides().begin(),
                      metadata.getStrides().end());
  Value last = flat.offset;
  for (auto [size, stride] : llvm::zip(flat.sizes, flat.strides))
    last = arith::AddIOp::create(
        b, loc, last,
        arith::MulIOp::create(
            b, loc, arith::SubIOp::create(b, loc, size, index(1)), stride));
  auto type = cast<MemRefType>(scales.getType());
  SmallVector<OpFoldResult> sizes{
      arith::AddIOp::create(b, loc, last, index(1)).getResult()};
  SmallVector<OpFoldResult> strides{b.getIndexAttr(1)};
  flat.storage = memref::ReinterpretCastOp::create(
      b, loc,
      MemRefType::get({ShapedType::kDynamic}, type.getElementType(),
                      MemRefLayoutAttrInterface(), type.getMemorySpace()),
      metadata.getBaseBuffer(), b.getIndexAttr(0), sizes, strides);
  return flat;
}

Value BlockScaleProducer::FlatScales::position(OpBuilder &b, Location loc,
                                               Value i, Value j) const {
  return arith::AddIOp::create(
      b, loc, offset,
      arith::AddIOp::create(b, loc, arith::MulIOp::create(b, loc, i, strides[0]),
                            arith::MulIOp::create(b, loc, j, strides[1])));
}

Value BlockScaleProducer::clamp(Value i, Value extent) {
  return arith::MinUIOp::create(
      b, loc, i, arith::SubIOp::create(b, loc, extent, index(1)));
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

void BlockScaleProducer::copyAsync(const ScaleCopy &copy) {
  OpBuilder::InsertionGuard guard(b);
  if (copy.owner) {
    auto ifOwn = scf::IfOp::create(b, loc, copy.owner);
    b.setInsertionPointToStart(ifOwn.thenBlock());
  }
  nvgpu::DeviceAsyncCopyOp::create(
      b, loc, nvgpu::DeviceAsyncTokenType::get(b.getContext()), memory,
      ValueRange{copy.at}, copy.storage, ValueRange{copy.position},
      b.getIndexAttr(1),
      /*srcElements=*/
      arith::SelectOp::create(b, loc, copy.inside, index(1), index(0)),
      /*bypassL1=*/UnitAttr());
}

SmallVector<BlockScaleProducer::ScaleCopy>
BlockScaleProducer::describe(const OperandScales &scales, Value lane,
                             Value kBlock, Value rowBase, Value colBase,
                             Value stage) {
  SmallVector<ScaleCopy> copies;
  Value entry =
      arith::MulIOp::create(b, loc, stage, index(ring.getStageFactors()));
  if (ring.factorsA > 0) {
    // Lane l copies rows l, l + 32, ...: 32 rows apart in the storage too.
    FlatScales flat = flatten(scales.a);
    Value first = arith::AddIOp::create(b, loc, rowBase, lane);
    Value firstAt = flat.position(b, loc, first, kBlock);
    for (int64_t i = 0; i < ring.factorsA / 32; ++i) {
      Value row = arith::AddIOp::create(b, loc, first, index(32 * i));
      copies.push_back(
          {flat.storage,
           arith::AddIOp::create(
               b, loc, firstAt,
               arith::MulIOp::create(b, loc, flat.strides[0], index(32 * i))),
           arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, row,
                                 flat.sizes[0]),
           arith::AddIOp::create(
               b, loc, entry,
               arith::AddIOp::create(b, loc, lane, index(32 * i))),
           Value()});
    }
  }
  if (ring.factorsB == 0)
    return copies;
  FlatScales flat = flatten(scales.b);
  Value block = arith::AddIOp::create(
      b, loc, arith::DivUIOp::create(b, loc, colBase, index(kScaleBlock)),
      lane);
  copies.push_back(
      {flat.storage, flat.position(b, loc, kBlock, block),
       arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, block,
                             flat.sizes[1]),
       arith::AddIOp::create(
           b, loc, entry,
           arith::AddIOp::create(b, loc, lane, index(ring.factorsA))),
       arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, lane,
                             index(ring.factorsB))});
  return copies;
}
