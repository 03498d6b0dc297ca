//===- ScheduleVerifier.cpp - is a schedule possible for a GEMM -----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "dialect/ScheduleVerifier.h"
#include "dialect/ScaledGemmVerifier.h"
#include "dialect/MatrixLayouts.h"
#include "dialect/ScheduleFieldLocations.h"
#include "dialect/ScheduleResources.h"

#include "dialect/ChipInfo.h"
#include "dialect/DotScheduleVerifier.h"
#include "dialect/HopperScheduleVerifier.h"
#include "dialect/MemoryQueries.h"
#include "dialect/SimtScheduleVerifier.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace gemm_opt::tile;

/// Checks the element types: the op's memrefs against the schedule, and the
/// schedule's types against what tensor cores support.
static LogicalResult verifyElementTypes(Operation *op, ElementTypesAttr elements,
                                        MemRefType a, MemRefType b,
                                        MemRefType c) {
  struct Operand {
    StringRef name;
    MemRefType memref;
    Type scheduled;
  } operands[] = {{"A", a, elements.getA()},
                  {"B", b, elements.getB()},
                  {"C", c, elements.getC()}};
  for (const Operand &operand : operands)
    if (operand.memref.getElementType() != operand.scheduled)
      return op->emitOpError()
             << "element type of " << operand.name << " ("
             << operand.memref.getElementType()
             << ") does not match the schedule (" << operand.scheduled << ")";
  // 8-bit floats mix (e4m3 by e5m2); the op's verifier checks the pair.
  if (elements.getA() != elements.getB() &&
      !(isEightBitFloat(elements.getA()) && isEightBitFloat(elements.getB())))
    return op->emitOpError() << "A and B must have the same element type, got "
                             << elements.getA() << " and " << elements.getB();
  if (!elements.getAcc().isF32())
    return op->emitOpError()
           << "accumulator must be f32, got " << elements.getAcc();
  // An 8-bit C (e4m3) is an FP8 GEMM's quantized output.
  bool eightBitOutput = isa<Float8E4M3FNType>(elements.getC()) &&
                        isEightBitFloat(elements.getA());
  if (!elements.getC().isF16() && !elements.getC().isBF16() &&
      !elements.getC().isF32() && !eightBitOutput)
    return op->emitOpError()
           << "C must be f16, bf16 or f32 (or f8E4M3FN for 8-bit A and B), "
              "got "
           << elements.getC();
  return success();
}

/// Checks the tensor-core instruction against the element types and chip.
static LogicalResult verifyMma(Operation *op, MmaAttr mma, Type inputType,
                               const ChipInfo &chip) {
  switch (mma.getKind()) {
  case MmaKind::sync:
    if (chip.computeCapability < 80)
      return op->emitOpError()
             << "mma.sync with f16/bf16 needs sm_80 or newer, got "
             << chip.name;
    if (!inputType.isF16() && !inputType.isBF16())
      return op->emitOpError()
             << "mma.sync is implemented for f16 and bf16 inputs, got "
             << inputType;
    if (mma.getM() != 16 || mma.getN() != 8 || mma.getK() != 16)
      return op->emitOpError()
             << "mma.sync with " << inputType
             << " inputs has shape [16, 8, 16], got [" << mma.getM() << ", "
             << mma.getN() << ", " << mma.getK() << "]";
    return success();
  case MmaKind::wgmma:
    return verifyWgmmaShape(op, mma, inputType, chip);
  case MmaKind::ffma:
    // The thread tile is checked with the tiling (verifyThreadTiling).
    return success();
  case MmaKind::dot:
    // The whole schedule is checked by verifyDotSchedule.
    return success();
  }
  return success();
}

