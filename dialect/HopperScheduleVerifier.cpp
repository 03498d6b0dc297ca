//===- HopperScheduleVerifier.cpp - Hopper features of a schedule ---------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "dialect/HopperScheduleVerifier.h"
#include "dialect/ScaledGemmVerifier.h"
#include "dialect/ScheduleFieldLocations.h"
#include "dialect/ScheduleResources.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "dialect/MemoryQueries.h"

using namespace mlir;
using namespace gemm_opt::tile;

/// TMA boxes have at most 256 elements in every dimension.
static constexpr int64_t kMaxTmaBoxExtent = 256;

LogicalResult gemm_opt::tile::verifyWgmmaShape(Operation *op, MmaAttr mma,
                                               Type inputType,
                                               const ChipInfo &chip) {
  if (!chip.hasWarpgroupMma)
    return op->emitOpError() << "wgmma needs sm_90a, got " << chip.name;
  if (!inputType.isF16() && !inputType.isBF16() && !inputType.isF32() &&
      !isEightBitFloat(inputType))
    return op->emitOpError()
           << "wgmma is implemented for f16, bf16, f32 (tf32), f8E4M3FN and "
              "f8E5M2 inputs, got "
           << inputType;
  // One instruction reads 32 bytes of K per row: 16 f16/bf16, 8 tf32, 32
  // 8-bit floats.
  int64_t k = getWgmmaK(inputType);
  if (mma.getM() != 64 || mma.getK() != k)
    return op->emitOpError()
           << "wgmma with " << inputType
           << (inputType.isF32() ? " (tf32)" : "")
           << " inputs has M = 64 and K = " << k << ", got [" << mma.getM()
           << ", " << mma.getN() << ", " << mma.getK() << "]";
  if (mma.getN() < 8 || mma.getN() > 256 || mma.getN() % 8 != 0)
    return op->emitOpError()
           << "wgmma N must be a multiple of 8 in [8, 256], got " << mma.getN();
  return success();
}

int64_t gemm_opt::tile::getWgmmaK(Type inputType) {
  return 32 / getByteWidth(inputType);
}

LogicalResult gemm_opt::tile::verifyTf32Layouts(Operation *op,
                                                const GemmLayouts &layouts) {
  // A of either order: a column-major A is read from registers
  // (passes/hopper/WgmmaStageOperands.h). B must be K-major; on the host,
  // tile-stage-transposed-operands gives the GEMM a K-major copy of a
  // row-major B (batched or not).
  if (layouts.b == MatrixOrder::col ||
      !op->getParentOfType<gpu::GPUModuleOp>())
    return success();
  return op->emitOpError()
         << "tf32 wgmma reads B only K-major from shared memory: B "
            "column-major (strided<[1, ?]>); got row-major B (in a kernel; a "
            "host tile.gemm gets a K-major copy staged by "
            "tile-stage-transposed-operands)";
}

LogicalResult gemm_opt::tile::verifyWarpgroupTiling(Operation *op,
                                                    ScheduleAttr schedule) {
  MmaAttr mma = schedule.getMma();
  if (schedule.getBlockM() % schedule.getWarpM() != 0 ||
      schedule.getBlockN() % schedule.getWarpN() != 0)
    return emitScheduleError(op, schedule, "warp")
           << "warpgroup tile [" << schedule.getWarpM() << ", "
           << schedule.getWarpN() << "] does not divide block tile ["
           << schedule.getBlockM() << ", " << schedule.getBlockN() << "]";
  if (schedule.getWarpM() % mma.getM() != 0 ||
      schedule.getWarpN() % mma.getN() != 0)
    return emitScheduleError(op, schedule, "warp")
           << "warpgroup tile [" << schedule.getWarpM() << ", "
           << schedule.getWarpN() << "] must be a multiple of [" << mma.getM()
           << ", " << mma.getN() << "] (the wgmma shape)";
  if (schedule.getBlockK() % mma.getK() != 0)
    return emitScheduleError(op, schedule, "block")
           << "block K tile " << schedule.getBlockK()
           << " is not a multiple of the MMA K " << mma.getK();
  return success();
}

