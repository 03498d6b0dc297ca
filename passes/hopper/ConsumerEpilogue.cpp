//===- ConsumerEpilogue.cpp - a consumer group stores its tile ------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "passes/hopper/ConsumerEpilogue.h"

#include "passes/common/SharedMemoryView.h"
#include "passes/hopper/SplitKReduction.h"
#include "passes/hopper/StageRing.h"
#include "passes/epilogue/StagingEpilogue.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace gemm_opt;

Value ConsumerEpilogue::index(int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

void ConsumerEpilogue::storeThroughStaging(
    Value warpgroup, Value group, Value member, Value groupThread, Value acc,
    Value row, Value col, Value rowBase, Value colBase, Value c,
    std::optional<SplitKWorkspace> splitK) {
  auto staging = [&] {
    return StagingEpilogue(b, loc, plan, fused, sharedMemory);
  };
  // The staging tile holds the whole tile, or one warpgroup's rows at a
  // time (persistent: the members of the group take turns).
  int64_t slices = plan.blockM / plan.stagingRows;
  for (int64_t slice = 0; slice < slices; ++slice) {
    // Every warpgroup of the group is past its last wgmma (the stages
    // may be reused) and past its reads of the staging tile.
    named.syncGroup(group);
    if (slices == 1) {
      staging().storeAccumulator(warpgroup, acc, row, col);
    } else {
      Value mine = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                         member, index(slice));
      auto ifMine = scf::IfOp::create(b, loc, mine);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(ifMine.thenBlock());
      staging().storeAccumulator(
          warpgroup, acc,
          arith::SubIOp::create(b, loc, row, index(slice * plan.stagingRows)),
          col);
    }
    named.syncGroup(group);
    if (splitK) {
      // One block per tile (no persistent grid): one slice.
      SplitKReduction reduction(b, loc, plan, *splitK, c, rowBase, colBase);
      scf::IfOp ifLast = reduction.addAndTakeSumsIfLast(
          staging().stagingView(), groupThread, [&] { named.syncGroup(group); },
          viewSharedMemory(b, loc, sharedMemory, index(plan.splitKFlagOffset),
                           {1}, b.getI32Type()));
      staging().copyToGlobal(groupThread, rowBase, colBase, c);
      reduction.resetCounter(groupThread);
      b.setInsertionPointAfter(ifLast);
      return;
    }
    staging().copyToGlobal(
        groupThread,
        arith::AddIOp::create(b, loc, rowBase, index(slice * plan.stagingRows)),
        colBase, c);
  }
}

void ConsumerEpilogue::storeByTma(TmaStoreEpilogue stores, Value warpgroup,
                                  Value group, Value member, Value tid,
                                  Value acc, Value row, Value col, Value c,
                                  ArrayRef<Value> bias, Value stagedLoaded,
                                  Value stagedParity) {
  Value thread = arith::RemUIOp::create(b, loc, tid, index(128));
  // An operand in the staging part: wait for its TMA load (issued where it
  // holds).
  Value staged;
  if (stagedParity) {
    staged = stores.operandInStaging();
    auto ifStaged = scf::IfOp::create(b, loc, staged);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifStaged.thenBlock());
    waitForPhase(b, loc, stagedLoaded, member, stagedParity);
  }
  // #tile.store<tma, rounds = R>: the part takes the warpgroup's columns a round at a
  // time.
  for (int64_t round = 0; round < plan.storeRounds; ++round) {
    if (plan.persistent || round > 0) {
      // The staging part has its own bytes (or the stages are already
      // free): free once the TMA stores (or thread copies) that last
      // read it, a previous round's or tile's, are done reading.
      stores.waitForRoundPart(primary);
      named.syncWarpgroup(warpgroup);
    } else {
      // The staging tile reuses the stages: every warpgroup of the group
      // must be past its last wgmma.
      named.syncGroup(group);
    }
    stores.writeStaging(member, thread, acc, row, col, round, bias, staged);
    named.syncWarpgroup(warpgroup);
    stores.storeToC(member, thread, primary, row, col, c, round);
  }
  // Consumer groups in turns share the staging tile: hand it over read.
  if (plan.consumerGroups > 1)
    stores.waitForStores(primary);
}
