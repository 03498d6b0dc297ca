//===- SimtSplitK.h - split-K for ffma kernels ------------------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// An ffma schedule with split_k = S runs S blocks per tile of C (grid z),
// each over 1/S of the K tiles. Each thread holds its accumulators at fixed
// positions of the tile, so the blocks meet without shared memory: every
// thread stores its partial sums into its block's slice of the workspace
// (S slices of M×N f32), the block counts itself on the tile's counter,
// and in the last block of the tile every thread sums the S slices at its
// positions into its accumulators, from where the usual epilogue stores C.
// The counters are zero before and after every launch; the slices need no
// initial value.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_SIMT_SIMTSPLITK_H
#define GEMM_OPT_PASSES_SIMT_SIMTSPLITK_H

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "passes/hopper/HopperKernelPlan.h"

#include "llvm/ADT/STLFunctionalExtras.h"

namespace gemm_opt {

/// The K tiles of this block's split (blockIdx.z) of `kTiles` tiles of
/// `blockK` whose first one starts `kShift` below `lowerK`
/// (SimtBlockOperands): its first K, its tile count (ceil(kTiles/S), fewer
/// for the last, none past the end) and its shift. Only split 0 takes the
/// ragged first tile.
struct SimtSplitRange {
  mlir::Value lowerK, kTiles, kShift;
};
SimtSplitRange getSimtSplitRange(mlir::OpBuilder &b, mlir::Location loc,
                                 int64_t splits, mlir::Value lowerK,
                                 mlir::Value kTiles, mlir::Value kShift,
                                 int64_t blockK);

/// Where a thread's accumulator (i, j) lies in the block's tile.
using AccumulatorPosition =
    llvm::function_ref<std::pair<mlir::Value, mlir::Value>(int64_t i,
                                                           int64_t j)>;

/// Emits the meeting of the S blocks of the tile of `c` at (rowBase,
/// colBase): stores the thread's `rows`×`columns` accumulators `acc` into
/// the block's slice, counts the block and, in the last block, sums the
/// slices into `acc`. `run` > 0 says that accumulators j .. j + run - 1 (j
/// a multiple of `run`) lie at consecutive columns and every position lies
/// in the tile: a tile inside C, where N is a multiple of `run`, then moves
/// them as one vector (4 for the ffma kernels' 4×4 sub-tiles), and the last
/// block loads a group of runs from every slice before it adds them. A
/// tile at C's edge, or any tile with `run` = 0 (positions that may lie
/// outside the tile, e.g. past C's last row), moves its elements one by
/// one. Either way the sums add the slices in order.
/// Returns that block's scf.if, the insertion point
/// inside its then-region after the sums; the epilogue and
/// resetSimtSplitCounter() belong there. `flag` is a 1-element i32 view of
/// shared memory that no thread reads or writes until a barrier after the call.
mlir::scf::IfOp meetSimtSplits(mlir::OpBuilder &b, mlir::Location loc,
                               tile::ScheduleAttr schedule,
                               SplitKWorkspace workspace, mlir::Value c,
                               mlir::Value rowBase, mlir::Value colBase,
                               mlir::Value thread, mlir::Value acc,
                               int64_t rows, int64_t columns, int64_t run,
                               AccumulatorPosition position, mlir::Value flag);

/// The tile's counter back to zero (thread 0 of the last block).
void resetSimtSplitCounter(mlir::OpBuilder &b, mlir::Location loc,
                           tile::ScheduleAttr schedule,
                           SplitKWorkspace workspace, mlir::Value c,
                           mlir::Value rowBase, mlir::Value colBase,
                           mlir::Value thread);

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_SIMT_SIMTSPLITK_H
