//===- SplitKReduction.h - summing split-K partial tiles -------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The epilogue of a split_k wgmma kernel: the blocks that share a tile of C
// (one per split, grid z) store their f32 partial tile into their slice of
// the workspace (S slices of M×N) and count themselves on the tile's
// counter; the last one sums the S slices into its staging tile, from where
// the usual epilogue stores C, and resets the counter. The counters are
// zero before and after every launch; the slices need no initial value.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_HOPPER_SPLITKREDUCTION_H
#define GEMM_OPT_PASSES_HOPPER_SPLITKREDUCTION_H

#include "passes/hopper/HopperKernelPlan.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace gemm_opt {

class SplitKReduction {
public:
  /// For the tile of `c` at (rowBase, colBase).
  SplitKReduction(mlir::OpBuilder &b, mlir::Location loc,
                  const HopperKernelPlan &plan, SplitKWorkspace workspace,
                  mlir::Value c, mlir::Value rowBase, mlir::Value colBase);

  /// Stores `staging` (the block's partial tile) into its workspace slice
  /// and counts the block; in the last block of the tile, sums the slices
  /// into `staging`. Returns that block's scf.if with the insertion point at the
  /// end of its then-region, the staging tile complete and synchronized.
  /// `groupThread` numbers the 128·warpgroupsPerTile consumer threads,
  /// `groupBarrier` synchronizes them, `flag` is a 1-element i32 view of
  /// shared memory.
  mlir::scf::IfOp addAndTakeSumsIfLast(mlir::Value staging,
                                       mlir::Value groupThread,
                                       llvm::function_ref<void()> groupBarrier,
                                       mlir::Value flag);

  /// In the last block: the tile's counter back to zero.
  void resetCounter(mlir::Value groupThread);

private:
  mlir::Value index(int64_t v);
  /// Calls `body(r, cc, row, col)` for each 8-element chunk of the tile the
  /// thread covers: staging position (r, cc) and C position (row, col).
  void forEachChunk(mlir::Value groupThread,
                    llvm::function_ref<void(mlir::Value, mlir::Value,
                                            mlir::Value, mlir::Value)>
                        body);
  /// Whether (row, col) is inside C, and its row-major index in an M×N slice.
  std::pair<mlir::Value, mlir::Value> locate(mlir::Value row, mlir::Value col);
  /// Whether the 8-element chunk at (row, col) is inside C and 16-byte
  /// aligned in the workspace.
  mlir::Value wholeChunk(mlir::Value row, mlir::Value col);
  /// The workspace index of (row, col) in slice `split`.
  mlir::Value sliceOffset(mlir::Value split, mlir::Value row, mlir::Value col);

  mlir::OpBuilder &b;
  mlir::Location loc;
  const HopperKernelPlan &plan;
  SplitKWorkspace workspace;
  mlir::Value rowsC, colsC, rowBase, colBase, tileIndex;
};

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_HOPPER_SPLITKREDUCTION_H
