//===- ScheduleResources.cpp - what a schedule's kernels need -------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "dialect/ScheduleResources.h"

#include "dialect/DotScheduleVerifier.h"
#include "dialect/MemoryQueries.h"
#include "dialect/SharedLayout.h"

#include <algorithm>

using namespace gemm_opt::tile;

ScheduleResources gemm_opt::tile::getScheduleResources(ScheduleAttr schedule) {
  ScheduleResources r;
  r.warpgroupsPerTile =
      schedule.isWgmma() ? schedule.getWarpsM() * schedule.getWarpsN() : 0;
  r.consumerWarpgroups = r.warpgroupsPerTile * schedule.getConsumerGroups();
  r.threads = schedule.isWgmma()
                  ? 128 * (r.consumerWarpgroups +
                           (schedule.isWarpSpecialized() ? 1 : 0))
                  : 32 * schedule.getWarpsM() * schedule.getWarpsN();
  r.barrierBytes = schedule.isTma() ? 8 * schedule.getStages() *
                                          (schedule.isWarpSpecialized() ? 2 : 1)
                                    : 0;

  // dot kernels load straight into registers; along N, the warps that
  // split a block's K step meet in shared memory.
  if (schedule.isDot()) {
    r.threads *= getDotWarpsAlongK(schedule);
    r.dynamicSharedMemoryBytes = getDotSharedMemoryBytes(schedule);
    r.sharedMemoryBytes = r.dynamicSharedMemoryBytes;
    return r;
  }
  // ffma reads A's columns as 128-bit vectors: it is stored transposed.
  r.stageElementsA =
      schedule.isFfma()
          ? schedule.getBlockK() *
                getStoredRowElements(schedule.getSmemA(), schedule.getBlockM())
          : schedule.getBlockM() *
                getStoredRowElements(schedule.getSmemA(), schedule.getBlockK());
  r.stageElementsB = schedule.getBlockK() * getStoredRowElements(
                                                schedule.getSmemB(),
                                                schedule.getBlockN());

  r.stagingRowElements = schedule.getBlockN() + 8;
  // A persistent block keeps the staging tile next to the stages, so it
  // stores one warpgroup's rows at a time to keep it small.
  r.stagingRows =
      schedule.isPersistent() ? schedule.getWarpM() : schedule.getBlockM();
  switch (schedule.getEpilogueStore()) {
  case EpilogueStore::direct:
    r.stagingBytes = 0;
    break;
  case EpilogueStore::vector:
    r.stagingBytes = r.stagingRows * r.stagingRowElements * 4;
    break;
  case EpilogueStore::tma:
    r.stagingBytes = schedule.getBlockM() * schedule.getBlockN() *
                     getByteWidth(schedule.getElements().getC()) /
                     schedule.getEpilogueStoreRounds() *
                     schedule.getEpilogueStagingBuffers();
    break;
  }

  int64_t bytesA = getByteWidth(schedule.getElements().getA());
  int64_t bytesB = getByteWidth(schedule.getElements().getB());
  int64_t stages = schedule.getStages() *
                   (r.stageElementsA * bytesA + r.stageElementsB * bytesB);
  if (schedule.isPersistent()) {
    r.dynamicSharedMemoryBytes = stages + r.stagingBytes;
  } else {
    // split_k: 16 bytes after the rest for the "last block of the tile"
    // flag.
    int64_t splitKFlag = schedule.getSplitK() > 1 ? 16 : 0;
    r.dynamicSharedMemoryBytes = std::max(stages, r.stagingBytes) + splitKFlag;
  }
  // The dynamic region starts after the static mbarriers, at a 1024-byte
  // boundary (tile-extern-dynamic-shared aligns it for 128-byte swizzles).
  constexpr int64_t dynamicAlignment = 1024;
  int64_t staticBytes = (r.barrierBytes + dynamicAlignment - 1) /
                        dynamicAlignment * dynamicAlignment;
  r.sharedMemoryBytes = r.dynamicSharedMemoryBytes + staticBytes;
  return r;
}
