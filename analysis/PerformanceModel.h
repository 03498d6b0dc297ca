//===- PerformanceModel.h - roofline time of a schedule ---------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A static model: per K tile of one block, the FLOPs, the bytes loaded from
// global memory and the bytes moved through shared memory (weighted by the
// simulated bank conflicts); per shape, the tiles (and with split_k = S, S
// blocks per tile, each over 1/S of the K tiles), how they fill the SMs in
// waves, the DRAM traffic of A and B (OperandTraffic.h: the panels each
// wave reads, through an L2 that keeps the latest ones), and a predicted
// time:
//
//   per K tile of a block: the soft maximum
//   (ChipPerformance::stepOverlapExponent) of
//     math            its FLOPs at one SM's tensor rate (times the blocks
//                     resident together), the rate lowered by the clock
//                     loss under load (ChipPerformance::fullLoadClockLoss,
//                     scaled by the fraction of busy SMs)
//     shared memory   its shared-memory bytes (TMA writes, and the operand
//                     reads of every wgmma instruction) at one SM's
//                     bandwidth
//     issue (wgmma)   a consumer warpgroup's fixed work per K tile plus its
//                     own wgmma time (ChipPerformance::wgmmaStepOverheadUs):
//                     what small tiles run into
//   or, if larger,
//     latency         a block keeps stages - 1 K tiles in flight, so by
//                     Little's law it cannot take a K tile faster than the
//                     load latency over stages - 1
//   per block: the start and the store of C (and with split_k the partial
//              tile's store and 1/S of the tile's sum, SplitKCost.h),
//              exposed when the block runs alone on its SM, else hidden by
//              the other resident blocks except in the SM's last round;
//              with split_k the last tile's sum is exposed as a whole; a
//              persistent grid's block starts once (the next tile's loads
//              run during the epilogue) and, with a tma store, exposes only
//              its last tile's store (the bulk store drains while the next
//              tile computes)
//   whole GEMM: the busiest SM's first start and last round's stores and
//              sums (before the first byte arrives and after the last one:
//              they cannot overlap the operand traffic) plus the soft
//              maximum (ChipPerformance::overlapExponent) of the rest of
//              its time, DRAM bytes / the DRAM bandwidth GEMM operand
//              loads reach (ChipPerformance::dramStreamTBps) and the split_k
//              workspace traffic / L2 bandwidth
//
// wgmma schedules without a fused epilogue take any shape (TMA fills past
// C's edges with zeros, compiler/KernelMetadata.cpp): their edge tiles cost
// a whole tile; other schedules need shapes their block tile divides.
//
// A schedule whose register estimate exceeds what a thread may have is
// charged twice the compute time: spilling mma.sync kernels (BK = 64) run
// at about half the speed of the same tiles without spills.
//
// The bound is the term that sets the time: "math", "shared memory",
// "latency", "issue", "fill+epilogue", "split-K reduction" (the exposed
// sums and partial stores), "DRAM" or "L2" (split_k workspace traffic).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_ANALYSIS_PERFORMANCEMODEL_H
#define GEMM_OPT_ANALYSIS_PERFORMANCEMODEL_H

#include "analysis/BankConflicts.h"
#include "analysis/ChipPerformance.h"
#include "analysis/OperandTrafficCache.h"
#include "analysis/ResourceEstimate.h"
#include "analysis/SplitKCost.h"
#include "dialect/TileDialect.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <limits>

namespace gemm_opt::analysis {

struct GemmShape {
  int64_t m = 0, n = 0, k = 0;
  double getFlops() const { return 2.0 * m * n * k; }
};

/// The largest M, N or K the model takes: gemm-run's limit (cuBLAS, its
/// reference, takes 32-bit sizes), which also keeps the tile and block
/// counts far from overflowing.
constexpr int64_t kMaxShapeExtent = std::numeric_limits<int32_t>::max();

/// An error naming the first of M, N and K outside [1, kMaxShapeExtent],
/// in gemm-run's words.
llvm::Error verifyShape(const GemmShape &shape);

/// Figures of one block per K tile (BK).
struct TileFigures {
  double flops = 0;
  double globalBytes = 0;
  /// Bytes read from / written to shared memory, each weighted by the
  /// conflict factor of its access pattern.
  double sharedReadBytes = 0, sharedWriteBytes = 0;
  /// FLOPs per global byte (block level), per shared byte read by the
  /// warps (warp level; warpgroups for wgmma), and per shared byte moved
  /// (reads and writes, conflicts included).
  double blockIntensity = 0, warpIntensity = 0, sharedIntensity = 0;
};

TileFigures computeTileFigures(tile::ScheduleAttr schedule,
                               llvm::ArrayRef<BankConflictReport> conflicts);

struct ShapePrediction {
  GemmShape shape;
  /// Tiles of C (edge tiles included), and blocks: tiles × split_k.
  int64_t tiles = 0, blocks = 0;
  /// K tiles of the busiest block (1/S of them with split_k = S).
  int64_t kTilesPerBlock = 0;
  /// Blocks over (SMs × resident blocks), and the fraction of the last
  /// whole number of waves that does useful work.
  double waves = 0, waveEfficiency = 0;
  /// The tensor rate after the clock loss, as a fraction of the peak.
  double clockFactor = 1;
  /// Seconds of each per-K-tile term over the busiest SM's blocks.
  double mathSeconds = 0, sharedSeconds = 0, latencySeconds = 0,
         issueSeconds = 0;
  /// Exposed block starts and C stores, and exposed split_k work (partial
  /// stores and sums).
  double exposedOverheadSeconds = 0, exposedReductionSeconds = 0;
  /// The busiest SM's time: its K loops, starts, stores and sums; of it,
  /// what cannot overlap the DRAM traffic (its first start, its last
  /// round's stores and sums).
  double computeSeconds = 0, serialSeconds = 0;
  double dramSeconds = 0, l2Seconds = 0;
  double dramBytes = 0;
  SplitKCost splitK;
  double seconds = 0, tflops = 0;
  /// See the file comment.
  std::string bound;
};

/// Whether kernels of `schedule` take any M, N, K (ScheduleAttr::
/// takesAnyShape: wgmma and ffma); mma.sync kernels need shapes their
/// block tile divides.
bool acceptsRaggedShapes(tile::ScheduleAttr schedule);

/// The prediction for `shape`, or an error if verifyShape rejects the shape
/// or the schedule needs divisible shapes and the block tile does not
/// divide it. Its cost does not grow with the shape beyond the DRAM traffic
/// simulation's (OperandTraffic.h), which goes through `traffic` if given.
llvm::Expected<ShapePrediction>
predictShape(tile::ScheduleAttr schedule, const ChipPerformance &device,
             const RegisterEstimate &registers, const Occupancy &occupancy,
             const TileFigures &figures, const GemmShape &shape,
             OperandTrafficCache *traffic = nullptr);

} // namespace gemm_opt::analysis

#endif // GEMM_OPT_ANALYSIS_PERFORMANCEMODEL_H
