//===- StreamKFixup.cpp - finishing tiles split between stream-K blocks ---===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "passes/hopper/StreamKFixup.h"

#include "passes/hopper/AccumulatorFragments.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace gemm_opt;

Value StreamKFixup::index(int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

Value StreamKFixup::i32(int64_t v) {
  return arith::ConstantIntOp::create(b, loc, b.getI32Type(), v);
}

Value StreamKFixup::counterPointer(Value tile) {
  MLIRContext *ctx = b.getContext();
  Value base =
      memref::ExtractAlignedPointerAsIndexOp::create(b, loc, workspace.counters);
  auto metadata =
      memref::ExtractStridedMetadataOp::create(b, loc, workspace.counters);
  Value element = arith::AddIOp::create(b, loc, metadata.getOffset(), tile);
  Value address = arith::AddIOp::create(
      b, loc, base, arith::MulIOp::create(b, loc, element, index(4)));
  Value integer = arith::IndexCastUIOp::create(b, loc, b.getI64Type(), address);
  Value generic = LLVM::IntToPtrOp::create(
      b, loc, LLVM::LLVMPointerType::get(ctx), integer);
  return LLVM::AddrSpaceCastOp::create(
      b, loc, LLVM::LLVMPointerType::get(ctx, /*addressSpace=*/1), generic);
}

Value StreamKFixup::partialIndex(Value slot, Value member, Value thread,
                                 int64_t quad) {
  int64_t quads = plan.warpM * plan.warpN / 128 / 4;
  Value part = arith::AddIOp::create(
      b, loc,
      arith::MulIOp::create(b, loc, slot, index(plan.warpgroupsPerTile)),
      member);
  Value row = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, part, index(quads)), index(quad));
  return arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, row, index(512)),
      arith::MulIOp::create(b, loc, thread, index(4)));
}

void StreamKFixup::storePartial(Value slot, Value member, Value thread,
                                Value acc) {
  SmallVector<Value> fragments =
      extractFragments(b, loc, acc, plan.warpM, plan.warpN);
  auto quadType = VectorType::get({4}, b.getF32Type());
  for (int64_t q = 0; q * 4 < static_cast<int64_t>(fragments.size()); ++q) {
    Value quad = vector::FromElementsOp::create(
        b, loc, quadType, ArrayRef<Value>(fragments).slice(4 * q, 4));
    vector::StoreOp::create(b, loc, quad, workspace.partials,
                            ValueRange{partialIndex(slot, member, thread, q)},
                            /*nontemporal=*/false, llvm::MaybeAlign(16));
  }
}

void StreamKFixup::signal(Value tile, Value count, Value stride,
                          Value first) {
  auto ifFirst = scf::IfOp::create(b, loc, first);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifFirst.thenBlock());
  // A release: the group's stores (ordered before this thread by the
  // barrier) become visible GPU-wide no later than the counts. NVPTX drops
  // the ordering of an atomicrmw, so the fence is explicit (fence.acq_rel.gpu,
  // not the sequentially consistent membar.gl).
  LLVM::FenceOp::create(b, loc, LLVM::AtomicOrdering::release, "device");
  auto tiles = scf::ForOp::create(b, loc, index(0), count, index(1));
  b.setInsertionPointToStart(tiles.getBody());
  Value counted = arith::AddIOp::create(
      b, loc, tile,
      arith::MulIOp::create(b, loc, tiles.getInductionVar(), stride));
  memref::AtomicRMWOp::create(b, loc, arith::AtomicRMWKind::addi, i32(1),
                              workspace.counters, ValueRange{counted});
}

void StreamKFixup::waitForHelpers(Value tile, Value helpers, Value first) {
  auto ifFirst = scf::IfOp::create(b, loc, first);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifFirst.thenBlock());
  Value expected = arith::IndexCastUIOp::create(b, loc, b.getI32Type(), helpers);
  Value counter = counterPointer(tile);
  // Poll with acquire loads (ld.acquire.gpu) until every helper has counted
  // itself: the helpers' partials are visible to the group after the
  // caller's barrier.
  auto poll = scf::WhileOp::create(b, loc, TypeRange{}, ValueRange{});
  {
    Block *before = b.createBlock(&poll.getBefore());
    b.setInsertionPointToStart(before);
    Value seen = LLVM::LoadOp::create(
        b, loc, b.getI32Type(), counter, /*alignment=*/4,
        /*isVolatile=*/false, /*isNonTemporal=*/false, /*isInvariant=*/false,
        /*isInvariantGroup=*/false, LLVM::AtomicOrdering::acquire, "device");
    Value pending = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                          seen, expected);
    scf::ConditionOp::create(b, loc, pending, ValueRange{});
    Block *after = b.createBlock(&poll.getAfter());
    b.setInsertionPointToStart(after);
    scf::YieldOp::create(b, loc, ValueRange{});
  }
}

Value StreamKFixup::addPartials(Value firstSlot, Value helpers, Value member,
                                Value thread, Value acc) {
  auto loop = scf::ForOp::create(
      b, loc, firstSlot, arith::AddIOp::create(b, loc, firstSlot, helpers),
      index(1), ValueRange{acc});
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(loop.getBody());
  Value slot = loop.getInductionVar();
  Value current = loop.getRegionIterArgs()[0];
  SmallVector<Value> fragments =
      extractFragments(b, loc, current, plan.warpM, plan.warpN);
  auto quadType = VectorType::get({4}, b.getF32Type());
  for (int64_t q = 0; q * 4 < static_cast<int64_t>(fragments.size()); ++q) {
    Value quad = vector::LoadOp::create(
        b, loc, quadType, workspace.partials,
        ValueRange{partialIndex(slot, member, thread, q)},
        /*nontemporal=*/false, llvm::MaybeAlign(16));
    for (int64_t e = 0; e < 4; ++e)
      fragments[4 * q + e] = arith::AddFOp::create(
          b, loc, fragments[4 * q + e],
          vector::ExtractOp::create(b, loc, quad, e));
  }
  scf::YieldOp::create(
      b, loc,
      ValueRange{buildAccumulator(b, loc, acc.getType(), fragments,
                                  plan.warpM, plan.warpN)});
  return loop.getResult(0);
}

void StreamKFixup::resetCounter(Value tile, Value first) {
  auto ifFirst = scf::IfOp::create(b, loc, first);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifFirst.thenBlock());
  memref::AtomicRMWOp::create(b, loc, arith::AtomicRMWKind::assign, i32(0),
                              workspace.counters, ValueRange{tile});
}
