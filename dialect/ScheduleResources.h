//===- ScheduleResources.h - what a schedule's kernels need -----*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The resource budget of a schedule's kernels: threads, warpgroups, shared
// memory (operand stages, mbarriers, the epilogue's staging tile). One
// analysis that the verifier, the passes, the launch metadata and the static
// performance model share, so that they always agree; the schedule attribute
// itself holds only its fields.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_DIALECT_SCHEDULERESOURCES_H
#define GEMM_OPT_DIALECT_SCHEDULERESOURCES_H

#include "dialect/TileDialect.h"

namespace gemm_opt::tile {

struct ScheduleResources {
  /// Warpgroups that run wgmma on one tile: (BM/WM)·(BN/WN) for a wgmma
  /// schedule, 0 otherwise.
  int64_t warpgroupsPerTile = 0;
  /// All warpgroups that run wgmma: consumer groups times warpgroups per
  /// tile.
  int64_t consumerWarpgroups = 0;
  /// Threads of one block: 32 per warp (mma.sync, ffma, dot; a dot along N
  /// also has BK / U warps along K); 128 per warpgroup plus 128 for the
  /// producer when warp-specialized (wgmma).
  int64_t threads = 0;
  /// Bytes of the pipeline's mbarriers: for TMA loads one 8-byte "full"
  /// barrier per stage, plus one "empty" per stage when warp-specialized.
  int64_t barrierBytes = 0;
  /// Elements of one stage of the A (BM×BK; for ffma stored transposed,
  /// BK×BM) and B (BK×BN) tiles, padding included.
  int64_t stageElementsA = 0, stageElementsB = 0;
  /// Row length, in f32 elements, of the accumulator staging tile of a
  /// `vector` store: BN plus 8 elements that spread a warp's rows over the
  /// banks.
  int64_t stagingRowElements = 0;
  /// Rows of the f32 staging tile of a `vector` store: BM, or WM for a
  /// persistent grid (its warpgroups take turns through a smaller tile that
  /// lives next to the stages).
  int64_t stagingRows = 0;
  /// Bytes of the epilogue staging tile: stagingRows rows of f32
  /// accumulators for a `vector` store, BM·BN·sizeof(C) / rounds (times the
  /// staging buffers) for `tma`, 0 for `direct`.
  int64_t stagingBytes = 0;
  /// Bytes of dynamic shared memory: every stage of the A and B tiles in
  /// their shared layouts and the epilogue staging tile, which reuses the
  /// stage buffers (the main loop is over by then) unless the grid is
  /// persistent (the next tile's loads are in flight).
  int64_t dynamicSharedMemoryBytes = 0;
  /// All shared memory a block uses: the mbarriers, then the dynamic part at
  /// the next 1024-byte boundary.
  int64_t sharedMemoryBytes = 0;
};

/// The resources kernels of `schedule` need.
ScheduleResources getScheduleResources(ScheduleAttr schedule);

} // namespace gemm_opt::tile

#endif // GEMM_OPT_DIALECT_SCHEDULERESOURCES_H
