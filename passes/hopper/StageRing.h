//===- StageRing.h - the pipeline's stages and their barriers -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The warp-specialized wgmma kernel's pipeline is a ring of S stages in
// shared memory. The block's n-th K step overall (over all its tiles) uses
// stage n % S in round n / S; the stage's "full" barrier (the producer's
// TMA bytes arrived) and "empty" barrier (the consumers released it)
// complete once per round, so the parity of the round is the phase to
// wait for.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_HOPPER_STAGERING_H
#define GEMM_OPT_PASSES_HOPPER_STAGERING_H

#include "passes/hopper/ClusterMulticast.h"
#include "passes/hopper/HopperKernelPlan.h"

#include "mlir/IR/Builders.h"

#include <utility>

namespace gemm_opt {

/// The mbarrier groups of the stage ring.
struct StageBarriers {
  mlir::Value full, empty;
};

/// The stage of pipeline step `step` in a ring of `stages` and the parity
/// (i1) of its round.
std::pair<mlir::Value, mlir::Value> getRingPosition(mlir::OpBuilder &b,
                                                    mlir::Location loc,
                                                    int64_t stages,
                                                    mlir::Value step);

/// The ring position after (`stage`, `parity`): the next stage, and the
/// parity flipped where the ring wraps. Carried from step to step, it spares
/// a K loop the division of getRingPosition.
std::pair<mlir::Value, mlir::Value>
advanceRingPosition(mlir::OpBuilder &b, mlir::Location loc, int64_t stages,
                    mlir::Value stage, mlir::Value parity);

/// The parity (i1) of the `use`-th completion of a barrier completed once
/// per use (e.g. once per tile).
mlir::Value getUseParity(mlir::OpBuilder &b, mlir::Location loc,
                         mlir::Value use);

/// Waits until barrier `index` of the mbarrier group `barriers` completes
/// the phase of parity `parity`.
void waitForPhase(mlir::OpBuilder &b, mlir::Location loc, mlir::Value barriers,
                  mlir::Value index, mlir::Value parity);

/// One arrival per warpgroup, by its first thread (`primary`), on stage
/// `stage`'s "empty" barrier (with multicast: on that of every block that
/// sends into this one, `position` in the cluster).
void releaseStage(mlir::OpBuilder &b, mlir::Location loc,
                  const HopperKernelPlan &plan, mlir::Value empty,
                  mlir::Value stage, mlir::Value primary,
                  const ClusterPosition &position);

/// One arrival per thread on stage `stage`'s "empty" barrier (with
/// multicast: on that of every block that sends into this one): for stages
/// whose shared memory every thread of the warpgroup reads with plain
/// loads, which each thread's arrival orders before the stage is refilled.
void releaseStageByEveryThread(mlir::OpBuilder &b, mlir::Location loc,
                               const HopperKernelPlan &plan,
                               mlir::Value empty, mlir::Value stage,
                               const ClusterPosition &position);

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_HOPPER_STAGERING_H
