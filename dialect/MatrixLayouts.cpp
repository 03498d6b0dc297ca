//===- MatrixLayouts.cpp - row- and column-major operands of tile.gemm ----===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "dialect/MatrixLayouts.h"

#include "mlir/IR/BuiltinAttributes.h"

using namespace mlir;
using namespace gemm_opt::tile;

StringRef gemm_opt::tile::stringifyMatrixOrder(MatrixOrder order) {
  return order == MatrixOrder::row ? "row" : "col";
}

std::optional<MatrixOrder> gemm_opt::tile::parseMatrixOrder(StringRef name) {
  if (name == "row")
    return MatrixOrder::row;
  if (name == "col")
    return MatrixOrder::col;
  return std::nullopt;
}

std::optional<MatrixOrder> gemm_opt::tile::getMatrixOrder(MemRefType type) {
  if (type.getRank() != 2 && type.getRank() != 3)
    return std::nullopt;
  // The common case, without deriving the identity map's strides (an affine
  // simplification that was most of the verifier's time on candidates).
  if (type.getLayout().isIdentity())
    return MatrixOrder::row;
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)))
    return std::nullopt;
  // The matrix dimensions are the last two (a batch dimension comes first).
  ArrayRef<int64_t> matrix = ArrayRef<int64_t>(strides).take_back(2);
  if (matrix[1] == 1)
    return MatrixOrder::row;
  if (matrix[0] == 1)
    return MatrixOrder::col;
  return std::nullopt;
}

StridedLayoutAttr gemm_opt::tile::getDynamicMatrixLayout(MLIRContext *ctx,
                                                         MatrixOrder order,
                                                         bool batched) {
  SmallVector<int64_t, 3> strides{ShapedType::kDynamic, 1};
  if (order == MatrixOrder::col)
    std::swap(strides[0], strides[1]);
  if (batched)
    strides.insert(strides.begin(), ShapedType::kDynamic);
  return StridedLayoutAttr::get(ctx, ShapedType::kDynamic, strides);
}

std::string GemmLayouts::str() const {
  return ("a = " + stringifyMatrixOrder(a) + ", b = " +
          stringifyMatrixOrder(b) + ", c = " + stringifyMatrixOrder(c))
      .str();
}

GemmLayouts GemmLayouts::getTransposed() const {
  auto flip = [](MatrixOrder order) {
    return order == MatrixOrder::row ? MatrixOrder::col : MatrixOrder::row;
  };
  return GemmLayouts{flip(b), flip(a), flip(c)};
}

std::optional<GemmLayouts>
gemm_opt::tile::getGemmLayouts(MemRefType a, MemRefType b, MemRefType c,
                               StringRef *failing) {
  GemmLayouts layouts;
  for (auto [name, type, order] :
       {std::tuple<StringRef, MemRefType, MatrixOrder *>{"A", a, &layouts.a},
        {"B", b, &layouts.b},
        {"C", c, &layouts.c}}) {
    std::optional<MatrixOrder> found = getMatrixOrder(type);
    if (!found) {
      if (failing)
        *failing = name;
      return std::nullopt;
    }
    *order = *found;
  }
  return layouts;
}
