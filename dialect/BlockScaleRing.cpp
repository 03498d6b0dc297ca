//===- BlockScaleRing.cpp - block scales staged per pipeline stage --------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "dialect/BlockScaleRing.h"

#include "dialect/ScheduleResources.h"

using namespace gemm_opt::tile;

std::optional<BlockScaleRing>
gemm_opt::tile::getBlockScaleRing(ScheduleAttr schedule, ScalingAttr scaling) {
  if (!scaling || !scaling.hasBlockScales() || !schedule.isWgmma() ||
      !schedule.isWarpSpecialized())
    return std::nullopt;
  BlockScaleRing ring;
  if (scaling.getA() == ScaleA::block_1x128)
    ring.factorsA = schedule.getBlockM();
  if (scaling.getB() == ScaleB::block_128x128)
    ring.factorsB = (schedule.getBlockN() + 127) / 128;
  ring.stages = schedule.getStages();
  ring.asyncCopies = schedule.getSpecialization().getAsyncScaleCopies();
  return ring;
}

int64_t gemm_opt::tile::getSharedMemoryBytes(ScheduleAttr schedule,
                                             ScalingAttr scaling) {
  ScheduleResources resources = getScheduleResources(schedule);
  std::optional<BlockScaleRing> ring = getBlockScaleRing(schedule, scaling);
  if (!ring)
    return resources.sharedMemoryBytes;
  // The static part (mbarriers, then the ring) ends at the 1024-byte
  // boundary where the dynamic region starts.
  constexpr int64_t dynamicAlignment = 1024;
  int64_t staticBytes = (resources.barrierBytes + ring->getBytes() +
                         dynamicAlignment - 1) /
                        dynamicAlignment * dynamicAlignment;
  return resources.dynamicSharedMemoryBytes + staticBytes;
}