LogicalResult gemm_opt::tile::verifyTmaTarget(Operation *op,
                                              ScheduleAttr schedule,
                                              const ChipInfo &chip) {
  if (!chip.hasTma())
    return emitScheduleError(op, schedule, "chip")
           << "TMA loads need sm_90 or newer, got " << chip.name;
  for (auto [name, layout] :
       {std::pair<StringRef, Attribute>{"A", schedule.getSmemA()},
        {"B", schedule.getSmemB()}})
    if (!isa<SwizzleAttr>(layout))
      return emitScheduleError(op, schedule, name == "A" ? "smem_a" : "smem_b")
             << "TMA loads need " << name
             << "'s shared layout to be a #tile.swizzle, got " << layout;
  return success();
}

/// Checks that a `rows`×`cols` TMA box of `operand` fits the TMA's limits.
static LogicalResult verifyTmaBox(Operation *op, StringRef operand,
                                  int64_t rows, int64_t cols) {
  if (rows > kMaxTmaBoxExtent || cols > kMaxTmaBoxExtent)
    return op->emitOpError()
           << "TMA box of " << operand << " is " << rows << "x" << cols
           << " elements, more than " << kMaxTmaBoxExtent << " in a dimension";
  return success();
}

LogicalResult gemm_opt::tile::verifyTmaBoxes(Operation *op,
                                             ScheduleAttr schedule,
                                             int64_t bytesA, int64_t bytesB,
                                             const GemmLayouts &layouts) {
  int64_t widthA = cast<SwizzleAttr>(schedule.getSmemA()).getWidth();
  int64_t widthB = cast<SwizzleAttr>(schedule.getSmemB()).getWidth();
  int64_t bm = schedule.getBlockM(), bn = schedule.getBlockN(),
          bk = schedule.getBlockK();
  // A K-major operand (row-major A, column-major B) is one box of its tile,
  // BK elements (one swizzle width) wide; an M- or N-major one (column-major
  // A, row-major B) is BK-row boxes of one 128-byte swizzle width each.
  auto checkKMajor = [&](StringRef name, int64_t rows, int64_t bytes,
                         int64_t width) -> LogicalResult {
    if (failed(verifyTmaBox(op, name, rows, bk)))
      return failure();
    if (bk * bytes != width)
      return op->emitOpError()
             << "TMA box of " << name << " is " << bk << " elements ("
             << bk * bytes
             << " bytes) wide, which must equal its swizzle width of " << width
             << " bytes";
    return success();
  };
  auto checkMnMajor = [&](StringRef name, int64_t bytes,
                          int64_t width) -> LogicalResult {
    if (failed(verifyTmaBox(op, name, bk, width / bytes)))
      return failure();
    if (width != 128)
      return op->emitOpError()
             << "column-major A is loaded in panels of 128-byte swizzled "
                "M-columns for wgmma's transposed A: its swizzle width must "
                "be 128 bytes, got "
             << width;
    return success();
  };
  bool colA = layouts.a == MatrixOrder::col;
  bool colB = layouts.b == MatrixOrder::col;
  if (failed(colA ? checkMnMajor("A", bytesA, widthA)
                  : checkKMajor("A", bm, bytesA, widthA)))
    return failure();
  if (colB)
    return checkKMajor("B", bn, bytesB, widthB);
  return verifyTmaBox(op, "B", bk, widthB / bytesB);
}

