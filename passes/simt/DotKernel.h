//===- DotKernel.h - thin GEMMs as warp-wide dot products -------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// tile-dot-products lowers the block-tiled K loop of a
// `#tile.mma<dot, [1, 1, V]>` schedule into a kernel that is bound by the
// bandwidth of reading B, as decode's GEMMs are (M of a few rows, B a
// weight read once): no shared memory, no tensor cores. A is row-major,
// B column-major (each column of B, a row of the weight W of x @ W^T, is
// contiguous along K) and C row-major (the verifier makes sure).
//
// A block computes a BM×BN tile of C; warp w owns its columns w·WN .. +WN,
// all BM rows. For each of its BM×WN outputs a lane keeps one f32
// accumulator. The K range runs in three loops:
//
//   main:   steps of BK = 32·V·U; lane l loads, for u < U, the V elements
//           k0 + u·32V + l·V .. +V of each of its WN columns of B and of
//           each of its BM rows of A with one 16-byte load each (all U·(WN
//           + BM) loads issue before the first FMA, so that U·WN·512 bytes
//           of B per warp are in flight), then V·U fma.rn.f32 per output;
//   middle: the same with U = 1 while whole warp-wide steps remain;
//   tail:   the last < 32·V elements, one element per lane and step.
//
// Where A's or B's rows are not 16-byte aligned (base, pitch) or K is not a
// multiple of V, the vector loops are skipped and the tail loop takes all
// of K. Rows of A and columns of B outside the matrices are read at the last
// row or column (their sums are never stored), so no load is guarded.
//
// At the end each accumulator is summed over the 32 lanes with 5 xor
// shuffles, which leaves every lane with every sum; lane t stores output t
// (t = i·WN + j: row i, column j), through the fused epilogue, where it
// lies inside C.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_SIMT_DOTKERNEL_H
#define GEMM_OPT_PASSES_SIMT_DOTKERNEL_H

#include "dialect/TileDialect.h"
#include "mlir/IR/PatternMatch.h"
#include "passes/epilogue/FusedEpilogue.h"

namespace gemm_opt {

/// Where the block's outputs are: the kernel's A, B and C, the first row and
/// column of the block's C tile, and the K range.
struct DotBlockOperands {
  mlir::Value a, b, c;
  mlir::Value rowBase, colBase;
  mlir::Value lowerK, upperK;
};

/// Emits the block's dot products for `schedule` at the insertion point,
/// and the store of its outputs into C through `fused`.
void buildDotKernel(mlir::PatternRewriter &b, mlir::Location loc,
                    tile::ScheduleAttr schedule,
                    const DotBlockOperands &operands,
                    const FusedEpilogue &fused);

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_SIMT_DOTKERNEL_H
