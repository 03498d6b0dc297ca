//===- GroupEpilogueOperands.cpp - a grouped tile's epilogue operands -----===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A grouped GEMM's fused epilogue applies per group
// (docs/design/grouped-gemm.md): a tile of group g reads row g of a
// per-group bias (G × N, or a masked G × M_max row bias) and C and the
// residual only in the rows of C the tile may write, those of its group.
// FusedEpilogue::atGroup makes those views once per tile; apply() and its
// loads then index them as they index a GEMM's own operands.
//
//===----------------------------------------------------------------------===//

#include "passes/epilogue/FusedEpilogue.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "passes/common/BatchEntryView.h"

using namespace mlir;
using namespace gemm_opt;

namespace {

/// Row `group` of the G × entries `bias`, a vector with unit stride (what
/// a GEMM's own bias is).
Value viewGroupBias(OpBuilder &b, Location loc, Value bias, Value group) {
  auto type = cast<MemRefType>(bias.getType());
  Value entries = memref::DimOp::create(b, loc, bias, 1);
  SmallVector<OpFoldResult> offsets{group, b.getIndexAttr(0)};
  SmallVector<OpFoldResult> sizes{b.getIndexAttr(1), entries};
  SmallVector<OpFoldResult> strides{b.getIndexAttr(1), b.getIndexAttr(1)};
  auto rowType = MemRefType::get(
      {ShapedType::kDynamic}, type.getElementType(),
      StridedLayoutAttr::get(b.getContext(), ShapedType::kDynamic, {1}),
      type.getMemorySpace());
  return memref::SubViewOp::create(b, loc, rowType, bias, offsets, sizes,
                                   strides);
}

/// The first `rows` rows of the matrix `matrix`.
Value viewFirstRows(OpBuilder &b, Location loc, Value matrix, Value rows) {
  SmallVector<OpFoldResult> offsets{b.getIndexAttr(0), b.getIndexAttr(0)};
  SmallVector<OpFoldResult> sizes{
      rows, memref::DimOp::create(b, loc, matrix, 1).getResult()};
  SmallVector<OpFoldResult> strides{b.getIndexAttr(1), b.getIndexAttr(1)};
  return memref::SubViewOp::create(b, loc, matrix, offsets, sizes, strides);
}

} // namespace

FusedEpilogue FusedEpilogue::atGroup(OpBuilder &b, Location loc, Value group,
                                     Value groupC) const {
  FusedEpilogue reading = *this;
  if (!hasFusedOperations())
    return reading;
  if (bias && cast<MemRefType>(bias.getType()).getRank() == 2)
    reading.bias = viewGroupBias(b, loc, bias, group);
  if (!groupC)
    return reading;
  reading.c = groupC;
  if (residual) {
    // A masked residual is G × M_max × N like C: the group's entry.
    Value matrix = residual;
    if (cast<MemRefType>(residual.getType()).getRank() == 3)
      matrix = viewBatchEntry(b, loc, residual, group);
    reading.residual =
        viewFirstRows(b, loc, matrix, memref::DimOp::create(b, loc, groupC, 0));
  }
  return reading;
}
