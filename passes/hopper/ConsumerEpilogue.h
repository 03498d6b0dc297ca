//===- ConsumerEpilogue.h - a consumer group stores its tile -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// How the consumers of the warp-specialized wgmma kernel store a tile's
// accumulators into C once its main loop is done, in step through their
// named barriers (passes/hopper/ConsumerBarriers.h):
//
//   - through the staging tile: the group's warpgroups write their
//     accumulators into it (all at once, or one warpgroup's rows at a time
//     where it holds fewer rows), then every thread converts and stores 16
//     bytes at a time (passes/epilogue/StagingEpilogue.h); with split_k the blocks
//     of a tile meet in passes/SplitKReduction first;
//   - with #tile.store<tma>, each warpgroup on its own through its staging part,
//     `rounds` times a tile, the TMA stores of one round reading the
//     part while the next waits for them (passes/hopper/TmaStoreEpilogue.h).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_HOPPER_CONSUMEREPILOGUE_H
#define GEMM_OPT_PASSES_HOPPER_CONSUMEREPILOGUE_H

#include "passes/hopper/ConsumerBarriers.h"
#include "passes/epilogue/FusedEpilogue.h"
#include "passes/hopper/HopperKernelPlan.h"
#include "passes/hopper/TmaStoreEpilogue.h"

#include <optional>

namespace gemm_opt {

class ConsumerEpilogue {
public:
  /// `sharedMemory`: the kernel's dynamic shared memory (i8); `primary`:
  /// whether this thread is its warpgroup's first.
  ConsumerEpilogue(mlir::OpBuilder &b, mlir::Location loc,
                   const HopperKernelPlan &plan, FusedEpilogue fused,
                   mlir::Value sharedMemory, ConsumerBarriers &named,
                   mlir::Value primary)
      : b(b), loc(loc), plan(plan), fused(fused), sharedMemory(sharedMemory),
        named(named), primary(primary) {}

  /// Through the staging tile: warpgroup `warpgroup` (member `member` of
  /// group `group`, whose thread `groupThread` this is) holds `acc` at
  /// (row, col) of the tile at (rowBase, colBase) of C `c`. With split_k
  /// (`splitK`: its workspace), the tile's blocks add their partial tiles
  /// and the last one stores the sum.
  void storeThroughStaging(mlir::Value warpgroup, mlir::Value group,
                           mlir::Value member, mlir::Value groupThread,
                           mlir::Value acc, mlir::Value row, mlir::Value col,
                           mlir::Value rowBase, mlir::Value colBase,
                           mlir::Value c,
                           std::optional<SplitKWorkspace> splitK);

  /// #tile.store<tma>: the warpgroup stores its accumulator part, whose C
  /// origin is (row, col), on its own with `stores` (the epilogue of its
  /// batch entry, adding onto C where it says so) into `c`. `bias`: the
  /// part's bias entries, loaded before the main loop (or empty).
  /// `stagedParity`: where an epilogue operand is staged by TMA during the
  /// main loop (HopperKernelPlan::stagedOperand), the phase of the part's
  /// barrier in `stagedLoaded` to wait for (else null).
  void storeByTma(TmaStoreEpilogue stores, mlir::Value warpgroup,
                  mlir::Value group, mlir::Value member, mlir::Value tid,
                  mlir::Value acc, mlir::Value row, mlir::Value col,
                  mlir::Value c, llvm::ArrayRef<mlir::Value> bias,
                  mlir::Value stagedLoaded, mlir::Value stagedParity);

private:
  mlir::Value index(int64_t v);

  mlir::OpBuilder &b;
  mlir::Location loc;
  const HopperKernelPlan &plan;
  FusedEpilogue fused;
  mlir::Value sharedMemory;
  ConsumerBarriers &named;
  mlir::Value primary;
};

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_HOPPER_CONSUMEREPILOGUE_H
