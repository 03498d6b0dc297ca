//===- WgmmaMainLoop.h - the consumers' K loop of wgmmas -----*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A consumer warpgroup's K loop over one segment of its block's work
// (passes/hopper/BlockWorkWalk.h): for each K step, wait until the step's stage is
// full (passes/hopper/StageRing.h), issue its wgmmas on the warpgroup's tile
// (passes/hopper/WgmmaStageOperands.h) keeping one wgmma group in flight, and once
// the previous step's group has retired release that step's stage.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_HOPPER_WGMMAMAINLOOP_H
#define GEMM_OPT_PASSES_HOPPER_WGMMAMAINLOOP_H

#include "passes/hopper/KernelBlock.h"
#include "passes/hopper/WgmmaStageOperands.h"

#include "llvm/ADT/STLFunctionalExtras.h"

namespace gemm_opt {

class WgmmaMainLoop : KernelBlock {
public:
  explicit WgmmaMainLoop(const KernelBlock &block) : KernelBlock(block) {}

  /// The K steps of segment `work` for the warpgroup tile at (row, col)
  /// (A and B read through wgmma descriptors `descA`, `descB`); returns the
  /// accumulator, the last wgmma group possibly still in flight. With
  /// `afterFirstStep`, that runs once the first step's wgmmas are issued, in
  /// straight-line code before the loop over the others (a branch inside the
  /// K loop cost 5 %); the segment must have a
  /// K step then (a tile without a K split: the runtime refuses K < 1).
  ///
  /// A warpgroup tile of several 64-row slices starts from a first step
  /// that overwrites the accumulator (WgmmaStageOperands::multiply): with a
  /// zeroed one, the second slice's zeroing came after the first slice's
  /// wgmmas and ptxas serialized them (C7519 / C7517). That step is peeled,
  /// and skipped by a segment without K steps, which keeps the zeroed
  /// accumulator.
  mlir::Value build(const WorkSegment &work, mlir::Value row, mlir::Value col,
                    mlir::Value descA, mlir::Value descB,
                    llvm::function_ref<void()> afterFirstStep = nullptr);

private:
  mlir::Value index(int64_t v);
  /// K steps [from, to) of segment `work` onto accumulator `init`. With a
  /// register-sourced A, two steps per iteration and an odd one after the
  /// loop: a wgmma reads its A registers until its group retires, and in a
  /// one-step loop ptxas gives each step's fragments the same registers as
  /// the step before, whose group is still in flight when they are loaded
  /// (wrong results). Within an
  /// iteration it keeps the two steps' fragments apart.
  mlir::Value buildSteps(WgmmaStageOperands &operands, const WorkSegment &work,
                         mlir::Value from, mlir::Value to, mlir::Value init,
                         mlir::Value row, mlir::Value col, mlir::Value descA,
                         mlir::Value descB);
};

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_HOPPER_WGMMAMAINLOOP_H