/// Checks that every level of an mma.sync tile hierarchy divides the one
/// above, and that a thread's accumulators and operand fragments fit its
/// registers.
static LogicalResult verifyWarpTiling(Operation *op, ScheduleAttr schedule,
                                      const ChipInfo &chip) {
  MmaAttr mma = schedule.getMma();
  if (schedule.getBlockM() % schedule.getWarpM() != 0 ||
      schedule.getBlockN() % schedule.getWarpN() != 0)
    return emitScheduleError(op, schedule, "warp")
           << "warp tile [" << schedule.getWarpM() << ", "
           << schedule.getWarpN() << "] does not divide block tile ["
           << schedule.getBlockM() << ", " << schedule.getBlockN() << "]";
  if (schedule.getWarpM() % mma.getM() != 0 ||
      schedule.getWarpN() % (2 * mma.getN()) != 0)
    return emitScheduleError(op, schedule, "warp")
           << "warp tile [" << schedule.getWarpM() << ", "
           << schedule.getWarpN() << "] must be a multiple of [" << mma.getM()
           << ", " << 2 * mma.getN()
           << "] (the MMA shape, with N paired for ldmatrix.x4)";
  if (schedule.getBlockK() % mma.getK() != 0)
    return emitScheduleError(op, schedule, "block")
           << "block K tile " << schedule.getBlockK()
           << " is not a multiple of the MMA K " << mma.getK();
  // A warp's f32 accumulators, one register each over its 32 threads, and
  // two K steps of ldmatrix.x4 fragments (4 registers per 16×16 tile of A
  // and of B): beyond the thread's registers they spill to local memory
  // (analysis/ResourceEstimate.h adds addresses and more for its estimate).
  // (A product past 64 bits is verifySizesFit's to report.)
  int64_t elements;
  if (llvm::MulOverflow(schedule.getWarpM(), schedule.getWarpN(), elements))
    return success();
  int64_t needed =
      elements / 32 +
      2 * 4 * (schedule.getWarpM() / 16 + schedule.getWarpN() / 16);
  if (needed > chip.maxRegistersPerThread)
    return emitScheduleError(op, schedule, "warp")
           << "warp tile [" << schedule.getWarpM() << ", "
           << schedule.getWarpN() << "] needs at least " << needed
           << " registers per thread (accumulators and two K steps of "
              "operand fragments), more than the "
           << chip.maxRegistersPerThread << " " << chip.name
           << " allows: use more, smaller warp tiles";
  return success();
}

/// `lhs * rhs`, or nothing if an operand is nothing or the product overflows.
static std::optional<int64_t> checkedMul(std::optional<int64_t> lhs,
                                         std::optional<int64_t> rhs) {
  int64_t result;
  if (!lhs || !rhs || llvm::MulOverflow(*lhs, *rhs, result))
    return std::nullopt;
  return result;
}

/// `lhs + rhs`, or nothing if an operand is nothing or the sum overflows.
static std::optional<int64_t> checkedAdd(std::optional<int64_t> lhs,
                                         std::optional<int64_t> rhs) {
  int64_t result;
  if (!lhs || !rhs || llvm::AddOverflow(*lhs, *rhs, result))
    return std::nullopt;
  return result;
}

/// Elements of padding `layout` adds to each stored row.
static int64_t rowPadding(Attribute layout) {
  auto pad = dyn_cast<PadAttr>(layout);
  return pad ? pad.getElements() : 0;
}

