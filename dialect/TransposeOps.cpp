//===- TransposeOps.cpp - tile.transpose and its schedule -----------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The attribute's own verifier checks what needs nothing but the attribute;
// the op's verifier relates the schedule to the element type and the chip,
// so those errors carry the op's location.
//
//===----------------------------------------------------------------------===//

#include "dialect/TileDialect.h"

#include "dialect/ChipInfo.h"
#include "dialect/MatrixMoveVerifier.h"
#include "dialect/MemoryQueries.h"
#include "dialect/SharedLayout.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace gemm_opt::tile;

LogicalResult
TransposeScheduleAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                              StringRef chip, ArrayRef<int64_t> tile,
                              ArrayRef<int64_t> threads, Attribute smem,
                              int64_t vector) {
  if (failed(verifyMoveScheduleShape(emitError, "transpose", tile, threads)))
    return failure();
  if (!isa<SwizzleAttr, PadAttr>(smem))
    return emitError() << "shared-memory layout must be #tile.swizzle or "
                          "#tile.pad, got "
                       << smem;
  return verifyMoveVector(emitError, vector);
}

int64_t TransposeScheduleAttr::getStagingRowElements() const {
  return getStoredRowElements(getSmem(), getTileCols());
}

int64_t TransposeScheduleAttr::getSharedMemoryBytes(Type elementType) const {
  return getTileRows() * getStagingRowElements() * getByteWidth(elementType);
}

int64_t TransposeScheduleAttr::getSwizzleMask(Type elementType) const {
  if (auto swizzle = dyn_cast<SwizzleAttr>(getSmem()))
    return swizzle.getWidth() / getByteWidth(elementType) - 1;
  return 0;
}

/// Checks `schedule` against the element type and its chip.
static LogicalResult verifyTransposeSchedule(TransposeOp op,
                                             TransposeScheduleAttr schedule,
                                             Type elementType) {
  int64_t rows = schedule.getTileRows(), cols = schedule.getTileCols();
  int64_t tx = schedule.getThreadsX(), ty = schedule.getThreadsY();
  int64_t vector = schedule.getVector();
  int64_t bytes = getByteWidth(elementType);
  FailureOr<ChipInfo> chip = verifyMoveThreads(op, schedule.getChip(), tx, ty,
                                               vector, elementType);
  if (failed(chip))
    return failure();
  // Load phase: TY rows × TX·vector columns of the TR×TC src tile per step;
  // store phase: the same over the TC×TR dst tile.
  int64_t span = tx * vector;
  if (rows % ty != 0 || cols % ty != 0)
    return op.emitOpError() << "tile [" << rows << ", " << cols
                            << "] is not divisible by TY = " << ty
                            << " rows in both dimensions";
  if (cols % span != 0 || rows % span != 0)
    return op.emitOpError()
           << "tile [" << rows << ", " << cols
           << "] is not divisible in both dimensions by TX·vector = " << tx
           << "·" << vector << " = " << span << " elements";
  if (auto swizzle = dyn_cast<SwizzleAttr>(schedule.getSmem())) {
    int64_t period = swizzle.getWidth() / bytes;
    if (cols % period != 0)
      return op.emitOpError()
             << "#tile.swizzle<" << swizzle.getWidth() << "> permutes groups of "
             << period << " " << elementType
             << " elements, which must divide the tile's " << cols
             << " columns";
  }
  int64_t sharedBytes = schedule.getSharedMemoryBytes(elementType);
  if (sharedBytes > chip->maxSharedMemoryPerBlock)
    return op.emitOpError() << "staging tile needs " << sharedBytes
                            << " bytes of shared memory; " << chip->name
                            << " allows at most "
                            << chip->maxSharedMemoryPerBlock << " per block";
  return success();
}

LogicalResult TransposeOp::verify() {
  TransposeScheduleAttr schedule = getScheduleAttr();
  if (!schedule)
    return emitOpError() << "has no schedule: attach {schedule = "
                            "#tile.transpose_schedule<...>}";
  MemRefType src = getSrc().getType(), dst = getDst().getType();
  if (failed(verifyMovedMatrices(*this, src, dst)))
    return failure();
  ArrayRef<int64_t> s = src.getShape(), d = dst.getShape();
  // Batched: dimension 0 counts the entries on both sides; the last two
  // are each entry's rows and columns.
  int64_t first = src.getRank() - 2;
  auto agree = [](int64_t lhs, int64_t rhs) {
    return ShapedType::isDynamic(lhs) || ShapedType::isDynamic(rhs) ||
           lhs == rhs;
  };
  if (first == 1 && !agree(s[0], d[0]))
    return emitOpError() << "src and dst must have the same batch count, got "
                         << s[0] << " and " << d[0];
  for (int64_t dim = first; dim < first + 2; ++dim) {
    int64_t other = 2 * first + 1 - dim;
    if (!agree(s[dim], d[other]))
      return emitOpError() << "dst must have the transposed shape of src: "
                           << "src dimension " << dim << " is " << s[dim]
                           << ", dst dimension " << other << " is "
                           << d[other];
  }
  return verifyTransposeSchedule(*this, schedule, src.getElementType());
}
