//===- SplitKCost.h - what splitting K costs a schedule ---------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A schedule with #tile.grid<..., split_k = S> (S > 1) runs S blocks per
// tile of C, each over 1/S of the K tiles, and meets in an f32 workspace
// (passes/hopper/SplitKReduction.h): every block stores its partial tile into its
// slice (S slices of M·N), fences and counts itself on the tile's counter;
// the last block of the tile reads the S slices, sums them into its staging
// tile and runs the usual epilogue. What that costs, per block, per tile
// and for the whole GEMM:
//
//   per block  the partial tile (the part inside C, 4 bytes an element) at
//              one SM's L2 bandwidth, plus the fence and the counter
//   per tile   its last block's sum: the chunk loop runs
//              ceil(BM·BN/8 / consumer threads) iterations, each waiting
//              for its S loads (one L2 round trip), plus the S slices'
//              bytes at one SM's L2 bandwidth
//   whole GEMM S·M·N·4 bytes written and read again: through L2, and
//              through DRAM as well when the workspace exceeds L2
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_ANALYSIS_SPLITKCOST_H
#define GEMM_OPT_ANALYSIS_SPLITKCOST_H

#include "analysis/ChipPerformance.h"
#include "dialect/TileDialect.h"

namespace gemm_opt::analysis {

struct SplitKCost {
  /// S; 1 (and every figure 0) without split_k.
  int64_t splits = 1;
  /// Bytes of one block's partial tile inside C.
  double partialTileBytes = 0;
  /// Per block: storing the partial tile, fence and counter.
  double storeSeconds = 0;
  /// Per tile, in its last block: summing the S slices.
  double fixupSeconds = 0;
  /// Chunk iterations of the last block's sum.
  int64_t fixupIterations = 0;
  /// Whole GEMM: the workspace (S·M·N f32) and the bytes written to and read
  /// from it; whether it exceeds L2 (then the traffic reaches DRAM too).
  double workspaceBytes = 0, trafficBytes = 0;
  bool exceedsL2 = false;
};

/// The split-K cost of `schedule` on an M×N problem (K does not enter:
/// every block stores a whole partial tile).
SplitKCost computeSplitKCost(tile::ScheduleAttr schedule,
                             const ChipPerformance &device, int64_t m,
                             int64_t n);

} // namespace gemm_opt::analysis

#endif // GEMM_OPT_ANALYSIS_SPLITKCOST_H
