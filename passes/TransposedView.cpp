//===- TransposedView.cpp - a matrix viewed as its transpose --------------===//

#include "passes/TransposedView.h"

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
