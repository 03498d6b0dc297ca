//===- ScaledGemmVerifier.cpp - 8-bit inputs and their scales -------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "dialect/ScaledGemmVerifier.h"

#include "dialect/BlockScaleRing.h"
#include "dialect/ChipInfo.h"
#include "dialect/HopperScheduleVerifier.h"
#include "dialect/MatrixLayouts.h"
#include "dialect/ScheduleFieldLocations.h"

using namespace mlir;
using namespace gemm_opt::tile;

bool gemm_opt::tile::isEightBitFloat(Type type) {
  return isa<Float8E4M3FNType, Float8E5M2Type>(type);
}

int64_t gemm_opt::tile::getScaleRankA(ScalingAttr scaling) {
  switch (scaling.getA()) {
  case ScaleA::tensor:
    return 0;
  case ScaleA::row:
    return 1;
  case ScaleA::block_1x128:
    return 2;
  }
  return 0;
}

int64_t gemm_opt::tile::getScaleRankB(ScalingAttr scaling) {
  switch (scaling.getB()) {
  case ScaleB::tensor:
    return 0;
  case ScaleB::column:
    return 1;
  case ScaleB::block_128x128:
    return 2;
  }
  return 0;
}

/// Whether B is a batch whose entries may have scales of their own: a
/// batched GEMM's, or a contiguous grouped GEMM's (one matrix per group).
static bool hasScalesPerEntryOfB(GemmOp gemm) {
  return gemm.isBatched() || gemm.getGroupOffsets();
}

bool gemm_opt::tile::hasPerEntryScaleA(GemmOp gemm) {
  return gemm.isBatched() && gemm.getScalingAttr() && gemm.getScaleA() &&
         gemm.getScaleA().getType().getRank() ==
             getScaleRankA(gemm.getScalingAttr()) + 1;
}

bool gemm_opt::tile::hasPerEntryScaleB(GemmOp gemm) {
  return hasScalesPerEntryOfB(gemm) && gemm.getScalingAttr() &&
         gemm.getScaleB() &&
         gemm.getScaleB().getType().getRank() ==
             getScaleRankB(gemm.getScalingAttr()) + 1;
}

