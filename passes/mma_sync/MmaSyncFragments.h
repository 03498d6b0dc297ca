//===- MmaSyncFragments.h - mma.sync m16n8k16 register layout ---*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Where each lane's registers sit in a warp tile, for mma.sync m16n8k16 with
// f16/bf16 inputs and f32 accumulators. Shared by the warp-MMA lowering,
// which fills the fragments, and the epilogue, which stores them.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_MMA_SYNC_MMASYNCFRAGMENTS_H
#define GEMM_OPT_PASSES_MMA_SYNC_MMASYNCFRAGMENTS_H

#include "dialect/TileDialect.h"
#include "mlir/IR/Builders.h"

namespace gemm_opt {

/// A warp's place in its block and a thread's lane, as index values.
struct WarpCoordinates {
  mlir::Value lane;
  /// First row and column of the warp's tile inside the block tile.
  mlir::Value row;
  mlir::Value col;
};

/// Computes the calling thread's warp tile origin and lane; warps are laid
/// out row-major over the block's `(BM/WM)×(BN/WN)` warp grid.
WarpCoordinates computeWarpCoordinates(mlir::OpBuilder &builder,
                                       mlir::Location loc,
                                       tile::ScheduleAttr schedule);

/// Accumulator fragments of one thread: `[WM/16, WN/8, 4]` f32 values.
mlir::MemRefType accumulatorFragmentsType(tile::ScheduleAttr schedule);

/// Operand fragments of one thread for `ksteps` K steps:
/// `[ksteps, WM/16 + WN/16, 4]` i32 registers. Slot `i < WM/16` holds the
/// ldmatrix.x4 of A rows `16·i ..`; slot `WM/16 + j` holds the
/// ldmatrix.x4.trans of B columns `16·j ..` (the B operands of two n8 MMAs).
mlir::MemRefType operandFragmentsType(tile::ScheduleAttr schedule,
                                      int64_t ksteps);

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_MMA_SYNC_MMASYNCFRAGMENTS_H
