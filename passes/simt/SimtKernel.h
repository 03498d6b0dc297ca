//===- SimtKernel.h - the SGEMM main loop of an ffma schedule ---*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// tile-simt-mma lowers the block-tiled K loop of a
// `#tile.mma<ffma, [TM, TN, 1]>` schedule into the classic SGEMM main loop.
// Each thread owns a TM×TN register tile of C made of (TM/4)×(TN/4) sub-tiles
// of 4×4: a warp's lanes form an LM×LN grid (LM = WM/TM, LN = WN/TN, LM·LN =
// 32) and sub-tile (p, q) of lane (lm, ln) covers rows `p·4·LM + 4·lm ..+4`,
// columns `q·4·LN + 4·ln ..+4` of the warp tile. So for every K step a thread
// reads its A and B fragments with TM/4 + TN/4 128-bit shared-memory loads
// (LDS.128).
//
// Lanes are interleaved in pairs: lane l is lm = 2·(l / 2LN) + l % 2,
// ln = (l % 2LN) / 2, so lanes l and l^1 share ln (the same B address) and
// lanes l and l^2 share lm (the same A address). An LDS.128 returns 512
// bytes to a warp, 4 cycles of the SM's 128 bytes per cycle of shared
// memory, unless one of those pairings holds for the whole warp: then the
// pairs share a read and it takes 2. Row-major lanes (l = lm·LN + ln) give
// that to A only; at 8×8 per thread, 4 warps' loads then keep shared memory
// busy 75% of the FFMA time, interleaved 50%. A quarter-warp still reads 2
// (A) and 4 (B) consecutive 16-byte chunks: no bank conflicts.
//
// A is stored transposed in shared memory (BK rows of BM floats, padded by
// `smem_a`'s #tile.pad), B as it is (BK rows of BN); SimtTileCopies.h says
// how they get there from either layout. With S stages (F = the fragments
// of one K step):
//
//   prologue: K tiles 0 .. S-2 → stages 0 .. S-2; wait; barrier;
//             F = fragments of K step 0 of stage 0
//   scf.for t = 0 .. ceil(K/BK) (i32), iter_args(F, stage = t % S):
//     K tile min(t+S-1, ceil(K/BK)-1) → stage (t-1) % S (2 stages: A into
//         registers, B by cp.async; more: both cp.async); commit. Near the
//         end that reloads the last K tile into a stage no later iteration
//         reads, so there is no branch and the addresses stay simple.
//     for k in 0 .. BK (unrolled):
//       k < BK-1: F' = fragments of K step k+1 of this stage
//       k = BK-1: (2 stages: A registers → the other stage, transposed)
//                 wait until K tile t+1 has landed; barrier
//                 F' = fragments of K step 0 of stage (t+1) % S
//       TM·TN fma.rn.f32 with F into the accumulators; F = F'
//   (S > 2: wait for every copy: the last reloads may still be in flight)
//   epilogue: each row of a 4×4 sub-tile → C with one 128-bit store
//
// Any M, N, K ≥ 1 and any pitch: the kernel holds the prologue and main
// loop twice. A block whose tiles lie inside A, B and C, with K a multiple
// of BK and 16-byte aligned rows, runs them with SimtTileCopies' Interior
// copies (the loop above, no tests); every other block with its Guarded
// ones (4-byte copies that zero-fill past the edges; K tile 0 is the one
// partial tile). The choice is one uniform branch per block. The epilogue
// takes the block tile through the stages' shared memory in rounds of
// rows, copied to C one element a thread with consecutive threads on
// consecutive elements (CoalescedElementCopy.h), at any pitch and edge.
// The kernel's whole-tile variant (tile.whole_tile_variant, launched only
// where every block's tiles are whole and its rows aligned:
// passes/common/WholeTileDispatch.h) holds the Interior loop alone, and stores
// each row of a 4×4 sub-tile with one 128-bit store.
//
// A fused epilogue (alpha·acc + beta·C, a bias, an activation, a residual:
// passes/epilogue/FusedEpilogue.h) applies where the values go to C: in the
// any-shape epilogue to each element on its way from shared memory, in the
// whole-tile one to each 4-element run, its operands read for several runs
// at once before any is applied (passes/epilogue/FusedChunkCopy.h).
//
// One barrier per K tile, placed before the last K step's FFMAs so that the
// next tile's first fragments load while they run (registers hold two K
// steps of fragments, as in CUTLASS's SIMT main loop). Stage (t-1) % S was
// last read before the barrier of iteration t-1, so iteration t may refill
// it from its start. Accumulators live in a private buffer at kernel entry
// indexed by constants (registers after LLVM's SROA), fragments are SSA
// values.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_SIMT_SIMTKERNEL_H
#define GEMM_OPT_PASSES_SIMT_SIMTKERNEL_H

#include "dialect/TileDialect.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/PatternMatch.h"
#include "passes/epilogue/FusedEpilogue.h"
#include "passes/hopper/HopperKernelPlan.h"
#include "passes/simt/FfmaOrder.h"

#include <optional>

namespace gemm_opt {

/// Where the block's tiles are: the kernel's A, B and C, the first row and
/// column of the block's C tile, and the K tiles.
struct SimtBlockOperands {
  mlir::Value a, b, c;
  mlir::Value rowBase, colBase;
  /// The first K, ceil(K/BK) and ceil(K/BK)·BK - K (with split_k, the
  /// block's split's: SimtSplitK.h).
  mlir::Value lowerK, kTiles, kShift;
  /// With split_k: the workspace where the splits of a tile meet.
  std::optional<SplitKWorkspace> splitK;
};

/// The thread's TM×TN f32 accumulators, zeroed, in a private buffer at the
/// top of `kernel` (LLVM promotes only entry-block allocas to registers).
mlir::Value allocateSimtAccumulators(mlir::PatternRewriter &b,
                                     mlir::Location loc,
                                     mlir::gpu::GPUFuncOp kernel,
                                     tile::ScheduleAttr schedule);

/// Emits the kernel's main loop for `schedule` at the insertion point, its
/// FFMAs in `order`, and the epilogue that stores `accumulators` through
/// `fused` (the schedule's fused epilogue) before `epilogue` (the
/// accumulator store, after the block's C view). A whole-tile variant
/// (`wholeTilesOnly`) holds the interior loop alone.
void buildSimtKernel(mlir::PatternRewriter &b, mlir::Location loc,
                     tile::ScheduleAttr schedule, FmaOrder order,
                     const SimtBlockOperands &operands,
                     const FusedEpilogue &fused, mlir::Value accumulators,
                     mlir::Operation *epilogue, bool wholeTilesOnly);

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_SIMT_SIMTKERNEL_H