namespace {

/// What each rank of scale operand is, for the diagnostics: `rank` is the
/// mode's rank for one matrix; `perEntry` adds a leading batch dimension.
std::string describeScaleRank(int64_t rank, bool perEntry) {
  static const char *const shared[] = {
      "memref<f32> (one scalar)", "memref<?xf32> (a vector)",
      "memref<?x?xf32> (a matrix of block scales)"};
  static const char *const entries[] = {
      "memref<?xf32> (one scalar per batch entry)",
      "memref<?x?xf32> (a vector per batch entry)",
      "memref<?x?x?xf32> (block scales per batch entry)"};
  return (perEntry ? entries : shared)[rank];
}

/// `operand` has the rank `mode` asks for: `rank`, or where `batched` (the
/// operand's matrix is a batch) also `rank` + 1 (its own scales for each
/// batch entry).
LogicalResult checkScaleOperand(GemmOp gemm, Value operand, StringRef name,
                                int64_t rank, StringRef mode, bool batched) {
  if (!operand)
    return gemm.emitOpError()
           << "needs a " << name << " operand: its scaling has " << mode
           << " (" << name << " %s : " << describeScaleRank(rank, false)
           << (batched ? ", or " + describeScaleRank(rank, true) : "")
           << ")";
  auto type = cast<MemRefType>(operand.getType());
  if (type.getRank() == rank || (batched && type.getRank() == rank + 1))
    return success();
  if (!batched)
    return gemm.emitOpError()
           << name << " must be a " << describeScaleRank(rank, false)
           << " for " << mode << ", got " << type;
  return gemm.emitOpError()
         << name << " of a batched GEMM must be a "
         << describeScaleRank(rank, false)
         << ", shared by every batch entry, or a "
         << describeScaleRank(rank, true) << " for " << mode << ", got "
         << type;
}

/// A static extent `dim` of a scale operand that must match the problem's
/// (`what`, `expected`) where both are known.
LogicalResult checkStaticExtent(GemmOp gemm, Value operand, StringRef name,
                                unsigned dim, int64_t expected,
                                StringRef what) {
  auto type = cast<MemRefType>(operand.getType());
  if (type.isDynamicDim(dim) || ShapedType::isDynamic(expected) ||
      type.getDimSize(dim) == expected)
    return success();
  return gemm.emitOpError()
         << name << " has " << type.getDimSize(dim) << " entries in dimension "
         << dim << ", but " << what << " is " << expected;
}

/// The static batch count of `gemm`'s A, B and C (the batched verifier has
/// checked that they agree; a contiguous grouped GEMM's B alone is a
/// batch), else dynamic.
int64_t getStaticBatchCount(GemmOp gemm) {
  SmallVector<Value, 3> batches{gemm.getB()};
  if (gemm.isBatched())
    batches.append({gemm.getA(), gemm.getC()});
  for (Value operand : batches)
    if (int64_t extent = cast<MemRefType>(operand.getType()).getDimSize(0);
        !ShapedType::isDynamic(extent))
      return extent;
  return ShapedType::kDynamic;
}

/// The extents of the scale operands that the problem fixes: a per-entry
/// operand's batch count, a vector's M or N.
LogicalResult checkScaleExtents(GemmOp gemm, ScalingAttr scaling) {
  ArrayRef<int64_t> shapeA = gemm.getA().getType().getShape();
  ArrayRef<int64_t> shapeB = gemm.getB().getType().getShape();
  int64_t m = shapeA[shapeA.size() - 2], n = shapeB.back();
  bool perEntryA = hasPerEntryScaleA(gemm), perEntryB = hasPerEntryScaleB(gemm);
  if (perEntryA && failed(checkStaticExtent(gemm, gemm.getScaleA(), "scale_a",
                                            0, getStaticBatchCount(gemm),
                                            "the batch count")))
    return failure();
  if (perEntryB && failed(checkStaticExtent(gemm, gemm.getScaleB(), "scale_b",
                                            0, getStaticBatchCount(gemm),
                                            "the batch count")))
    return failure();
  if (scaling.getA() == ScaleA::row &&
      failed(checkStaticExtent(gemm, gemm.getScaleA(), "scale_a",
                               perEntryA ? 1 : 0, m, "M")))
    return failure();
  if (scaling.getB() == ScaleB::column &&
      failed(checkStaticExtent(gemm, gemm.getScaleB(), "scale_b",
                               perEntryB ? 1 : 0, n, "N")))
    return failure();
  return success();
}

} // namespace

