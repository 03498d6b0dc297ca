//===- BatchEntryView.cpp - one matrix of a batched operand ---------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "passes/common/BatchEntryView.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace gemm_opt;

Value gemm_opt::viewBatchEntry(OpBuilder &b, Location loc, Value batched,
                               Value batch) {
  auto type = cast<MemRefType>(batched.getType());
  SmallVector<OpFoldResult> offsets{batch, b.getIndexAttr(0),
                                    b.getIndexAttr(0)};
  SmallVector<OpFoldResult> sizes{b.getIndexAttr(1)};
  for (unsigned dim = 1; dim < 3; ++dim) {
    if (type.isDynamicDim(dim))
      sizes.push_back(memref::DimOp::create(b, loc, batched, dim).getResult());
    else
      sizes.push_back(b.getIndexAttr(type.getDimSize(dim)));
  }
  SmallVector<OpFoldResult> strides(3, b.getIndexAttr(1));
  // Dropping the unit batch dimension leaves the matrix: its rows and
  // columns keep their strides, the batch offset joins the offset.
  auto viewType = memref::SubViewOp::inferRankReducedResultType(
      {type.getDimSize(1), type.getDimSize(2)}, type, offsets, sizes, strides);
  return memref::SubViewOp::create(b, loc, cast<MemRefType>(viewType), batched,
                                   offsets, sizes, strides);
}

std::optional<BatchEntry> gemm_opt::matchBatchEntryView(Value matrix) {
  auto view = matrix.getDefiningOp<memref::SubViewOp>();
  if (!view || view.getSourceType().getRank() != 3 ||
      view.getType().getRank() != 2)
    return std::nullopt;
  SmallVector<OpFoldResult> offsets = view.getMixedOffsets();
  std::optional<int64_t> row = getConstantIntValue(offsets[1]);
  std::optional<int64_t> col = getConstantIntValue(offsets[2]);
  if (!row || !col || *row != 0 || *col != 0 ||
      getConstantIntValue(view.getMixedSizes()[0]) != 1)
    return std::nullopt;
  return BatchEntry{view.getSource(), offsets[0]};
}

Value gemm_opt::getMatrixExtent(OpBuilder &b, Location loc, Value matrix,
                                unsigned dim) {
  int64_t rank = cast<MemRefType>(matrix.getType()).getRank();
  return memref::DimOp::create(b, loc, matrix, rank - 2 + dim);
}
