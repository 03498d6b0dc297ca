//===- ResourceEstimate.h - registers and occupancy of a schedule -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_ANALYSIS_RESOURCEESTIMATE_H
#define GEMM_OPT_ANALYSIS_RESOURCEESTIMATE_H

#include "analysis/ChipPerformance.h"
#include "dialect/TileDialect.h"

namespace gemm_opt::analysis {

/// Registers per thread, by what they hold. For an mma.sync schedule all
/// threads are alike; for a warp-specialized wgmma schedule the figures are
/// a consumer thread's and `producer`/`consumer` give the setmaxnreg split.
struct RegisterEstimate {
  int64_t accumulators = 0;
  int64_t operandFragments = 0;
  int64_t addresses = 0;
  int64_t other = 0;
  /// Sum of the above, before the 255 cap.
  int64_t getNeeded() const {
    return accumulators + operandFragments + addresses + other;
  }
  /// What ptxas can give a thread: the need, capped at 255.
  int64_t perThread = 0;
  /// The need exceeds what a thread can have: expect spills.
  bool spills = false;
  /// setmaxnreg split (wgmma with warp specialization), else 0.
  int64_t producer = 0, consumer = 0;
  /// Registers the whole block holds (split or perThread × threads, rounded
  /// to the allocation unit per warp).
  int64_t perBlock = 0;
};

/// The registers of `schedule`'s kernel, or with `wholeTileVariant` of its
/// whole-tile variant (ScheduleAttr::hasWholeTileVariant), which an ffma
/// schedule's holds without the guarded main loop.
RegisterEstimate estimateRegisters(tile::ScheduleAttr schedule,
                                   const ChipPerformance &device,
                                   bool wholeTileVariant = false);

/// Resident blocks per SM and what limits them.
struct Occupancy {
  int64_t bySharedMemory = 0, byRegisters = 0, byThreads = 0, byBlockLimit = 0;
  int64_t blocksPerSM = 0;
  int64_t warpsPerSM = 0;
  /// "shared memory", "registers", "threads" or "block limit".
  llvm::StringRef limiter;
};

Occupancy computeOccupancy(tile::ScheduleAttr schedule,
                           const RegisterEstimate &registers,
                           const ChipPerformance &device);

} // namespace gemm_opt::analysis

#endif // GEMM_OPT_ANALYSIS_RESOURCEESTIMATE_H
