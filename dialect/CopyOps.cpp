//===- CopyOps.cpp - tile.copy and its schedule ---------------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// As for tile.transpose (TransposeOps.cpp): the attribute's verifier checks
// what needs nothing but the attribute, the op's verifier relates the
// schedule to the element type and the chip.
//
//===----------------------------------------------------------------------===//

#include "dialect/TileDialect.h"

#include "dialect/MatrixMoveVerifier.h"

using namespace mlir;
using namespace gemm_opt::tile;

LogicalResult
CopyScheduleAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                         StringRef chip, ArrayRef<int64_t> tile,
                         ArrayRef<int64_t> threads, int64_t vector) {
  if (failed(verifyMoveScheduleShape(emitError, "copy", tile, threads)))
    return failure();
  return verifyMoveVector(emitError, vector);
}

LogicalResult CopyOp::verify() {
  CopyScheduleAttr schedule = getScheduleAttr();
  if (!schedule)
    return emitOpError() << "has no schedule: attach {schedule = "
                            "#tile.copy_schedule<...>}";
  MemRefType src = getSrc().getType(), dst = getDst().getType();
  if (failed(verifyMovedMatrices(*this, src, dst)))
    return failure();
  for (auto [dim, extents] : llvm::enumerate(
           llvm::zip_equal(src.getShape(), dst.getShape()))) {
    auto [s, d] = extents;
    if (!ShapedType::isDynamic(s) && !ShapedType::isDynamic(d) && s != d)
      return emitOpError() << "dst must have the shape of src: dimension "
                           << dim << " is " << s << " in src and " << d
                           << " in dst";
  }
  int64_t rows = schedule.getTileRows(), cols = schedule.getTileCols();
  int64_t tx = schedule.getThreadsX(), ty = schedule.getThreadsY();
  int64_t vector = schedule.getVector();
  if (failed(verifyMoveThreads(*this, schedule.getChip(), tx, ty, vector,
                               src.getElementType())))
    return failure();
  // A step copies TY rows × TX·vector columns of the TR×TC tile.
  if (rows % ty != 0)
    return emitOpError() << "tile [" << rows << ", " << cols
                         << "] has rows not divisible by TY = " << ty;
  if (cols % (tx * vector) != 0)
    return emitOpError() << "tile [" << rows << ", " << cols
                         << "] has columns not divisible by TX·vector = " << tx
                         << "·" << vector << " = " << tx * vector;
  return success();
}
