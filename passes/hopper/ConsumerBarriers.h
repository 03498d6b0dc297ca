//===- ConsumerBarriers.h - the consumers' named barriers ----*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//-*-===//
//
// The named barriers (bar.sync / bar.arrive; id 0 is __syncthreads) that
// the consumer warpgroups of the warp-specialized wgmma kernel synchronize
// with: one per consumer group (its warpgroups), per group "your turn"
// barriers through which two groups taking tiles in turns ("ping-pong")
// hand the main loop and the epilogue to each other, and one per consumer
// warpgroup (the tma epilogue store).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_HOPPER_CONSUMERBARRIERS_H
#define GEMM_OPT_PASSES_HOPPER_CONSUMERBARRIERS_H

#include "passes/hopper/HopperKernelPlan.h"

namespace gemm_opt {

class ConsumerBarriers {
public:
  /// The turn barriers' bases: group g waits on base + g.
  static constexpr int64_t kMainLoopTurn = 3, kEpilogueTurn = 5;

  ConsumerBarriers(mlir::OpBuilder &b, mlir::Location loc,
                   const HopperKernelPlan &plan)
      : b(b), loc(loc), plan(plan) {}

  /// Synchronizes the warpgroups of consumer group `group`.
  void syncGroup(mlir::Value group);
  /// Synchronizes the 128 threads of consumer warpgroup `warpgroup`.
  void syncWarpgroup(mlir::Value warpgroup);
  /// Waits for group `group`'s turn at `base` unless `tile` is the block's
  /// first (nobody had a turn before it).
  void waitTurn(int64_t base, mlir::Value group, mlir::Value tile);
  /// Hands the turn at `base` to the other group if it has the next tile
  /// (the block computes `tileCount`).
  void passTurn(int64_t base, mlir::Value group, mlir::Value tile,
                mlir::Value tileCount);

private:
  /// Ids below these: 0 (__syncthreads) and the turn barriers.
  static constexpr int64_t kGroup = 1, kWarpgroup = 7;

  mlir::Value index(int64_t v);
  mlir::Value i32(int64_t v);
  mlir::Value i32(mlir::Value v);
  /// bar.sync on named barrier `id` (may be a value) with `threads`.
  void namedBarrier(mlir::Value id, int64_t threads);
  /// bar.arrive: counts towards `id` without waiting.
  void namedArrive(mlir::Value id, int64_t threads);
  /// The consumer groups' turn barrier `base + group`.
  mlir::Value turnBarrier(int64_t base, mlir::Value group);

  mlir::OpBuilder &b;
  mlir::Location loc;
  const HopperKernelPlan &plan;
};

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_HOPPER_CONSUMERBARRIERS_H
