//===- WholeTileDispatch.cpp - the host's choice of a GEMM's kernel -------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "passes/common/WholeTileDispatch.h"

#include "passes/common/BatchEntryView.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace gemm_opt;
using namespace gemm_opt::tile;

namespace {

Value isMultipleOf(OpBuilder &b, Location loc, Value value, int64_t unit) {
  Value remainder = arith::RemUIOp::create(
      b, loc, value, arith::ConstantIndexOp::create(b, loc, unit));
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, remainder,
                               arith::ConstantIndexOp::create(b, loc, 0));
}

/// Whether `memref` starts at a 16-byte aligned address and every stride
/// that is not statically 1 (its leading dimension, its batch stride) is a
/// multiple of 16 bytes.
Value isAlignedMemref(OpBuilder &b, Location loc, Value memref) {
  auto type = cast<MemRefType>(memref.getType());
  int64_t bytes = type.getElementTypeBitWidth() / 8;
  Value bytesPerElement = arith::ConstantIndexOp::create(b, loc, bytes);
  auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, memref);
  Value pointer =
      memref::ExtractAlignedPointerAsIndexOp::create(b, loc, memref);
  Value address = arith::AddIOp::create(
      b, loc, pointer,
      arith::MulIOp::create(b, loc, metadata.getOffset(), bytesPerElement));
  Value aligned = isMultipleOf(b, loc, address, WholeTileAlignmentBytes);
  auto [staticStrides, staticOffset] = type.getStridesAndOffset();
  for (auto [stride, staticStride] :
       llvm::zip(metadata.getStrides(), staticStrides)) {
    if (staticStride == 1)
      continue;
    Value strideBytes = arith::MulIOp::create(b, loc, stride, bytesPerElement);
    aligned = arith::AndIOp::create(
        b, loc, aligned,
        isMultipleOf(b, loc, strideBytes, WholeTileAlignmentBytes));
  }
  return aligned;
}

} // namespace

Value gemm_opt::buildTakesWholeTiles(OpBuilder &b, Location loc, GemmOp gemm,
                                     ScheduleAttr wholeTiles) {
  Value m = getMatrixExtent(b, loc, gemm.getC(), 0);
  Value n = getMatrixExtent(b, loc, gemm.getC(), 1);
  Value k = getMatrixExtent(b, loc, gemm.getA(), 1);
  Value takes = isMultipleOf(b, loc, m, wholeTiles.getBlockM());
  for (auto [extent, tile] : {std::pair<Value, int64_t>{n, wholeTiles.getBlockN()},
                              {k, wholeTiles.getBlockK()}})
    takes = arith::AndIOp::create(b, loc, takes,
                                  isMultipleOf(b, loc, extent, tile));
  for (Value operand : {gemm.getA(), gemm.getB(), gemm.getC(), gemm.getBias(),
                        gemm.getResidual()})
    if (operand)
      takes = arith::AndIOp::create(b, loc, takes,
                                    isAlignedMemref(b, loc, operand));
  return takes;
}