/// Checks that the thread count, the shared-memory size and the C tile of
/// `schedule`, as ScheduleAttr computes them, fit in 64 bits. Every other
/// product of sizes the later checks form is at most one of these, so none
/// overflows.
static LogicalResult verifySizesFit(Operation *op, ScheduleAttr schedule,
                                    int64_t bytesA, int64_t bytesB,
                                    int64_t bytesC) {
  std::optional<int64_t> units =
      checkedMul(schedule.getWarpsM(), schedule.getWarpsN());
  std::optional<int64_t> threads =
      schedule.isWgmma()
          ? checkedMul(128,
                       checkedAdd(units, schedule.isWarpSpecialized() ? 1 : 0))
          : checkedMul(32, units);
  if (!threads)
    return op->emitOpError()
           << "thread count of the schedule overflows 64 bits";
  std::optional<int64_t> tileC = checkedMul(
      checkedMul(schedule.getBlockM(), schedule.getBlockN()), bytesC);
  // ffma stores A transposed: BK rows of BM elements.
  int64_t rowsA = schedule.isFfma() ? schedule.getBlockK() : schedule.getBlockM();
  int64_t colsA = schedule.isFfma() ? schedule.getBlockM() : schedule.getBlockK();
  std::optional<int64_t> stageA = checkedMul(
      checkedMul(rowsA, checkedAdd(colsA, rowPadding(schedule.getSmemA()))),
      bytesA);
  std::optional<int64_t> stageB =
      checkedMul(checkedMul(schedule.getBlockK(),
                            checkedAdd(schedule.getBlockN(),
                                       rowPadding(schedule.getSmemB()))),
                 bytesB);
  // At most two 8-byte mbarriers per stage.
  std::optional<int64_t> perStage = checkedAdd(checkedAdd(stageA, stageB), 16);
  bool staged = schedule.getEpilogueStore() != EpilogueStore::direct;
  if (!checkedAdd(checkedMul(schedule.getStages(), perStage),
                  staged ? tileC : 0))
    return op->emitOpError()
           << "shared-memory size of the schedule overflows 64 bits";
  if (!tileC)
    return op->emitOpError() << "C tile of the schedule overflows 64 bits";
  return success();
}

/// Checks one operand's shared layout against its tile's row bytes.
static LogicalResult verifySharedLayout(Operation *op, ScheduleAttr schedule,
                                        StringRef operand, Attribute layout,
                                        int64_t rowElements,
                                        int64_t elementBytes) {
  int64_t rowBytes = rowElements * elementBytes;
  if (auto swizzle = dyn_cast<SwizzleAttr>(layout)) {
    if (rowBytes % swizzle.getWidth() == 0)
      return success();
    InFlightDiagnostic diag =
        emitScheduleError(op, schedule, operand == "A" ? "smem_a" : "smem_b")
        << "swizzle of " << swizzle.getWidth() << " bytes does not fit "
        << operand << "'s shared tile rows of " << rowBytes << " bytes";
    // The widest swizzle the rows take.
    for (int64_t width : {128, 64, 32})
      if (rowBytes % width == 0)
        return diag << " (#tile.swizzle<" << width << "> matches "
                    << rowElements << " elements of " << elementBytes
                    << " bytes)";
    return diag;
  }
  auto pad = cast<PadAttr>(layout);
  if (((rowElements + pad.getElements()) * elementBytes) % 16 != 0)
    return emitScheduleError(op, schedule, operand == "A" ? "smem_a" : "smem_b")
           << "padding " << operand << "'s rows by " << pad.getElements()
           << " elements breaks the 16-byte alignment cp.async and ldmatrix "
              "need";
  return success();
}

/// Checks that the cp.async copy of one operand tile splits evenly into
/// 16-byte chunks over the block's threads.
static LogicalResult verifyCopyDistribution(Operation *op, StringRef operand,
                                            int64_t rows, int64_t cols,
                                            int64_t elementBytes,
                                            int64_t threads) {
  if ((cols * elementBytes) % 16 != 0)
    return op->emitOpError() << operand << " tile rows of "
                             << cols * elementBytes
                             << " bytes are not a multiple of the 16-byte "
                                "cp.async copy";
  int64_t chunks = rows * cols * elementBytes / 16;
  if (chunks % threads != 0)
    return op->emitOpError()
           << operand << " tile of " << rows << "x" << cols << " is " << chunks
           << " 16-byte chunks, which " << threads
           << " threads cannot split evenly";
  return success();
}

