//===- StreamKSegmentEnd.h - a consumer group ends a segment -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//-*-===//
//
// What a consumer group of the warp-specialized wgmma kernel does after the
// K loop of a stream-K segment, the protocol of passes/hopper/StreamKFixup.h with
// the group's own barrier (passes/hopper/ConsumerBarriers.h) between its steps:
// a helper's part goes to the workspace (or into C) and is counted on its
// tile; an owner with helpers waits for their count and adds their parts.
// A segment that is a whole tile does none of it.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_HOPPER_STREAMKSEGMENTEND_H
#define GEMM_OPT_PASSES_HOPPER_STREAMKSEGMENTEND_H

#include "passes/hopper/ConsumerBarriers.h"
#include "passes/hopper/HopperKernelPlan.h"
#include "passes/hopper/StreamKPartition.h"

#include "llvm/ADT/STLFunctionalExtras.h"

namespace gemm_opt {

class StreamKSegmentEnd {
public:
  /// Consumer group `group` (its barriers `named`), whose thread
  /// `groupThread` this is, with the stream-K `workspace`.
  StreamKSegmentEnd(mlir::OpBuilder &b, mlir::Location loc,
                    const HopperKernelPlan &plan, SplitKWorkspace workspace,
                    ConsumerBarriers &named, mlir::Value group,
                    mlir::Value groupThread)
      : b(b), loc(loc), plan(plan), workspace(workspace), named(named),
        group(group), groupThread(groupThread) {}

  /// Partials in the workspace: a helper segment stores `acc` (warpgroup
  /// `member`'s, thread `tid`) and counts itself; an owner with helpers
  /// waits for them and returns `acc` plus their partials (any other
  /// segment, every whole tile included: `acc`, with no fence, barrier or
  /// atomic).
  mlir::Value finishInWorkspace(const WorkSegment &work, mlir::Value member,
                                mlir::Value tid, mlir::Value acc);

  /// Summed in C (HopperKernelPlan::streamKSumsInC): an owner with helpers
  /// waits until their parts are in C; returns whether it adds its part
  /// onto them (i1).
  mlir::Value waitForPartsInC(const WorkSegment &work);
  /// Summed in C: after a helper's last part has gone into C (every
  /// earlier part's stores with it: `waitForStores` waits until they are
  /// visible), the block counts itself on their tiles.
  void publishPartsInC(const WorkSegment &work,
                       llvm::function_ref<void()> waitForStores);

private:
  mlir::Value index(int64_t v);
  /// Whether this is the group's first thread (the one that signals and
  /// waits for the counters).
  mlir::Value isGroupLeader();
  /// Whether segment `work` is a helper's part (not its tile's owner).
  mlir::Value isHelper(const WorkSegment &work);

  mlir::OpBuilder &b;
  mlir::Location loc;
  const HopperKernelPlan &plan;
  SplitKWorkspace workspace;
  ConsumerBarriers &named;
  mlir::Value group, groupThread;
};

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_HOPPER_STREAMKSEGMENTEND_H
