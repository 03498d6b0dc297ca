//===- StreamKSegmentEnd.cpp - a consumer group ends a stream-K segment ---===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "passes/hopper/StreamKSegmentEnd.h"

#include "passes/hopper/StreamKFixup.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace gemm_opt;

Value StreamKSegmentEnd::index(int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

Value StreamKSegmentEnd::isGroupLeader() {
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, groupThread,
                               index(0));
}

Value StreamKSegmentEnd::isHelper(const WorkSegment &work) {
  return arith::XOrIOp::create(
      b, loc, work.owner,
      arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1));
}

Value StreamKSegmentEnd::waitForPartsInC(const WorkSegment &work) {
  StreamKFixup fixup(b, loc, plan, workspace);
  Value first = isGroupLeader();
  Value addToC = arith::AndIOp::create(
      b, loc, work.owner,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, work.helpers,
                            index(0)));
  auto ifAdds = scf::IfOp::create(b, loc, addToC);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifAdds.thenBlock());
  fixup.waitForHelpers(work.tile, work.helpers, first);
  fixup.resetCounter(work.tile, first);
  named.syncGroup(group);
  return addToC;
}

void StreamKSegmentEnd::publishPartsInC(
    const WorkSegment &work, llvm::function_ref<void()> waitForStores) {
  StreamKFixup fixup(b, loc, plan, workspace);
  Value first = isGroupLeader();
  Value signals = arith::AndIOp::create(
      b, loc, isHelper(work),
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, work.signalCount,
                            index(0)));
  auto ifSignals = scf::IfOp::create(b, loc, signals);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifSignals.thenBlock());
  waitForStores();
  named.syncGroup(group);
  fixup.signal(work.signalTile, work.signalCount, work.signalStride, first);
}

Value StreamKSegmentEnd::finishInWorkspace(const WorkSegment &work,
                                           Value member, Value tid, Value acc) {
  StreamKFixup fixup(b, loc, plan, workspace);
  Value thread = arith::RemUIOp::create(b, loc, tid, index(128));
  Value first = isGroupLeader();
  {
    auto ifHelper = scf::IfOp::create(b, loc, isHelper(work));
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifHelper.thenBlock());
    fixup.storePartial(work.slot, member, thread, acc);
    // The release may wait for later parts (stream_k = spares).
    auto ifSignals = scf::IfOp::create(
        b, loc,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt,
                              work.signalCount, index(0)));
    b.setInsertionPointToStart(ifSignals.thenBlock());
    named.syncGroup(group);
    fixup.signal(work.signalTile, work.signalCount, work.signalStride, first);
  }
  Value hasHelpers = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt,
                                           work.helpers, index(0));
  auto ifHelpers = scf::IfOp::create(b, loc, TypeRange{acc.getType()},
                                     hasHelpers, /*withElse=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifHelpers.thenBlock());
  fixup.waitForHelpers(work.tile, work.helpers, first);
  fixup.resetCounter(work.tile, first);
  named.syncGroup(group);
  scf::YieldOp::create(b, loc,
                       fixup.addPartials(work.firstHelperSlot, work.helpers,
                                         member, thread, acc));
  b.setInsertionPointToStart(ifHelpers.elseBlock());
  scf::YieldOp::create(b, loc, acc);
  return ifHelpers.getResult(0);
}
