//===- SplitKCounter.h - the blocks of a split tile count in ----*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The S blocks that split one tile of C along K meet on the tile's i32
// counter in the split-K workspace: each block, its partial sums stored
// and fenced, counts itself, and the one that counts last (the counter was
// S - 1) sums the slices and sets the counter back to zero. The wgmma
// (passes/hopper/SplitKReduction) and ffma (passes/simt/SimtSplitK)
// reductions share this protocol; they differ in what they store and sum.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_COMMON_SPLITKCOUNTER_H
#define GEMM_OPT_PASSES_COMMON_SPLITKCOUNTER_H

#include "mlir/IR/Builders.h"

#include "llvm/ADT/STLFunctionalExtras.h"

namespace gemm_opt {

/// The counter of the tile at (rowBase, colBase) of C, whose rows and
/// columns are `colsC` wide: tiles are numbered row-major over
/// ceil(M/BM) × ceil(N/BN), as runtime/KernelArguments.cpp sizes the
/// counters.
mlir::Value getSplitTileIndex(mlir::OpBuilder &b, mlir::Location loc,
                              mlir::Value rowBase, mlir::Value colBase,
                              mlir::Value colsC, int64_t blockM,
                              int64_t blockN);

/// Fences the block's stores GPU-wide, then thread 0 (`thread` == 0)
/// counts the block on `counters[tileIndex]` and writes whether it was the
/// last of `splits` into `flag` (a 1-element i32 view of shared memory),
/// between two calls of `barrier`. Returns that flag, read by every thread:
/// an i1.
mlir::Value countSplitBlock(mlir::OpBuilder &b, mlir::Location loc,
                            mlir::Value counters, mlir::Value tileIndex,
                            mlir::Value thread, int64_t splits,
                            mlir::Value flag,
                            llvm::function_ref<void()> barrier);

/// Thread 0 sets `counters[tileIndex]` back to zero.
void resetSplitCounter(mlir::OpBuilder &b, mlir::Location loc,
                       mlir::Value counters, mlir::Value tileIndex,
                       mlir::Value thread);

/// A GPU-wide memory fence (membar.gl).
void fenceSplitKWorkspace(mlir::OpBuilder &b, mlir::Location loc);

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_COMMON_SPLITKCOUNTER_H
