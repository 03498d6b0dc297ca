//===- SplitKCost.cpp - what splitting K costs a schedule -----------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "analysis/SplitKCost.h"
#include "dialect/ScheduleResources.h"

#include <algorithm>

using namespace gemm_opt::analysis;
using namespace gemm_opt::tile;

/// Elements per chunk of the reduction loop (passes/hopper/SplitKReduction.cpp).
static constexpr int64_t kChunkElements = 8;
/// Bytes of one partial-sum element (f32).
static constexpr double kPartialElementBytes = 4;

SplitKCost gemm_opt::analysis::computeSplitKCost(ScheduleAttr schedule,
                                                 const ChipPerformance &device,
                                                 int64_t m, int64_t n) {
  SplitKCost cost;
  cost.splits = schedule.getSplitK();
  if (cost.splits < 2)
    return cost;
  double splits = cost.splits;
  int64_t bm = schedule.getBlockM(), bn = schedule.getBlockN();
  // A tile at C's edge stores and sums only its part inside C (the kernel
  // checks every chunk); the biggest tile is the whole one unless C is
  // smaller.
  cost.partialTileBytes =
      double(std::min(bm, m)) * std::min(bn, n) * kPartialElementBytes;
  double perSMBytesPerSecond = device.l2GBpsPerSM * 1e9;
  cost.storeSeconds = cost.partialTileBytes / perSMBytesPerSecond +
                      device.splitKSignalUs * 1e-6;
  // The threads that sum the slices: a wgmma tile's consumer warpgroups,
  // every thread of an ffma or dot block.
  ScheduleResources resources = getScheduleResources(schedule);
  int64_t threads = schedule.isWgmma() ? 128 * resources.warpgroupsPerTile
                                       : resources.threads;
  cost.fixupIterations = (bm * bn / kChunkElements + threads - 1) / threads;
  cost.fixupSeconds = cost.fixupIterations * device.l2LatencyUs * 1e-6 +
                      splits * cost.partialTileBytes / perSMBytesPerSecond;
  cost.workspaceBytes = splits * double(m) * n * kPartialElementBytes;
  cost.trafficBytes = 2 * cost.workspaceBytes;
  cost.exceedsL2 = cost.workspaceBytes > device.l2Bytes;
  return cost;
}
