//===- ConsumerBarriers.cpp - named barriers of the consumer warpgroups ---===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "passes/hopper/ConsumerBarriers.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace gemm_opt;

Value ConsumerBarriers::index(int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

Value ConsumerBarriers::i32(int64_t v) {
  return arith::ConstantIntOp::create(b, loc, b.getI32Type(), v);
}

Value ConsumerBarriers::i32(Value v) {
  return arith::IndexCastUIOp::create(b, loc, b.getI32Type(), v);
}

void ConsumerBarriers::namedBarrier(Value id, int64_t threads) {
  NVVM::BarrierOp::create(b, loc, Type(), id, i32(threads),
                          NVVM::BarrierReductionAttr(), Value());
}

void ConsumerBarriers::namedArrive(Value id, int64_t threads) {
  NVVM::BarrierArriveOp::create(b, loc, id, i32(threads));
}

Value ConsumerBarriers::turnBarrier(int64_t base, Value group) {
  return arith::AddIOp::create(b, loc, i32(base), i32(group));
}

void ConsumerBarriers::syncGroup(Value group) {
  namedBarrier(turnBarrier(kGroup, group), 128 * plan.warpgroupsPerTile);
}

void ConsumerBarriers::syncWarpgroup(Value warpgroup) {
  namedBarrier(i32(arith::AddIOp::create(b, loc, warpgroup, index(kWarpgroup))),
               128);
}

void ConsumerBarriers::waitTurn(int64_t base, Value group, Value tile) {
  Value later =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, tile, index(0));
  auto ifLater = scf::IfOp::create(b, loc, later);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifLater.thenBlock());
  namedBarrier(turnBarrier(base, group), 2 * 128 * plan.warpgroupsPerTile);
}

void ConsumerBarriers::passTurn(int64_t base, Value group, Value tile,
                                Value tileCount) {
  Value next = arith::AddIOp::create(b, loc, tile, index(1));
  Value more =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, next, tileCount);
  auto ifMore = scf::IfOp::create(b, loc, more);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifMore.thenBlock());
  Value other = arith::SubIOp::create(b, loc, index(1), group);
  namedArrive(turnBarrier(base, other), 2 * 128 * plan.warpgroupsPerTile);
}