/// Checks a cp.async pipeline: only mma.sync consumes it, and it needs a
/// stage to copy into while the tensor cores read another.
static LogicalResult verifyCpAsyncPipeline(Operation *op,
                                           ScheduleAttr schedule) {
  if (schedule.isWgmma())
    return emitScheduleError(op, schedule, "pipeline")
           << "wgmma needs tma loads, got cp_async";
  if (schedule.getStages() < 2)
    return emitScheduleError(op, schedule, "pipeline")
           << "a cp.async pipeline needs at least 2 stages, got "
           << schedule.getStages();
  if (schedule.isFfma() && schedule.getPipeline().getRagged())
    return emitScheduleError(op, schedule, "pipeline")
           << "ragged = true is for mma.sync pipelines; ffma kernels take any "
              "shape and pitch already";
  return success();
}

/// Checks that each operand is row- or column-major and that the schedule's
/// path reads it so: mma.sync only row-major operands, ffma any
/// (tile-exchange-operands makes a column-major C row-major), wgmma any
/// (both operands K-major or MN-major through TMA and wgmma's transpose
/// flags, C through the epilogue's staging tile) but a fused epilogue only
/// into a row-major C; tf32 wgmma (f32 inputs) only K-major A and B.
static FailureOr<GemmLayouts>
verifyOperandLayouts(Operation *op, ScheduleAttr schedule,
                     EpilogueAttr epilogue, MemRefType a, MemRefType b,
                     MemRefType c) {
  StringRef failing;
  std::optional<GemmLayouts> layouts = getGemmLayouts(a, b, c, &failing);
  if (!layouts) {
    MemRefType type = failing == "A" ? a : failing == "B" ? b : c;
    // A batch of matrices: its rows dimension follows the batch dimension.
    return op->emitOpError()
           << failing
           << " must be row-major (unit stride in its last dimension) or "
              "column-major (unit stride in its "
           << (type.getRank() == 3 ? "second dimension, the rows" : "first")
           << "), got " << type;
  }
  // ffma kernels read A and B in either order, and tile-exchange-operands
  // runs a GEMM into a column-major C as C^T = B^T·A^T (C^T row-major).
  // dot kernels check their layouts with the rest of their schedule
  // (verifyDotSchedule).
  bool rowMajorOnly =
      !schedule.isWgmma() && !schedule.isFfma() && !schedule.isDot();
  for (auto [name, order] : {std::pair<StringRef, MatrixOrder>{"A", layouts->a},
                             {"B", layouts->b},
                             {"C", layouts->c}}) {
    if (order == MatrixOrder::row || !rowMajorOnly)
      continue;
    return op->emitOpError()
           << "column-major " << name
           << " needs a wgmma schedule: the mma.sync path reads and writes "
              "every operand row-major";
  }
  if (schedule.isWgmma() && schedule.getElements().getA().isF32() &&
      failed(verifyTf32Layouts(op, *layouts)))
    return failure();
  // Into a column-major C the staging copy applies the epilogue down C's
  // columns (passes/epilogue/StagingColumnStore.h), the TMA stores' staging on the
  // fragments, reading C element by element (passes/hopper/TmaStoreEpilogue.h);
  // both on C's transpose, and the residual's (column-major like C).
  if (layouts->c == MatrixOrder::col && !schedule.isFfma() && epilogue &&
      epilogue.hasFusedOperations() &&
      schedule.getEpilogueStore() == EpilogueStore::direct)
    return op->emitOpError()
           << "a fused epilogue into a column-major C needs a staging tile: "
              "give the schedule store = #tile.store<tma> (or <vector>)";
  return *layouts;
}

