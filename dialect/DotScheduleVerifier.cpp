//===- DotScheduleVerifier.cpp - checks of a dot (thin GEMM) schedule -----===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "dialect/DotScheduleVerifier.h"

#include "dialect/MemoryQueries.h"
#include "dialect/ScheduleFieldLocations.h"

#include <algorithm>

using namespace mlir;
using namespace gemm_opt::tile;

int64_t gemm_opt::tile::getDotWarpsAlongK(ScheduleAttr schedule) {
  return isDotAlongN(schedule)
             ? schedule.getBlockK() /
                   std::max<int64_t>(1, schedule.getMma().getK())
             : 1;
}

int64_t gemm_opt::tile::getDotSharedMemoryBytes(ScheduleAttr schedule) {
  if (!isDotAlongN(schedule))
    return 0;
  int64_t partials = getDotWarpsAlongK(schedule) * schedule.getBlockM() *
                     schedule.getBlockN() * 4;
  return partials + (schedule.getSplitK() > 1 ? 16 : 0);
}

int64_t gemm_opt::tile::estimateDotRegisters(ScheduleAttr schedule) {
  MmaAttr mma = schedule.getMma();
  int64_t rows = schedule.getBlockM();
  // Each 16-byte load is 4 registers; addresses and indices take the rest.
  if (isDotAlongN(schedule))
    return rows * mma.getN() + mma.getK() * (4 + rows) + 24;
  int64_t vector = mma.getK();
  int64_t loads = schedule.getBlockK() / (32 * vector);
  int64_t accumulators = rows * schedule.getWarpN();
  return accumulators + loads * (schedule.getWarpN() + rows) * 4 + 24;
}

/// Element types: 16-bit A and B of one type, f32 accumulation, and a C
/// the epilogue converts to.
static LogicalResult verifyDotElementTypes(Operation *op,
                                           ScheduleAttr schedule) {
  ElementTypesAttr elements = schedule.getElements();
  Type a = elements.getA();
  if ((!a.isBF16() && !a.isF16()) || elements.getB() != a)
    return emitScheduleError(op, schedule, "elements")
           << "a dot schedule multiplies bf16 or f16 A and B of one type, got "
              "a = "
           << a << ", b = " << elements.getB()
           << " (use wgmma for 8-bit or tf32 inputs, ffma for f32)";
  if (!elements.getAcc().isF32())
    return emitScheduleError(op, schedule, "elements")
           << "a dot schedule accumulates in f32, got acc = "
           << elements.getAcc();
  Type c = elements.getC();
  if (!c.isBF16() && !c.isF16() && !c.isF32())
    return emitScheduleError(op, schedule, "elements")
           << "a dot schedule stores a bf16, f16 or f32 C, got " << c;
  return success();
}

/// The tiles along K: [1, 1, V] with V elements in one 16-byte load, a
/// warp tile that spans the block's rows and divides its columns, and a K
/// tile of whole warp-wide loads.
static LogicalResult verifyDotTilingAlongK(Operation *op, ScheduleAttr schedule,
                                           int64_t vector) {
  if (schedule.getWarpM() != schedule.getBlockM() ||
      schedule.getBlockN() % schedule.getWarpN() != 0)
    return emitScheduleError(op, schedule, "warp")
           << "a dot schedule's warp tile [" << schedule.getWarpM() << ", "
           << schedule.getWarpN() << "] must span the block's "
           << schedule.getBlockM() << " rows and divide its "
           << schedule.getBlockN() << " columns";
  if (schedule.getBlockK() % (32 * vector) != 0)
    return emitScheduleError(op, schedule, "block")
           << "a dot schedule's BK " << schedule.getBlockK()
           << " must be a multiple of " << 32 * vector
           << " (32 lanes, each loading " << vector << " elements)";
  return success();
}

/// The tiles along N: [1, V, U], a warp tile of the block's rows and the
/// 32·V columns its lanes load, dividing BN, and a K step of whole U rows
/// for each of the block's BK / U warps along K.
static LogicalResult verifyDotTilingAlongN(Operation *op, ScheduleAttr schedule,
                                           int64_t vector) {
  int64_t rowsOfK = schedule.getMma().getK();
  if (schedule.getWarpM() != schedule.getBlockM() ||
      schedule.getWarpN() != 32 * vector ||
      schedule.getBlockN() % schedule.getWarpN() != 0)
    return emitScheduleError(op, schedule, "warp")
           << "a dot schedule along N has the warp tile ["
           << schedule.getBlockM() << ", " << 32 * vector
           << "] (the block's rows, 32 lanes of " << vector
           << " columns), which divides BN; got [" << schedule.getWarpM()
           << ", " << schedule.getWarpN() << "] for BN "
           << schedule.getBlockN();
  if (schedule.getBlockK() % rowsOfK != 0)
    return emitScheduleError(op, schedule, "block")
           << "a dot schedule along N splits BK " << schedule.getBlockK()
           << " among warps of " << rowsOfK
           << " rows of K each: BK must be a multiple of " << rowsOfK;
  return success();
}

