//===- PromotingMainLoop.h - K loop promoting FP8 partial sums -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The consumer warpgroup's K loop of an FP8 GEMM whose partial sums are
// promoted (#tile.scaling without fast_accumulation, or with block scales;
// block K is 128, so one K step is one 128-element K block). wgmma adds
// 8-bit products into an accumulator of about 22 significant bits; over a
// long K that loses accuracy (DeepSeek-V3 reports relative errors near 2 %
// at K = 4096), so each step:
//
//   1. without a block-scale ring, loads the next step's block scales
//      (passes/hopper/AccumulatorScaling.h), so that their latency hides
//      behind this one,
//   2. waits for its stage (with a ring, reads the step's block scales from
//      it) and issues its wgmmas into a second accumulator, the first
//      instruction of each 64-row slice overwriting it,
//   3. waits for them to retire (and, after the last piece, releases the
//      stage),
//   4. adds the partial sums, times their scales (loaded a step before),
//      into the f32 sums;
// 2 to 4 once per piece of the warpgroup tile's columns: the tile is
// multiplied in pieces of the schedule's mma N (a 64×256 tile with mma N =
// 128: two), so that the sums and one piece's accumulator fit the
// registers where two whole accumulators would not.
//
// Steps 3 and 4 leave the tensor cores to the block's other consumer
// warpgroups meanwhile; the sums and the partials together need twice the
// accumulator registers (the verifier checks the schedule leaves room).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_HOPPER_PROMOTINGMAINLOOP_H
#define GEMM_OPT_PASSES_HOPPER_PROMOTINGMAINLOOP_H

#include "passes/hopper/AccumulatorScaling.h"
#include "passes/hopper/KernelBlock.h"
#include "passes/hopper/WgmmaStageOperands.h"

#include "llvm/ADT/STLFunctionalExtras.h"

namespace gemm_opt {

class PromotingMainLoop : KernelBlock {
public:
  PromotingMainLoop(const KernelBlock &block, AccumulatorScaling &scaling)
      : KernelBlock(block), scaling(scaling) {}

  /// The K steps of segment `work` for the warpgroup tile at (row, col) of
  /// the block tile, (rowC, colC) of C; returns the sums, every wgmma
  /// retired and every stage released. `afterFirstStep` as for
  /// WgmmaMainLoop::build.
  mlir::Value build(const WorkSegment &work, mlir::Value row, mlir::Value col,
                    mlir::Value rowC, mlir::Value colC, mlir::Value descA,
                    mlir::Value descB,
                    llvm::function_ref<void()> afterFirstStep = nullptr);

private:
  mlir::Value index(int64_t v);

  AccumulatorScaling &scaling;
};

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_HOPPER_PROMOTINGMAINLOOP_H
