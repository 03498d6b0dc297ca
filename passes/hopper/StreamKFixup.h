//===- StreamKFixup.h - finishing tiles split between stream-K blocks -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A stream-K tile split between blocks (passes/hopper/StreamKPartition.h) is
// summed in registers before its owner's epilogue, with the release/acquire
// pattern of CUTLASS's stream-K barrier rather than full fences:
//
//   - a helper segment (part of a tile that its block does not finish: a
//     block's first segment under stream_k = W, a spare's heads under
//     stream_k = spares) stores its accumulators into its slot of the
//     fp32 workspace with plain stores; after the group's barrier one
//     thread counts the block on the tile's counter with a release
//     (fence.acq_rel at GPU scope, then a relaxed add), which orders the
//     whole group's stores before the count;
//   - the owner (the block that computed the tile's last K steps, its
//     last segment) waits, on one thread, with acquire loads until the
//     counter holds its helpers and resets it for the next launch; after
//     the group's barrier every thread adds the helpers' slots to its
//     accumulators in slot order and runs the usual epilogue.
//
// A segment that is a whole tile (every data-parallel tile) takes no part:
// no fence, no barrier, no atomic.
//
// Summed in C instead (HopperKernelPlan::streamKSumsInC: stream_k = spares,
// an f32 C, TMA stores, no activation; passes/hopper/StreamKSegmentEnd.h): a spare
// stores its head into C with the whole epilogue, and after its last head
// its issuing threads wait for their TMA stores to complete and fence them
// for the generic proxy before the same release; the owner waits as above
// and adds alpha times its tail onto C with TMA reductions (a tile has one
// helper under stream_k = spares, so the sum is deterministic). Neither
// stores nor reloads a partial: measured 0.8 % faster at tf32 4096³.
//
// Slot s holds a helper's partial tile (StreamKPartition's WorkSegment::slot:
// block s's under stream_k = W, partial-wave tile s's head under
// stream_k = spares): per consumer warpgroup w of the
// tile and per group of 4 fragments q, thread t's 4 f32 at
// ((s·W + w)·F/4 + q)·512 + 4t, F = WM·WN/128 fragments per thread, so a
// warp's 16-byte stores and loads are contiguous. The workspace holds G
// slots (G = the grid's blocks) and one i32 counter per tile.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_HOPPER_STREAMKFIXUP_H
#define GEMM_OPT_PASSES_HOPPER_STREAMKFIXUP_H

#include "passes/hopper/HopperKernelPlan.h"

namespace gemm_opt {

class StreamKFixup {
public:
  StreamKFixup(mlir::OpBuilder &b, mlir::Location loc,
               const HopperKernelPlan &plan, SplitKWorkspace workspace)
      : b(b), loc(loc), plan(plan), workspace(workspace) {}

  /// Warpgroup `member`'s threads (`thread` of 128) store accumulator `acc`
  /// into workspace slot `slot` (no fence: signal releases them).
  void storePartial(mlir::Value slot, mlir::Value member, mlir::Value thread,
                    mlir::Value acc);
  /// One thread (`first`) releases the group's partial stores and counts
  /// the block on the counters of tiles tile + j·stride, j < count (after
  /// the group's barrier behind storePartial).
  void signal(mlir::Value tile, mlir::Value count, mlir::Value stride,
              mlir::Value first);
  /// One thread (`first`) waits, with GPU-scope acquire loads, until tile
  /// `tile`'s counter reaches `helpers`; the caller synchronizes the group
  /// after it.
  void waitForHelpers(mlir::Value tile, mlir::Value helpers,
                      mlir::Value first);
  /// `acc` plus the partials in slots firstSlot .. firstSlot + helpers - 1,
  /// in that order (after waitForHelpers and the group's barrier).
  mlir::Value addPartials(mlir::Value firstSlot, mlir::Value helpers,
                          mlir::Value member, mlir::Value thread,
                          mlir::Value acc);
  /// One thread (`first`) sets tile `tile`'s counter back to zero.
  void resetCounter(mlir::Value tile, mlir::Value first);

private:
  mlir::Value index(int64_t v);
  mlir::Value i32(int64_t v);
  /// The workspace index of thread `thread`'s `quad`-th 4 fragments of
  /// warpgroup `member` in slot `slot`.
  mlir::Value partialIndex(mlir::Value slot, mlir::Value member,
                           mlir::Value thread, int64_t quad);
  /// Tile `tile`'s counter as an LLVM global pointer (for the orderings
  /// memref.atomic_rmw cannot spell).
  mlir::Value counterPointer(mlir::Value tile);

  mlir::OpBuilder &b;
  mlir::Location loc;
  const HopperKernelPlan &plan;
  SplitKWorkspace workspace;
};

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_HOPPER_STREAMKFIXUP_H
