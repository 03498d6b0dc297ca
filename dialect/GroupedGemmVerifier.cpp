//===- GroupedGemmVerifier.cpp - grouped operands of tile.gemm ------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "dialect/GroupedGemmVerifier.h"
#include "dialect/ScaledGemmVerifier.h"

#include "dialect/MatrixLayouts.h"
#include "dialect/MemoryQueries.h"

using namespace mlir;
using namespace gemm_opt::tile;

/// Checks that `counts`, the group operand `name`, is a 1-D i32 memref in
/// global memory.
static LogicalResult verifyGroupOperand(GemmOp gemm, StringRef name,
                                        StringRef holds, Value counts) {
  auto type = cast<MemRefType>(counts.getType());
  if (type.getRank() != 1 || !type.getElementType().isSignlessInteger(32))
    return gemm.emitOpError() << name << " must be a 1-D memref of i32 ("
                              << holds << "), got " << type;
  if (!isGlobalMemory(type))
    return gemm.emitOpError()
           << name
           << " must live in global memory (the kernel reads it, the host "
              "never does), got "
           << type;
  return success();
}

/// The group count of the batch operands' static extents, or kDynamic; fails
/// where two of them differ.
static FailureOr<int64_t> getGroupCount(GemmOp gemm) {
  int64_t groups = ShapedType::kDynamic;
  for (auto [name, value] : {std::pair<StringRef, Value>("A", gemm.getA()),
                             {"B", gemm.getB()},
                             {"C", gemm.getC()}}) {
    auto type = cast<MemRefType>(value.getType());
    if (type.getRank() != 3 || ShapedType::isDynamic(type.getDimSize(0)))
      continue;
    int64_t extent = type.getDimSize(0);
    if (!ShapedType::isDynamic(groups) && extent != groups)
      return gemm.emitOpError()
             << "group count of " << name << " (" << extent
             << ") does not match the other operands' (" << groups << ")";
    groups = extent;
  }
  return groups;
}

/// Checks the ranks of A, B and C and the group operand's extent for the
/// op's layout.
static LogicalResult verifyLayoutShapes(GemmOp gemm) {
  int64_t a = gemm.getA().getType().getRank(),
          b = gemm.getB().getType().getRank(),
          c = gemm.getC().getType().getRank();
  bool masked = static_cast<bool>(gemm.getGroupRows());
  if (masked && (a != 3 || b != 3 || c != 3))
    return gemm.emitOpError()
           << "the masked layout (group_rows) takes A, B and C as batches "
              "of G matrices (rank 3: G × M_max × K, G × K × N, G × M_max × "
              "N), got ranks "
           << a << ", " << b << " and " << c
           << " (for A and C with the groups' rows back to back, use "
              "group_offsets)";
  if (!masked && (a != 2 || b != 3 || c != 2))
    return gemm.emitOpError()
           << "the contiguous layout (group_offsets) takes A as T × K and C "
              "as T × N (rank 2, the groups' rows back to back) and B as G "
              "matrices (rank 3), got ranks "
           << a << ", " << b << " and " << c
           << " (for A and C as batches of G matrices, use group_rows)";
  FailureOr<int64_t> groups = getGroupCount(gemm);
  if (failed(groups))
    return failure();
  Value counts = masked ? gemm.getGroupRows() : gemm.getGroupOffsets();
  int64_t entries = cast<MemRefType>(counts.getType()).getDimSize(0);
  if (ShapedType::isDynamic(*groups) || ShapedType::isDynamic(entries))
    return success();
  if (masked && entries != *groups)
    return gemm.emitOpError()
           << "group_rows has " << entries << " entries for " << *groups
           << " groups: it takes one valid row count per group";
  if (!masked && entries != *groups + 1)
    return gemm.emitOpError()
           << "group_offsets has " << entries << " entries for " << *groups
           << " groups: it takes G + 1 (group g's rows are [offsets[g], "
              "offsets[g + 1]))";
  return success();
}

/// Checks what a grouped kernel computes: bf16, f16 or 8-bit inputs (the
/// latter scaled as verifyScaledGemm checks) and row-major A and C. An
/// FP8 grouped GEMM composes with a fused epilogue and writes an 8-bit C
/// as a dense one does (verifyFusedEpilogue, verifyQuantizedOutput).
static LogicalResult verifyGroupedComputation(GemmOp gemm) {
  Type input = gemm.getA().getType().getElementType();
  if (!input.isBF16() && !input.isF16() && !isEightBitFloat(input))
    return gemm.emitOpError()
           << "grouped GEMMs take bf16, f16 or 8-bit (f8E4M3FN, f8E5M2) A "
              "and B, got "
           << input << " (f32 inputs are not grouped yet)";
  for (auto [name, value] :
       {std::pair<StringRef, Value>("A", gemm.getA()), {"C", gemm.getC()}})
    if (getMatrixOrder(cast<MemRefType>(value.getType())) != MatrixOrder::row)
      return gemm.emitOpError()
             << "a grouped GEMM needs a row-major " << name
             << ": a group is a range of its rows (B may be either: G × K × "
                "N row-major or G × N × K column-major)";
  return success();
}

bool gemm_opt::tile::isPerGroupBias(bool masked, EpilogueBias bias) {
  return bias == EpilogueBias::column || (masked && bias == EpilogueBias::row);
}

