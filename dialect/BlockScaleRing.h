//===- BlockScaleRing.h - block scales staged per pipeline stage -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A block-scaled FP8 GEMM (#tile.scaling with a = block_1x128 or
// b = block_128x128) multiplies each 128-K step's partial sums by the scales
// of that K block. The warp-specialized wgmma kernel does not have its
// consumers load them from global memory: a warp of the producer warpgroup
// copies each stage's scales into a ring of shared memory beside the stage
// ring, and the consumers read them there once the stage is full
// (docs/design/fp8.md). One ring entry per pipeline stage holds A's scale
// of each row of the block tile, then B's of each 128 columns.
//
// The ring is static shared memory, after the mbarriers and before the
// dynamic region, which starts at the next 1024-byte boundary.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_DIALECT_BLOCKSCALERING_H
#define GEMM_OPT_DIALECT_BLOCKSCALERING_H

#include "dialect/TileDialect.h"

#include <optional>

namespace gemm_opt::tile {

struct BlockScaleRing {
  /// f32 scales per stage: A's (BM, or 0 unless A has block scales) and
  /// B's (⌈BN / 128⌉, or 0 unless B has).
  int64_t factorsA = 0, factorsB = 0;
  int64_t stages = 0;
  /// The producer copies the scales by cp.async rather than through its
  /// registers (#tile.warp_specialization's async_scale_copies).
  bool asyncCopies = false;

  int64_t getStageFactors() const { return factorsA + factorsB; }
  int64_t getBytes() const { return 4 * stages * getStageFactors(); }
};

/// The ring of a wgmma schedule multiplying under `scaling`; none without
/// block scales (or scaling).
std::optional<BlockScaleRing> getBlockScaleRing(ScheduleAttr schedule,
                                                ScalingAttr scaling);

/// All shared memory a block of `schedule` uses when its GEMM multiplies
/// under `scaling`: ScheduleResources::sharedMemoryBytes with the ring
/// beside the mbarriers.
int64_t getSharedMemoryBytes(ScheduleAttr schedule, ScalingAttr scaling);

} // namespace gemm_opt::tile

#endif // GEMM_OPT_DIALECT_BLOCKSCALERING_H
