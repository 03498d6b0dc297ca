//===- SimtScheduleVerifier.cpp - checks of an ffma (SIMT) schedule -------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "dialect/SimtScheduleVerifier.h"
#include "dialect/ScheduleFieldLocations.h"
#include "dialect/ScheduleResources.h"

#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace mlir;
using namespace gemm_opt::tile;

LogicalResult gemm_opt::tile::verifyFfmaElementTypes(Operation *op,
                                                     ElementTypesAttr elements) {
  if (!elements.getA().isF32() || !elements.getC().isF32())
    return op->emitOpError()
           << "ffma computes f32 GEMMs: A, B and C must be f32, got a = "
           << elements.getA() << ", c = " << elements.getC();
  return success();
}

int64_t gemm_opt::tile::estimateSimtRegisters(ScheduleAttr schedule) {
  MmaAttr mma = schedule.getMma();
  int64_t accumulators = mma.getM() * mma.getN();
  int64_t fragments = 2 * (mma.getM() + mma.getN());
  // With 2 stages A reaches shared memory through registers (it is stored
  // transposed); with more, by cp.async.
  int64_t inFlightA = schedule.getStages() == 2
                          ? schedule.getBlockM() * schedule.getBlockK() /
                                getScheduleResources(schedule).threads
                          : 0;
  return accumulators + fragments + inFlightA + 16;
}

int64_t gemm_opt::tile::planSimtBlocksPerMultiprocessor(ScheduleAttr schedule,
                                                        const ChipInfo &chip) {
  // Over a K tile deeper than 8 steps ptxas keeps about one more step of
  // fragments live: 128x128x16 with 8x8 thread tiles takes 142-177
  // registers when unconstrained, against 124-128 at BK = 8, and spilled
  // 12-76 bytes when asked for two blocks of 256 threads
  // (docs/design/simt.md). Not a minimum, so the verifier does not count
  // it; only the plan of blocks per SM does.
  MmaAttr mma = schedule.getMma();
  int64_t deepK = schedule.getBlockK() > 8 ? mma.getM() + mma.getN() : 0;
  int64_t registers = llvm::alignTo(
      estimateSimtRegisters(schedule) + kSimtGuardedLoopRegisters + deepK, 8);
  int64_t threads = getScheduleResources(schedule).threads;
  return std::max<int64_t>(
      1, std::min(chip.maxRegistersPerBlock / (threads * registers),
                  chip.maxThreadsPerMultiprocessor / threads));
}

LogicalResult gemm_opt::tile::verifyThreadTiling(Operation *op,
                                                 ScheduleAttr schedule,
                                                 const ChipInfo &chip) {
  MmaAttr mma = schedule.getMma();
  int64_t tm = mma.getM(), tn = mma.getN();
  int64_t wm = schedule.getWarpM(), wn = schedule.getWarpN();
  if (mma.getK() != 1)
    return emitScheduleError(op, schedule, "mma")
           << "an ffma thread tile is [TM, TN, 1] (one K step of outer "
              "products), got K = "
           << mma.getK();
  if (tm % kSimtSubTile != 0 || tn % kSimtSubTile != 0)
    return emitScheduleError(op, schedule, "warp")
           << "ffma thread tile [" << tm << ", " << tn
           << "] must be a multiple of [4, 4] (4x4 sub-tiles read with "
              "128-bit shared-memory loads)";
  if (schedule.getBlockM() % wm != 0 || schedule.getBlockN() % wn != 0)
    return emitScheduleError(op, schedule, "warp")
           << "warp tile [" << wm << ", " << wn
           << "] does not divide block tile [" << schedule.getBlockM() << ", "
           << schedule.getBlockN() << "]";
  if (wm % tm != 0 || wn % tn != 0)
    return emitScheduleError(op, schedule, "mma")
           << "ffma thread tile [" << tm << ", " << tn
           << "] does not divide warp tile [" << wm << ", " << wn << "]";
  int64_t lanes = (wm / tm) * (wn / tn);
  if (lanes != 32)
    return emitScheduleError(op, schedule, "warp")
           << "warp tile [" << wm << ", " << wn << "] holds " << wm / tm << "x"
           << wn / tn << " = " << lanes << " thread tiles of [" << tm << ", "
           << tn << "], but a warp has 32 threads";
  int64_t registers = estimateSimtRegisters(schedule);
  if (registers > chip.maxRegistersPerThread)
    return emitScheduleError(op, schedule, "warp")
           << "ffma thread tile [" << tm << ", " << tn << "] needs at least "
           << registers << " registers per thread (" << tm * tn
           << " accumulators, operand fragments, the A tile in flight and "
              "addresses), more than the "
           << chip.maxRegistersPerThread << " a thread can have";
  int64_t threads = getScheduleResources(schedule).threads;
  if (registers * threads > chip.maxRegistersPerBlock)
    return op->emitOpError()
           << "ffma schedule needs at least " << registers * threads
           << " registers per block (" << threads << " threads x "
           << registers << "), more than the " << chip.maxRegistersPerBlock
           << " " << chip.name << " has";
  return success();
}