/// Checks a grouped GEMM's bias against its layout: one vector per group
/// (G × N for bias = column; G × M_max for a masked bias = row), or for a
/// contiguous bias = row one entry per row of C (T), each with unit stride
/// along its entries. The presence and element type are
/// verifyFusedEpilogue's.
static LogicalResult verifyGroupedBias(GemmOp gemm) {
  EpilogueAttr epilogue = gemm.getEpilogueAttr();
  Value bias = gemm.getBias();
  if (!bias || !epilogue || epilogue.getBias() == EpilogueBias::none)
    return success();
  bool masked = static_cast<bool>(gemm.getGroupRows());
  bool byRow = epilogue.getBias() == EpilogueBias::row;
  auto type = cast<MemRefType>(bias.getType());
  StringRef field = byRow ? "bias = row" : "bias = column";
  MemRefType cType = gemm.getC().getType();
  ArrayRef<int64_t> matrixC = cType.getShape().take_back(2);
  int64_t entries = matrixC[byRow ? 0 : 1];
  if (!isPerGroupBias(masked, epilogue.getBias())) {
    // A contiguous row bias: one entry per token, wherever its group.
    if (type.getRank() != 1)
      return gemm.emitOpError()
             << "a contiguous grouped GEMM's " << field
             << " follows C's rows: a vector of T entries (row t is token "
                "t's, whatever its group), got "
             << type << " (for one bias vector per group use bias = column)";
    if (!ShapedType::isDynamic(type.getDimSize(0)) &&
        !ShapedType::isDynamic(entries) && type.getDimSize(0) != entries)
      return gemm.emitOpError()
             << "a contiguous grouped GEMM's " << field << " has "
             << type.getDimSize(0) << " entries, expected C's T = " << entries;
  } else {
    StringRef extent = byRow ? "M_max" : "N";
    if (type.getRank() != 2)
      return gemm.emitOpError()
             << "a grouped GEMM's " << field << " is per group: a G × "
             << extent << " memref (row g is group g's bias), got " << type;
    int64_t groups = gemm.getB().getType().getDimSize(0);
    if (!ShapedType::isDynamic(type.getDimSize(0)) &&
        !ShapedType::isDynamic(groups) && type.getDimSize(0) != groups)
      return gemm.emitOpError()
             << "a grouped GEMM's " << field << " has " << type.getDimSize(0)
             << " rows for " << groups
             << " groups: it takes one row per group (G × " << extent << ")";
    if (!ShapedType::isDynamic(type.getDimSize(1)) &&
        !ShapedType::isDynamic(entries) && type.getDimSize(1) != entries)
      return gemm.emitOpError()
             << "a grouped GEMM's " << field << " has " << type.getDimSize(1)
             << " entries per group, expected " << extent << " = " << entries;
  }
  int64_t offset;
  SmallVector<int64_t> strides;
  if (failed(type.getStridesAndOffset(strides, offset)) || strides.back() != 1)
    return gemm.emitOpError()
           << "a grouped GEMM's bias must have unit stride along its entries "
              "(the last dimension), got "
           << type;
  return success();
}

/// Checks that `schedule` runs the grouped walk: a warp-specialized wgmma
/// kernel on a persistent grid of single blocks, each tile computed whole
/// and stored through a staging tile.
static LogicalResult verifyGroupedSchedule(GemmOp gemm, ScheduleAttr schedule) {
  if (!schedule.isWgmma() || !schedule.isWarpSpecialized())
    return gemm.emitOpError()
           << "grouped GEMMs need a warp-specialized wgmma schedule: only "
              "that path walks the groups' tiles";
  if (!schedule.isPersistent())
    return gemm.emitOpError()
           << "grouped GEMMs need a persistent grid (grid = "
              "#tile.grid<persistent = true>): the blocks walk the non-empty "
              "tiles of every group, which the host does not know";
  if (schedule.getSplitK() > 1 || schedule.isStreamK())
    return gemm.emitOpError()
           << "grouped GEMMs compute each tile whole: drop split_k and "
              "stream_k from the grid";
  if (schedule.getClusterSize() > 1)
    return gemm.emitOpError()
           << "grouped GEMMs run clusters of one block: a cluster's patch of "
              "tiles would straddle groups; drop cluster";
  if (schedule.getEpilogueStore() != EpilogueStore::tma)
    return gemm.emitOpError()
           << "grouped GEMMs store C through a staging tile "
              "(store = #tile.store<tma>): the group's last tile is copied "
              "row by row up to the group's end, the others by TMA";
  return success();
}

LogicalResult gemm_opt::tile::verifyGroupedOperands(GemmOp gemm,
                                                    ScheduleAttr schedule) {
  if (gemm.getGroupRows() && gemm.getGroupOffsets())
    return gemm.emitOpError()
           << "takes group_rows (masked layout) or group_offsets (contiguous "
              "layout), not both";
  if (Value rows = gemm.getGroupRows();
      rows && failed(verifyGroupOperand(gemm, "group_rows",
                                        "the valid rows of each group", rows)))
    return failure();
  if (Value offsets = gemm.getGroupOffsets();
      offsets &&
      failed(verifyGroupOperand(gemm, "group_offsets",
                                "G + 1 row offsets into A and C", offsets)))
    return failure();
  if (failed(verifyLayoutShapes(gemm)) ||
      failed(verifyGroupedComputation(gemm)) || failed(verifyGroupedBias(gemm)))
    return failure();
  return verifyGroupedSchedule(gemm, schedule);
}