/// Checks how operands reach shared memory: the load kind against the chip
/// and MMA, the shared layouts against the tiles, and how the copies split
/// (TMA boxes or cp.async chunks per thread).
static LogicalResult verifyLoads(Operation *op, ScheduleAttr schedule,
                                 const ChipInfo &chip, int64_t bytesA,
                                 int64_t bytesB, const GemmLayouts &layouts) {
  if (schedule.getPipeline().getLoad() == LoadKind::direct)
    return emitScheduleError(op, schedule, "pipeline")
           << "direct loads are for dot schedules (#tile.mma<dot, ...>); "
              "give this one cp_async or tma";
  if (schedule.isTma() ? failed(verifyTmaTarget(op, schedule, chip))
                       : failed(verifyCpAsyncPipeline(op, schedule)))
    return failure();
  // ffma stores A transposed (BK rows of BM elements), mma.sync as is.
  int64_t rowElementsA =
      schedule.isFfma() ? schedule.getBlockM() : schedule.getBlockK();
  // wgmma takes a column-major B K-major: its shared rows are BK elements.
  int64_t rowElementsB =
      schedule.isWgmma() && layouts.b == MatrixOrder::col
          ? schedule.getBlockK()
          : schedule.getBlockN();
  if (failed(verifySharedLayout(op, schedule, "A", schedule.getSmemA(),
                                rowElementsA, bytesA)) ||
      failed(verifySharedLayout(op, schedule, "B", schedule.getSmemB(),
                                rowElementsB, bytesB)))
    return failure();
  if (schedule.isTma())
    return verifyTmaBoxes(op, schedule, bytesA, bytesB, layouts);
  int64_t threads = getScheduleResources(schedule).threads;
  if (failed(verifyCopyDistribution(op, "A", schedule.getBlockM(),
                                    schedule.getBlockK(), bytesA, threads)) ||
      failed(verifyCopyDistribution(op, "B", schedule.getBlockK(),
                                    schedule.getBlockN(), bytesB, threads)))
    return failure();
  return success();
}

/// A persistent tma store whose staging tile makes the schedule too big:
/// the fewest store rounds, dividing the warpgroup's column panels of C, with
/// which it fits (none if no count does).
static std::optional<int64_t> getFittingStoreRounds(ScheduleAttr schedule,
                                                    const ChipInfo &chip) {
  if (schedule.getEpilogueStore() != EpilogueStore::tma ||
      !schedule.isPersistent())
    return std::nullopt;
  int64_t rounds = schedule.getEpilogueStoreRounds();
  int64_t staging = getScheduleResources(schedule).stagingBytes * rounds;
  int64_t rest = getScheduleResources(schedule).sharedMemoryBytes -
                 getScheduleResources(schedule).stagingBytes;
  int64_t panels = schedule.getWarpN() *
                   getByteWidth(schedule.getElements().getC()) / 128;
  for (int64_t r = rounds + 1; r <= panels; ++r)
    if (panels % r == 0 && rest + staging / r <= chip.maxSharedMemoryPerBlock)
      return r;
  return std::nullopt;
}

/// A schedule too big for shared memory: the most pipeline stages (at least
/// 2, fewer than it has) with which it fits, if any.
static std::optional<int64_t> getFittingStages(ScheduleAttr schedule,
                                               const ChipInfo &chip) {
  PipelineAttr pipeline = schedule.getPipeline();
  for (int64_t stages = pipeline.getStages() - 1; stages >= 2; --stages) {
    ScheduleAttr fewer = ScheduleAttr::get(
        schedule.getContext(), schedule.getChip(), schedule.getBlock(),
        schedule.getWarp(), schedule.getMma(), schedule.getElements(),
        schedule.getSmemA(), schedule.getSmemB(),
        PipelineAttr::get(schedule.getContext(), stages, pipeline.getLoad(),
                          pipeline.getRagged()),
        schedule.getSpecialization(), schedule.getGrid(), schedule.getCluster(),
        schedule.getStore());
    if (getScheduleResources(fewer).sharedMemoryBytes <=
        chip.maxSharedMemoryPerBlock)
      return stages;
  }
  return std::nullopt;
}

