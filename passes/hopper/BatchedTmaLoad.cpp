//===- BatchedTmaLoad.cpp - TMA loads of one batch entry ------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "passes/hopper/BatchedTmaLoad.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace gemm_opt;

nvgpu::TensorMapDescriptorType gemm_opt::getBatchedTmaDescriptorType(
    nvgpu::TensorMapDescriptorType matrixType) {
  MemRefType box = matrixType.getTensor();
  SmallVector<int64_t, 3> shape{1};
  llvm::append_range(shape, box.getShape());
  return nvgpu::TensorMapDescriptorType::get(
      matrixType.getContext(),
      MemRefType::get(shape, box.getElementType(), nullptr,
                      box.getMemorySpace()),
      matrixType.getSwizzle(), matrixType.getL2promo(), matrixType.getOob(),
      matrixType.getInterleave());
}

BatchBroadcast BatchBroadcast::get(OpBuilder &b, Location loc, Value batchedA,
                                   Value batchedB) {
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  auto strideIsZero = [&](Value batched) -> Value {
    auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, batched);
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                 metadata.getStrides()[0], zero);
  };
  return {strideIsZero(batchedA), strideIsZero(batchedB)};
}

TmaBatchCoordinates BatchBroadcast::at(OpBuilder &builder, Location loc,
                                       Value batch) const {
  Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
  return {arith::SelectOp::create(builder, loc, a, zero, batch),
          arith::SelectOp::create(builder, loc, b, zero, batch)};
}

SmallVector<int64_t, 3> gemm_opt::getTmaBoxShape(int64_t rows, int64_t cols,
                                                 Value batch) {
  if (batch)
    return {1, rows, cols};
  return {rows, cols};
}

SmallVector<Value, 3> gemm_opt::getTmaCoordinates(Value inner, Value outer,
                                                  Value batch) {
  if (batch)
    return {inner, outer, batch};
  return {inner, outer};
}
