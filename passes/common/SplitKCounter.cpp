//===- SplitKCounter.cpp - the blocks of a split tile count in ------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "passes/common/SplitKCounter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace gemm_opt;

Value gemm_opt::getSplitTileIndex(OpBuilder &b, Location loc, Value rowBase,
                                  Value colBase, Value colsC, int64_t blockM,
                                  int64_t blockN) {
  auto index = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  Value tilesN = arith::CeilDivUIOp::create(b, loc, colsC, index(blockN));
  return arith::AddIOp::create(
      b, loc,
      arith::MulIOp::create(
          b, loc, arith::DivUIOp::create(b, loc, rowBase, index(blockM)),
          tilesN),
      arith::DivUIOp::create(b, loc, colBase, index(blockN)));
}

void gemm_opt::fenceSplitKWorkspace(OpBuilder &b, Location loc) {
  NVVM::MembarOp::create(
      b, loc,
      NVVM::MemScopeKindAttr::get(b.getContext(), NVVM::MemScopeKind::GPU));
}

Value gemm_opt::countSplitBlock(OpBuilder &b, Location loc, Value counters,
                                Value tileIndex, Value thread, int64_t splits,
                                Value flag, function_ref<void()> barrier) {
  // The slice is visible GPU-wide before the block is counted.
  fenceSplitKWorkspace(b, loc);
  barrier();
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value first =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, thread, zero);
  {
    auto ifFirst = scf::IfOp::create(b, loc, first);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifFirst.thenBlock());
    Value one = arith::ConstantIntOp::create(b, loc, b.getI32Type(), 1);
    Value before =
        memref::AtomicRMWOp::create(b, loc, arith::AtomicRMWKind::addi, one,
                                    counters, ValueRange{tileIndex});
    Value last = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::eq, before,
        arith::ConstantIntOp::create(b, loc, b.getI32Type(), splits - 1));
    memref::StoreOp::create(
        b, loc, arith::ExtUIOp::create(b, loc, b.getI32Type(), last), flag,
        ValueRange{zero});
  }
  barrier();
  return arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::ne,
      memref::LoadOp::create(b, loc, flag, ValueRange{zero}),
      arith::ConstantIntOp::create(b, loc, b.getI32Type(), 0));
}

void gemm_opt::resetSplitCounter(OpBuilder &b, Location loc, Value counters,
                                 Value tileIndex, Value thread) {
  Value first =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, thread,
                            arith::ConstantIndexOp::create(b, loc, 0));
  auto ifFirst = scf::IfOp::create(b, loc, first);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifFirst.thenBlock());
  memref::AtomicRMWOp::create(
      b, loc, arith::AtomicRMWKind::assign,
      arith::ConstantIntOp::create(b, loc, b.getI32Type(), 0), counters,
      ValueRange{tileIndex});
}
