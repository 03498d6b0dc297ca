//===- TileRasterization.h - which C tile a block works on ----*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Maps a linear tile number to the (row, column) of a C tile in the order a
// schedule's #tile.grid asks for. Without grouping, consecutive tiles walk
// along N. A raster group of G walks G tile rows (along_m) or G tile columns
// (along_n) at a time, so tiles that run together share few A and B panels
// in L2 (Triton's grouped ordering). Used by tile-block-tile (one tile per
// block, numbered by the block index) and by the persistent kernels of
// tile-warp-specialize (tiles numbered by a loop).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_COMMON_TILERASTERIZATION_H
#define GEMM_OPT_PASSES_COMMON_TILERASTERIZATION_H

#include "dialect/TileDialect.h"
#include "mlir/IR/Builders.h"

namespace gemm_opt {

/// The (tile row, tile column) of tile number `linear` of a `tilesM` ×
/// `tilesN` grid of C tiles, in `schedule`'s raster order.
std::pair<mlir::Value, mlir::Value>
rasterizeTile(mlir::OpBuilder &b, mlir::Location loc,
              tile::ScheduleAttr schedule, mlir::Value linear,
              mlir::Value tilesM, mlir::Value tilesN);

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_COMMON_TILERASTERIZATION_H
