//===- AccumulatorFragments.cpp - a wgmma accumulator's registers ---------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "passes/hopper/AccumulatorFragments.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"

using namespace mlir;
using namespace gemm_opt;

/// The struct convert-nvgpu-to-nvvm makes of a WM×WN f32 accumulator.
static LLVM::LLVMStructType getFragmentStruct(MLIRContext *ctx, int64_t warpM,
                                              int64_t warpN) {
  Type f32 = Float32Type::get(ctx);
  auto slice =
      LLVM::LLVMStructType::getLiteral(ctx, SmallVector<Type>(warpN / 2, f32));
  return LLVM::LLVMStructType::getLiteral(
      ctx, SmallVector<Type>(warpM / 64, slice));
}

SmallVector<Value> gemm_opt::extractFragments(OpBuilder &b, Location loc,
                                              Value acc, int64_t warpM,
                                              int64_t warpN) {
  auto type = getFragmentStruct(b.getContext(), warpM, warpN);
  Value fragments =
      UnrealizedConversionCastOp::create(b, loc, type, acc).getResult(0);
  SmallVector<Value> values;
  for (int64_t i = 0; i < warpM / 64; ++i)
    for (int64_t e = 0; e < warpN / 2; ++e)
      values.push_back(LLVM::ExtractValueOp::create(
          b, loc, fragments, ArrayRef<int64_t>{i, e}));
  return values;
}

SmallVector<Value> gemm_opt::getFragmentRows(OpBuilder &b, Location loc,
                                             Value thread, int64_t warpM,
                                             Value origin) {
  auto index = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  Value lane = arith::RemUIOp::create(b, loc, thread, index(32));
  Value warp = arith::DivUIOp::create(b, loc, thread, index(32));
  Value firstRow = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, warp, index(16)),
      arith::DivUIOp::create(b, loc, lane, index(4)));
  if (origin)
    firstRow = arith::AddIOp::create(b, loc, origin, firstRow);
  SmallVector<Value> rows;
  for (int64_t i = 0; i < warpM / 64; ++i)
    for (int64_t h = 0; h < 2; ++h)
      rows.push_back(
          arith::AddIOp::create(b, loc, firstRow, index(64 * i + 8 * h)));
  return rows;
}

Value gemm_opt::buildAccumulator(OpBuilder &b, Location loc, Type accType,
                                 ArrayRef<Value> fragments, int64_t warpM,
                                 int64_t warpN) {
  auto type = getFragmentStruct(b.getContext(), warpM, warpN);
  Value result = LLVM::PoisonOp::create(b, loc, type);
  int64_t perSlice = warpN / 2;
  for (auto [n, value] : llvm::enumerate(fragments))
    result = LLVM::InsertValueOp::create(
        b, loc, result, value,
        ArrayRef<int64_t>{static_cast<int64_t>(n) / perSlice,
                          static_cast<int64_t>(n) % perSlice});
  return UnrealizedConversionCastOp::create(b, loc, accType, result)
      .getResult(0);
}