LogicalResult gemm_opt::tile::verifyScaledGemm(GemmOp gemm) {
  Type a = gemm.getA().getType().getElementType();
  Type b = gemm.getB().getType().getElementType();
  ScalingAttr scaling = gemm.getScalingAttr();
  if (ScheduleAttr schedule = gemm.getScheduleAttr()) {
    WarpSpecializationAttr specialization = schedule.getSpecialization();
    if (specialization && specialization.getAsyncScaleCopies() &&
        !getBlockScaleRing(schedule, scaling))
      return emitScheduleError(gemm, schedule, "specialization")
             << "async_scale_copies says how the block scales of an FP8 "
                "GEMM reach shared memory, and this GEMM has none (scaling "
                "with a = block_1x128 or b = block_128x128); leave it out";
  }
  if (!isEightBitFloat(a) && !isEightBitFloat(b)) {
    if (scaling)
      return gemm.emitOpError()
             << "has a #tile.scaling, which is for 8-bit inputs (f8E4M3FN, "
                "f8E5M2); A and B are "
             << a << " and " << b;
    if (gemm.getScaleA() || gemm.getScaleB())
      return gemm.emitOpError()
             << "has scale operands but no scaling = #tile.scaling<...>; "
                "scales are for 8-bit inputs";
    return success();
  }
  if (!isEightBitFloat(a) || !isEightBitFloat(b))
    return gemm.emitOpError()
           << "multiplies 8-bit floats only by 8-bit floats, got A of " << a
           << " and B of " << b;
  if (!scaling)
    return gemm.emitOpError()
           << "multiplies 8-bit floats, so it declares their scales: add "
              "scaling = #tile.scaling<a = tensor, b = tensor> (or row / "
              "column / block scales) and operands scale_a, scale_b";
  if (failed(checkScaleOperand(
          gemm, gemm.getScaleA(), "scale_a", getScaleRankA(scaling),
          "a = " + stringifyScaleA(scaling.getA()).str(), gemm.isBatched())) ||
      failed(checkScaleOperand(gemm, gemm.getScaleB(), "scale_b",
                               getScaleRankB(scaling),
                               "b = " + stringifyScaleB(scaling.getB()).str(),
                               hasScalesPerEntryOfB(gemm))))
    return failure();
  if (failed(checkScaleExtents(gemm, scaling)))
    return failure();
  if (scaling.hasBlockScales() && scaling.getFastAccumulation())
    return gemm.emitOpError()
           << "block scales multiply every 128 K elements' partial sums as "
              "they are added into f32 registers: drop fast_accumulation = "
              "true";

  std::optional<GemmLayouts> layouts =
      getGemmLayouts(gemm.getA().getType(), gemm.getB().getType(),
                     gemm.getC().getType());
  if (layouts && layouts->a != MatrixOrder::row)
    return gemm.emitOpError()
           << "wgmma reads 8-bit operands only K-major from shared memory: A "
              "must be row-major (M×K, K contiguous); transpose it first "
              "(tile.transpose)";
  if (layouts && layouts->b != MatrixOrder::col) {
    std::string typeName;
    llvm::raw_string_ostream(typeName) << b;
    return gemm.emitOpError()
           << "wgmma reads 8-bit operands only K-major from shared memory: B "
              "must be column-major (stored N×K like a weight W in x @ W^T: "
              "memref<?x?x"
           << typeName
           << ", strided<[1, ?], offset: ?>>); transpose it first "
              "(tile.transpose)";
  }
  if (layouts && layouts->c != MatrixOrder::row)
    return gemm.emitOpError() << "an 8-bit GEMM writes C row-major";

  ScheduleAttr schedule = gemm.getScheduleAttr();
  if (!schedule.isWgmma())
    return emitScheduleError(gemm, schedule, "mma")
           << "8-bit inputs need wgmma: mma = #tile.mma<wgmma, [64, N, 32]> "
              "on sm_90a";
  if (scaling.promotesPartialSums()) {
    if (schedule.getBlockK() != 128)
      return emitScheduleError(gemm, schedule, "block")
             << "promoting partial sums every 128 K elements (a scaling "
                "without fast_accumulation = true, or block scales) needs "
                "block K = 128, got "
             << schedule.getBlockK();
    // The f32 sums of the warpgroup tile and the wgmma accumulator of one
    // instruction's N columns beside them (the tile is multiplied and
    // promoted in pieces of the mma's N).
    int64_t sums = schedule.getWarpM() * schedule.getWarpN() / 128;
    int64_t partial =
        schedule.getWarpM() * schedule.getMma().getN() / 128;
    int64_t needed = sums + partial + kNonAccumulatorRegisters;
    if (WarpSpecializationAttr specialization = schedule.getSpecialization();
        specialization && specialization.getConsumerRegisters() < needed)
      return emitScheduleError(gemm, schedule, "specialization")
             << "promoting partial sums keeps two accumulators: consumer "
                "warpgroups need "
             << needed << " registers per thread (" << sums << " + "
             << partial << " and " << kNonAccumulatorRegisters
             << " more), got " << specialization.getConsumerRegisters()
             << "; use a narrower mma N (the tile is promoted in pieces of "
                "it), shrink the warpgroup tile or set fast_accumulation = "
                "true";
  }
  if (scaling.getB() == ScaleB::block_128x128) {
    int64_t warpN = schedule.getWarpN();
    if (warpN % 128 != 0 && 128 % warpN != 0)
      return emitScheduleError(gemm, schedule, "warp")
             << "block scales of B cover 128 columns: the warpgroup tile's N ("
             << warpN << ") must divide 128 or be a multiple of it";
  }
  // The producer stages every stage's block scales in shared memory
  // (dialect/BlockScaleRing.h).
  if (std::optional<BlockScaleRing> ring =
          getBlockScaleRing(schedule, scaling)) {
    std::optional<ChipInfo> chip = lookupChip(schedule.getChip());
    int64_t bytes = getSharedMemoryBytes(schedule, scaling);
    if (chip && bytes > chip->maxSharedMemoryPerBlock)
      return emitScheduleError(gemm, schedule, "pipeline")
             << "the block scales of every stage take " << ring->getBytes()
             << " bytes of shared memory beside the stages: the kernel needs "
             << bytes << " bytes per block, more than the "
             << chip->maxSharedMemoryPerBlock << " " << chip->name
             << " allows; use fewer stages";
  }
  return success();
}
