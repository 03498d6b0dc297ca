//===- ResourceEstimate.cpp - registers and occupancy of a schedule -------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// mma.sync (per thread of a WM×WN warp tile, BK/16 K steps per tile):
//   accumulators      WM·WN/32 f32
//   operand fragments 2 K steps (the pipeline loads one step ahead) ×
//                     (WM/16 + WN/16) ldmatrix.x4 results × 4 registers
//   addresses         a 64-bit ldmatrix address per (K step, 16×16 tile)
//                     pair, kept live across the loop,
//                     plus one register per cp.async chunk the thread
//                     copies (its global address advances by a constant)
//   other             22: thread/block ids, loop counter, stage indices, K
//                     offsets, predicates
// Calibrated against ptxas's register counts: 128×256×32
// warp 64×64 252 (estimate 252), 128×128×32 4 warps 254 (254); BK = 64
// estimates 290, ptxas spills (255 + 384 B of local memory).
//
// ffma (SIMT): the verifier's estimate (dialect/SimtScheduleVerifier.h:
// TM·TN accumulators, two K steps of TM + TN fragments, the A chunks in
// flight with 2 stages, 16 more) plus kSimtGuardedLoopRegisters for the
// guarded main loop beside the interior one, which the whole-tile variant
// does without; kernels planned at several blocks per SM get ptxas's cap
// for that many (128 for two 256-thread blocks).
//
// wgmma (warp-specialized): a consumer thread holds WM·WN/128 f32
// accumulators plus the 16 registers the verifier reserves
// (addresses, barrier phases, descriptors); the producer and consumer
// budgets are the setmaxnreg counts.
//
//===----------------------------------------------------------------------===//

#include "analysis/ResourceEstimate.h"
#include "dialect/ScheduleResources.h"

#include "dialect/ChipInfo.h"
#include "dialect/DotScheduleVerifier.h"
#include "dialect/MemoryQueries.h"
#include "dialect/SimtScheduleVerifier.h"
#include "passes/hopper/HopperKernelPlan.h"

using namespace gemm_opt::analysis;
using namespace gemm_opt::tile;

static constexpr int64_t kMaxRegistersPerThread = 255;
/// As HopperScheduleVerifier: what a wgmma thread keeps besides accumulators.
static constexpr int64_t kWgmmaNonAccumulatorRegisters = 16;
static constexpr int64_t kMmaSyncOtherRegisters = 22;

static int64_t roundUp(int64_t value, int64_t unit) {
  return (value + unit - 1) / unit * unit;
}

/// Registers of `threads` threads at `perThread` each, allocated per warp in
/// units of `unit`.
static int64_t blockRegisters(int64_t threads, int64_t perThread,
                              int64_t unit) {
  return threads / 32 * roundUp(32 * perThread, unit);
}

