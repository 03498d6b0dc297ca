//===- TransposedView.cpp - a matrix viewed as its transpose --------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "passes/common/TransposedView.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;

Value gemm_opt::createTransposedView(OpBuilder &builder, Location loc,
                                     Value matrix) {
  bool batched = cast<MemRefType>(matrix.getType()).getRank() == 3;
  return memref::TransposeOp::create(
      builder, loc, matrix,
      AffineMapAttr::get(AffineMap::getPermutationMap(
          batched ? ArrayRef<unsigned>{0, 2, 1} : ArrayRef<unsigned>{1, 0},
          builder.getContext())));
}