/// With multicast, the blocks of a cluster row share A's tile and those of
/// a cluster column B's: each loads its share and multicasts it. A K-major
/// operand (row-major A, column-major B) splits its BM or BN rows into
/// slices of whole 8-row swizzle atoms, one per block. Row-major B's
/// 128-byte panels split evenly over the cluster's M extent, or, when there
/// are fewer panels than cluster rows, each panel's BK rows split into whole
/// atoms. Column-major A (M-major panels) is not multicast.
LogicalResult gemm_opt::tile::verifyMulticastSplit(Operation *op,
                                                   ScheduleAttr schedule,
                                                   const GemmLayouts &layouts) {
  auto [clusterM, clusterN] = schedule.getClusterShape();
  if (layouts.a == MatrixOrder::col)
    return op->emitOpError()
           << "cluster multicast loads A's tile as K-major rows: a "
              "column-major A needs a cluster without multicast";
  int64_t blockM = schedule.getBlockM();
  if (blockM % (8 * clusterN) != 0)
    return op->emitOpError()
           << "multicast splits A's " << blockM << "-row tile over the "
           << clusterN
           << " blocks of a cluster row: each share must be a multiple of 8 "
              "rows (one 128-byte swizzle atom)";
  int64_t blockN = schedule.getBlockN();
  if (layouts.b == MatrixOrder::col) {
    if (blockN % (8 * clusterM) == 0)
      return success();
    return op->emitOpError()
           << "multicast splits column-major B's " << blockN
           << "-row tile over the " << clusterM
           << " blocks of a cluster column: each share must be a multiple of "
              "8 rows (one 128-byte swizzle atom)";
  }
  if (!isa<SwizzleAttr>(schedule.getSmemB()))
    return success(); // verifyTmaTarget names the problem.
  int64_t panelColumns = cast<SwizzleAttr>(schedule.getSmemB()).getWidth() /
                         getByteWidth(schedule.getElements().getB());
  int64_t panels = blockN / std::max<int64_t>(panelColumns, 1);
  if (panels % clusterM == 0)
    return success();
  // Fewer panels than blocks: each panel splits along K into whole 8-row
  // swizzle atoms.
  if (panels < clusterM && clusterM % panels == 0 &&
      schedule.getBlockK() % (8 * (clusterM / panels)) == 0)
    return success();
  return op->emitOpError()
         << "multicast splits B's " << panels << " TMA panels of "
         << panelColumns << " columns over the " << clusterM
         << " blocks of a cluster column: the count must divide evenly (or, "
            "with fewer panels than blocks, divide the blocks so that each "
            "panel's "
         << schedule.getBlockK()
         << " K rows split into multiples of 8 rows)";
}

LogicalResult gemm_opt::tile::verifyHopperFeatures(Operation *op,
                                                   ScheduleAttr schedule,
                                                   const ChipInfo &chip) {
  bool wgmma = schedule.isWgmma();
  if (schedule.getCluster()) {
    if (!chip.hasClusters())
      return emitScheduleError(op, schedule, "cluster")
             << "thread-block clusters need sm_90 or newer, got " << chip.name;
    if (!wgmma)
      return emitScheduleError(op, schedule, "cluster")
             << "thread-block clusters need wgmma";
  }
  if (schedule.isWarpSpecialized()) {
    if (!schedule.isTma())
      return emitScheduleError(op, schedule, "specialization")
             << "warp specialization needs tma loads, got "
             << stringifyLoadKind(schedule.getPipeline().getLoad());
    if (!wgmma)
      return emitScheduleError(op, schedule, "specialization")
             << "warp specialization needs wgmma";
  }
  if (schedule.isPersistent() && !wgmma)
    return emitScheduleError(op, schedule, "grid")
           << "a persistent grid needs wgmma";
  if (schedule.getSplitK() > 1 && !wgmma && !schedule.isFfma())
    return emitScheduleError(op, schedule, "grid")
           << "split_k needs wgmma or ffma";
  if (schedule.getConsumerGroups() > 1 && !schedule.isPersistent())
    return emitScheduleError(op, schedule, "specialization")
           << "consumer_groups = " << schedule.getConsumerGroups()
           << " takes tiles in turns and needs a persistent grid "
              "(grid = #tile.grid<persistent = true, ...>)";
  EpilogueStore store = schedule.getEpilogueStore();
  if (store != EpilogueStore::direct && !wgmma)
    return emitScheduleError(op, schedule, "store")
           << "a " << stringifyEpilogueStore(store) << " store (#tile.store<"
           << stringifyEpilogueStore(store)
           << ">) needs wgmma; leave `store` out to store "
              "from registers";
  // rounds: each round stores whole 128-byte column panels of every
  // consumer warpgroup's part of C.
  int64_t rounds = schedule.getEpilogueStoreRounds();
  int64_t panels = schedule.getWarpN() *
                   getByteWidth(schedule.getElements().getC()) / 128;
  if (rounds > 1 && (panels < rounds || panels % rounds != 0))
    return emitScheduleError(op, schedule, "store")
           << "#tile.store<tma, rounds = " << rounds << "> does not divide the "
           << panels << " 128-byte column panels of a consumer warpgroup's "
           << schedule.getWarpM() << "x" << schedule.getWarpN()
           << " part of C (WN * sizeof(C) / 128)";
  return success();
}