RegisterEstimate
gemm_opt::analysis::estimateRegisters(ScheduleAttr schedule,
                                      const ChipPerformance &device,
                                      bool wholeTileVariant) {
  RegisterEstimate estimate;
  int64_t threads = getScheduleResources(schedule).threads;
  if (schedule.isWgmma()) {
    estimate.accumulators = schedule.getWarpM() * schedule.getWarpN() / 128;
    estimate.other = kWgmmaNonAccumulatorRegisters;
    estimate.perThread = std::min(estimate.getNeeded(), kMaxRegistersPerThread);
    estimate.spills = estimate.getNeeded() > kMaxRegistersPerThread;
    if (schedule.isWarpSpecialized()) {
      // The register split does not depend on the fused epilogue.
      HopperKernelPlan plan = planHopperKernel(schedule, /*epilogue=*/nullptr);
      estimate.producer = plan.producerRegisters;
      estimate.consumer = plan.consumerRegisters;
      estimate.spills = estimate.getNeeded() > estimate.consumer;
      estimate.perBlock = 128 * estimate.producer +
                          128 * plan.consumers * estimate.consumer;
      return estimate;
    }
    estimate.perBlock = blockRegisters(threads, estimate.perThread,
                                       device.registerAllocationUnit);
    return estimate;
  }

  if (schedule.isFfma()) {
    MmaAttr mma = schedule.getMma();
    estimate.accumulators = mma.getM() * mma.getN();
    estimate.operandFragments = 2 * (mma.getM() + mma.getN());
    estimate.other = estimateSimtRegisters(schedule) -
                     estimate.accumulators - estimate.operandFragments +
                     (wholeTileVariant ? 0 : kSimtGuardedLoopRegisters);
    estimate.perThread = std::min(estimate.getNeeded(), kMaxRegistersPerThread);
    if (std::optional<ChipInfo> chip = lookupChip(schedule.getChip()))
      if (int64_t blocks = planSimtBlocksPerMultiprocessor(schedule, *chip);
          blocks > 1)
        estimate.perThread = std::min(
            estimate.perThread, chip->maxRegistersPerBlock / (threads * blocks));
    estimate.spills = estimate.getNeeded() > estimate.perThread;
    estimate.perBlock = blockRegisters(threads, estimate.perThread,
                                       device.registerAllocationUnit);
    return estimate;
  }

  if (schedule.isDot()) {
    // The verifier's lower bound: the lane's sums and one step's loads.
    estimate.accumulators =
        schedule.getBlockM() * (isDotAlongN(schedule) ? schedule.getMma().getN()
                                                      : schedule.getWarpN());
    estimate.operandFragments =
        estimateDotRegisters(schedule) - estimate.accumulators;
    estimate.perThread = std::min(estimate.getNeeded(), kMaxRegistersPerThread);
    estimate.spills = estimate.getNeeded() > kMaxRegistersPerThread;
    estimate.perBlock = blockRegisters(threads, estimate.perThread,
                                       device.registerAllocationUnit);
    return estimate;
  }

  int64_t ksteps = schedule.getBlockK() / 16;
  int64_t tiles = schedule.getWarpM() / 16 + schedule.getWarpN() / 16;
  estimate.accumulators = schedule.getWarpM() * schedule.getWarpN() / 32;
  estimate.operandFragments = 2 * tiles * 4;
  int64_t elementBytes = getByteWidth(schedule.getElements().getA());
  int64_t chunks = (schedule.getBlockM() * schedule.getBlockK() +
                    schedule.getBlockK() * schedule.getBlockN()) *
                   elementBytes / 16;
  int64_t copiesPerThread = (chunks + threads - 1) / threads;
  estimate.addresses = 2 * ksteps * tiles + copiesPerThread;
  estimate.other = kMmaSyncOtherRegisters;
  estimate.perThread = std::min(estimate.getNeeded(), kMaxRegistersPerThread);
  estimate.spills = estimate.getNeeded() > kMaxRegistersPerThread;
  estimate.perBlock = blockRegisters(threads, estimate.perThread,
                                     device.registerAllocationUnit);
  return estimate;
}

Occupancy gemm_opt::analysis::computeOccupancy(ScheduleAttr schedule,
                                               const RegisterEstimate &registers,
                                               const ChipPerformance &device) {
  Occupancy occupancy;
  int64_t threads = getScheduleResources(schedule).threads;
  occupancy.bySharedMemory = device.sharedBytesPerSM /
                             (getScheduleResources(schedule).sharedMemoryBytes +
                              device.sharedBytesReservedPerBlock);
  occupancy.byRegisters = device.registersPerSM / registers.perBlock;
  occupancy.byThreads = device.maxThreadsPerSM / threads;
  occupancy.byBlockLimit = device.maxBlocksPerSM;
  // The first of the tightest limits names the limiter.
  std::pair<int64_t, llvm::StringRef> limits[] = {
      {occupancy.bySharedMemory, "shared memory"},
      {occupancy.byRegisters, "registers"},
      {occupancy.byThreads, "threads"},
      {occupancy.byBlockLimit, "block limit"}};
  occupancy.blocksPerSM = limits[0].first;
  occupancy.limiter = limits[0].second;
  for (auto [blocks, name] : limits)
    if (blocks < occupancy.blocksPerSM) {
      occupancy.blocksPerSM = blocks;
      occupancy.limiter = name;
    }
  occupancy.warpsPerSM = occupancy.blocksPerSM * threads / 32;
  return occupancy;
}