/// Checks that the block's threads fit the chip.
static LogicalResult verifyBlockThreads(Operation *op, ScheduleAttr schedule,
                                        const ChipInfo &chip) {
  int64_t threads = getScheduleResources(schedule).threads;
  if (threads > chip.maxThreadsPerBlock)
    return emitScheduleError(op, schedule, "warp")
           << "schedule needs " << threads << " threads per block ("
           << threads / 32 << " warps), more than the "
           << chip.maxThreadsPerBlock << " " << chip.name << " allows";
  return success();
}

LogicalResult gemm_opt::tile::verifyGemmSchedule(Operation *op,
                                                 ScheduleAttr schedule,
                                                 EpilogueAttr epilogue,
                                                 MemRefType a, MemRefType b,
                                                 MemRefType c) {
  std::optional<ChipInfo> chip = lookupChip(schedule.getChip());
  if (!chip)
    return emitScheduleError(op, schedule, "chip")
           << "unknown chip '" << schedule.getChip()
           << "'; known chips: " << knownChipList();
  FailureOr<GemmLayouts> layouts = verifyOperandLayouts(op, schedule, epilogue, a, b, c);
  if (failed(layouts))
    return failure();
  ElementTypesAttr elements = schedule.getElements();
  if (schedule.isDot())
    return failure(
        failed(verifyElementTypes(op, elements, a, b, c)) ||
        failed(verifyDotSchedule(op, schedule, *layouts, *chip)) ||
        failed(verifySizesFit(op, schedule, getByteWidth(elements.getA()),
                              getByteWidth(elements.getB()),
                              getByteWidth(elements.getC()))) ||
        failed(verifyBlockThreads(op, schedule, *chip)));
  if (failed(verifyElementTypes(op, elements, a, b, c)) ||
      failed(verifyMma(op, schedule.getMma(), elements.getA(), *chip)) ||
      (schedule.isFfma() &&
       failed(verifyFfmaElementTypes(op, schedule.getElements()))))
    return failure();
  LogicalResult tiling =
      schedule.isWgmma()   ? verifyWarpgroupTiling(op, schedule)
      : schedule.isFfma() ? verifyThreadTiling(op, schedule, *chip)
                          : verifyWarpTiling(op, schedule, *chip);
  if (failed(tiling))
    return failure();

  int64_t bytesA = getByteWidth(elements.getA());
  int64_t bytesB = getByteWidth(elements.getB());
  if (failed(verifySizesFit(op, schedule, bytesA, bytesB,
                            getByteWidth(elements.getC()))))
    return failure();

  if (failed(verifyBlockThreads(op, schedule, *chip)))
    return failure();

  if (failed(verifyLoads(op, schedule, *chip, bytesA, bytesB, *layouts)) ||
      failed(verifyHopperFeatures(op, schedule, *chip)) ||
      (schedule.isMulticast() &&
       failed(verifyMulticastSplit(op, schedule, *layouts))) ||
      (schedule.isWgmma() && failed(verifyWgmmaRegisters(op, schedule, *chip))))
    return failure();

  // Operand stages, mbarriers and the epilogue's staging tile.
  int64_t sharedBytes = getScheduleResources(schedule).sharedMemoryBytes;
  if (sharedBytes > chip->maxSharedMemoryPerBlock) {
    // Reported at the field whose change is the way out: the store where
    // rounds would shrink its staging tile enough, else the pipeline.
    std::optional<int64_t> rounds = getFittingStoreRounds(schedule, *chip);
    InFlightDiagnostic diag =
        emitScheduleError(op, schedule, rounds ? "store" : "pipeline")
        << "schedule needs " << sharedBytes
        << " bytes of shared memory per block, more than the "
        << chip->maxSharedMemoryPerBlock << " " << chip->name << " allows";
    if (rounds)
      diag << " (#tile.store<tma, rounds = " << *rounds
           << "> would shrink the staging tile enough)";
    else if (std::optional<int64_t> stages = getFittingStages(schedule, *chip))
      diag << " (stages = " << *stages << " is the most that fits)";
    return diag;
  }

  return success();
}