/// The tiles: the mma shape names the direction of the lanes' loads, and
/// the block and warp tiles must fit it.
static LogicalResult verifyDotTiling(Operation *op, ScheduleAttr schedule) {
  MmaAttr mma = schedule.getMma();
  int64_t vector = kDotLoadBytes / getByteWidth(schedule.getElements().getA());
  bool alongK = mma.getN() == 1 && mma.getK() == vector;
  bool alongN =
      mma.getN() == vector && mma.getK() >= 1 && mma.getK() <= kDotMaxRowsOfK;
  if (mma.getM() != 1 || (!alongK && !alongN))
    return emitScheduleError(op, schedule, "mma")
           << "a dot schedule's mma is [1, 1, " << vector
           << "] (each lane loads " << vector << " "
           << schedule.getElements().getA() << " elements of K at once) or [1, "
           << vector << ", U] with 1 <= U <= " << kDotMaxRowsOfK << " ("
           << vector << " elements of N from each of U rows of K), got ["
           << mma.getM() << ", " << mma.getN() << ", " << mma.getK() << "]";
  return alongK ? verifyDotTilingAlongK(op, schedule, vector)
                : verifyDotTilingAlongN(op, schedule, vector);
}

/// The pipeline, shared layouts and Hopper features: one direct stage, no
/// shared memory, one block per tile of C.
static LogicalResult verifyDotLoads(Operation *op, ScheduleAttr schedule) {
  PipelineAttr pipeline = schedule.getPipeline();
  if (pipeline.getLoad() != LoadKind::direct || pipeline.getStages() != 1)
    return emitScheduleError(op, schedule, "pipeline")
           << "a dot schedule loads straight into registers: give it "
              "#tile.pipeline<stages = 1, load = direct> (BK sets the loads "
              "in flight)";
  for (auto [name, layout] :
       {std::pair<StringRef, Attribute>{"smem_a", schedule.getSmemA()},
        {"smem_b", schedule.getSmemB()}}) {
    auto pad = dyn_cast<PadAttr>(layout);
    if (!pad || pad.getElements() != 0)
      return emitScheduleError(op, schedule, name)
             << "a dot schedule uses no shared memory: give it " << name
             << " = #tile.pad<0>";
  }
  if (schedule.isWarpSpecialized())
    return emitScheduleError(op, schedule, "specialization")
           << "a dot schedule has no producer warps: drop specialization";
  if (schedule.getCluster())
    return emitScheduleError(op, schedule, "cluster")
           << "a dot schedule runs without clusters: drop cluster";
  if (schedule.isPersistent() || schedule.isStreamK())
    return emitScheduleError(op, schedule, "grid")
           << "a dot schedule launches one block per tile of C: no "
              "persistent grid or stream_k";
  if (schedule.getSplitK() > 1 && !isDotAlongN(schedule))
    return emitScheduleError(op, schedule, "grid")
           << "a dot schedule along K gives each warp all of K: no split_k "
              "(a dot along N, mma [1, V, U], takes one)";
  if (schedule.getEpilogueStore() != EpilogueStore::direct)
    return emitScheduleError(op, schedule, "store")
           << "a dot schedule stores each output from its lane: drop store "
              "(or give #tile.store<direct>)";
  return success();
}

LogicalResult gemm_opt::tile::verifyDotSchedule(Operation *op,
                                                ScheduleAttr schedule,
                                                const GemmLayouts &layouts,
                                                const ChipInfo &chip) {
  if (failed(verifyDotElementTypes(op, schedule)) ||
      failed(verifyDotTiling(op, schedule)) ||
      failed(verifyDotLoads(op, schedule)))
    return failure();
  bool alongN = isDotAlongN(schedule);
  MatrixOrder orderB = alongN ? MatrixOrder::row : MatrixOrder::col;
  if (layouts.a != MatrixOrder::row || layouts.b != orderB ||
      layouts.c != MatrixOrder::row) {
    if (alongN)
      return op->emitOpError()
             << "a dot schedule along N (mma [1, V, U]) reads the rows of a "
                "row-major B (x @ W with W stored K × N) into a row-major C "
                "from a row-major A; for a column-major B use mma [1, 1, V], "
                "for other layouts a wgmma schedule";
    return op->emitOpError()
           << "a dot schedule reads K-contiguous operands into a row-major "
              "C: A row-major, B column-major (x @ W^T with W stored N × K), "
              "C row-major; for a row-major B use mma [1, V, U] (along N), "
              "for other layouts a wgmma schedule";
  }
  if (auto gemm = dyn_cast<GemmOp>(op)) {
    if (gemm.isBatched() || gemm.isGrouped())
      return op->emitOpError()
             << "a dot schedule computes one GEMM: use a wgmma schedule for "
                "batched or grouped GEMMs";
  }
  int64_t registers = estimateDotRegisters(schedule);
  if (registers > chip.maxRegistersPerThread)
    return emitScheduleError(op, schedule, "block")
           << "a dot schedule with block [" << schedule.getBlockM() << ", "
           << schedule.getBlockN() << ", " << schedule.getBlockK()
           << "] and warp tile [" << schedule.getWarpM() << ", "
           << schedule.getWarpN() << "] needs at least " << registers
           << " registers per thread, more than the "
           << chip.maxRegistersPerThread << " " << chip.name
           << " allows: use a smaller "
           << (alongN ? "U (the mma's rows of K)" : "BK or warp tile");
  int64_t shared = getDotSharedMemoryBytes(schedule);
  if (shared > chip.maxSharedMemoryPerBlock)
    return emitScheduleError(op, schedule, "block")
           << "a dot schedule along N with block [" << schedule.getBlockM()
           << ", " << schedule.getBlockN() << ", " << schedule.getBlockK()
           << "] sums " << getDotWarpsAlongK(schedule)
           << " warps' partial sums in " << shared
           << " bytes of shared memory, more than the "
           << chip.maxSharedMemoryPerBlock << " " << chip.name
           << " allows: use a smaller BN or fewer warps along K";
  return success();
}
