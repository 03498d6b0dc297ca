//===- DotAlongNKernel.h - thin GEMMs over the rows of B --------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// tile-dot-products lowers the block-tiled K loop of a
// `#tile.mma<dot, [1, V, U]>` schedule into a kernel bound by the bandwidth
// of reading a row-major B (the weight W of x @ W stored K × N), for a few
// rows of a row-major A into a row-major C: no tensor cores, shared memory
// only where the warps meet. Row i of C is the sum over k of A[i][k] times
// row k of B, so the lanes run along N:
//
//   - a block computes a BM×BN tile of C with (BN / 32V) warps along N and
//     BK / U warps along K; lane l of a warp owns the V consecutive columns
//     32V·(its warp along N) + V·l .. +V of the tile, all BM rows;
//   - each step of the block covers BK rows of K: the warp along K w loads
//     rows k0 + w·U .. +U of its V columns of B with one 16-byte load each
//     (all U before the first FMA) and the BM·U elements of A they meet
//     (BM > 1: a vector of U per row where A's rows keep it aligned), then
//     BM·V·U fma.rn.f32; a tail loop takes the last < BK rows one per
//     warp;
//   - with split_k = S, grid z splits the K steps into S ranges.
//
// Where B's rows do not take 16-byte loads (base or pitch, or N not a
// multiple of V) the loads go element by element. Columns past N are
// read at the last whole vector (or column) and rows of A past M at the
// last row; their sums are never stored.
//
// At the end the warps along K meet: each stores its BM×BN partial sums
// into shared memory, and thread t sums the tile's elements t, t + T, ...
// (T threads) over them. With split_k the S blocks of the tile then meet
// in the split-K workspace (SimtSplitK.h). The last, or only, block stores
// the sums through the fused epilogue, consecutive threads to consecutive
// columns.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_SIMT_DOTALONGNKERNEL_H
#define GEMM_OPT_PASSES_SIMT_DOTALONGNKERNEL_H

#include "dialect/TileDialect.h"
#include "mlir/IR/PatternMatch.h"
#include "passes/epilogue/FusedEpilogue.h"
#include "passes/hopper/HopperKernelPlan.h"
#include "passes/simt/DotKernel.h"

#include <optional>

namespace gemm_opt {

/// Emits the block's share of C for `schedule` at the insertion point, and
/// the store of it into C through `fused`. `operands` hold A (M×K) and B
/// (K×N) row-major and the whole K range; `splitK` is the split-K
/// workspace where the schedule has split_k.
void buildDotAlongNKernel(mlir::PatternRewriter &b, mlir::Location loc,
                          tile::ScheduleAttr schedule,
                          const DotBlockOperands &operands,
                          std::optional<SplitKWorkspace> splitK,
                          const FusedEpilogue &fused);

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_SIMT_DOTALONGNKERNEL_H