LogicalResult gemm_opt::tile::verifyWgmmaRegisters(Operation *op,
                                                   ScheduleAttr schedule,
                                                   const ChipInfo &chip) {
  // f32 accumulators, one register each, spread over a warpgroup's threads.
  int64_t accumulator = schedule.getWarpM() * schedule.getWarpN() / 128;
  int64_t needed = accumulator + kNonAccumulatorRegisters;
  // A thread's share of the block's registers at launch, handed out in
  // multiples of 8.
  int64_t threads = getScheduleResources(schedule).threads;
  int64_t atLaunch = std::min(chip.maxRegistersPerThread,
                              chip.maxRegistersPerBlock / threads / 8 * 8);
  WarpSpecializationAttr specialization = schedule.getSpecialization();
  if (!specialization) {
    if (needed > atLaunch)
      return emitScheduleError(op, schedule, "specialization")
             << "warpgroups need " << needed << " registers per thread ("
             << accumulator << " for the accumulator, "
             << kNonAccumulatorRegisters << " more), more than the " << atLaunch
             << " each of " << threads << " threads can have";
    return success();
  }
  int64_t producer = specialization.getProducerRegisters();
  int64_t consumer = specialization.getConsumerRegisters();
  int64_t consumers = getScheduleResources(schedule).consumerWarpgroups;
  // setmaxnreg only moves the registers the block holds from launch
  // (atLaunch per thread) between its warpgroups: a consumer asking for
  // more than the producer gave back waits forever (48/232 over 384
  // threads, 65,536 > 64,512, hung on an H200).
  int64_t total = 128 * producer + 128 * consumers * consumer;
  int64_t held = atLaunch * threads;
  if (total > held)
    return emitScheduleError(op, schedule, "specialization")
           << "register reallocation needs " << total
           << " registers per block (128 x " << producer
           << " for the producer, " << consumers << " x 128 x " << consumer
           << " for the consumers), more than the " << held << " its "
           << threads << " threads hold from launch (" << atLaunch
           << " each)";
  if (consumer < needed)
    return emitScheduleError(op, schedule, "specialization")
           << "consumer warpgroups need " << needed << " registers per thread ("
           << accumulator << " for the accumulator, "
           << kNonAccumulatorRegisters
           << " more), more than consumer_registers = " << consumer;
  // ptxas assembles every warpgroup's code within the registers a thread
  // has at launch; setmaxnreg moves registers between warpgroups only at
  // run time.
  if (needed > atLaunch)
    return emitScheduleError(op, schedule, "specialization")
           << "consumer warpgroups need " << needed << " registers per thread ("
           << accumulator << " for the accumulator, "
           << kNonAccumulatorRegisters << " more), but ptxas assembles them "
           << "within the " << atLaunch << " each of the block's " << threads
           << " threads has at launch (setmaxnreg moves registers only at run "
           << "time); use fewer consumer warpgroups or a smaller warp tile";
  return success();
}
