//===- QuantizedOutput.cpp - f32 results to C's type, scale_d, amax -------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "passes/epilogue/QuantizedOutput.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace gemm_opt;

static Value i32Constant(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIntOp::create(b, loc, b.getI32Type(), v);
}

void QuantizedOutput::trackMaximum(OpBuilder &b, Location loc, Value values,
                                   Value stored) {
  auto type = cast<VectorType>(values.getType());
  Value bits = arith::BitcastOp::create(
      b, loc, VectorType::get(type.getShape(), b.getI32Type()), values);
  auto splat = [&](int32_t value) -> Value {
    return arith::ConstantOp::create(
        b, loc,
        DenseElementsAttr::get(cast<ShapedType>(bits.getType()),
                               b.getI32IntegerAttr(value).getValue()));
  };
  // |D|: the sign bit cleared; 0 (joins no maximum) where not stored.
  Value magnitude = arith::AndIOp::create(b, loc, bits, splat(0x7fffffff));
  if (stored)
    magnitude = arith::SelectOp::create(b, loc, stored, magnitude, splat(0));
  for (int64_t i = 0; i < type.getNumElements(); ++i) {
    Value element = vector::ExtractOp::create(b, loc, magnitude, i);
    maximumBits = maximumBits
                      ? arith::MaxUIOp::create(b, loc, maximumBits, element)
                      : element;
  }
}

Value QuantizedOutput::convert(OpBuilder &b, Location loc, Value values,
                               Value stored) {
  auto type = cast<VectorType>(values.getType());
  if (tracksAmax)
    trackMaximum(b, loc, values, stored);
  if (!scaleD) {
    if (elementC.isF32())
      return values;
    return arith::TruncFOp::create(
        b, loc, VectorType::get(type.getShape(), elementC), values);
  }
  // e4m3 pairs: cvt.rn.satfinite.e4m3x2.f32 d, hi, lo puts `hi` in the
  // upper byte, so element 2p + 1 goes first.
  int64_t count = type.getNumElements();
  auto pairType = VectorType::get({2}, elementC);
  auto bytePair = VectorType::get({2}, b.getI8Type());
  Value result = arith::ConstantOp::create(
      b, loc, VectorType::get({count}, elementC),
      DenseElementsAttr::get(VectorType::get({count}, elementC),
                             FloatAttr::get(elementC, 0.0)));
  for (int64_t p = 0; 2 * p < count; ++p) {
    auto scaled = [&](int64_t i) -> Value {
      return arith::MulFOp::create(
          b, loc, vector::ExtractOp::create(b, loc, values, i), scaleD);
    };
    Value low = scaled(2 * p);
    Value high = scaled(2 * p + 1);
    Value bytes = NVVM::ConvertF32x2ToF8x2Op::create(
        b, loc, bytePair, high, low, NVVM::FPRoundingMode::RN,
        NVVM::SaturationMode::SATFINITE, /*relu=*/false, elementC);
    Value pair = arith::BitcastOp::create(b, loc, pairType, bytes);
    if (count == 2)
      return pair;
    result = vector::InsertStridedSliceOp::create(
        b, loc, pair, result, ArrayRef<int64_t>{2 * p}, ArrayRef<int64_t>{1});
  }
  return result;
}

void QuantizedOutput::publishAmax(OpBuilder &b, Location loc, Value amax) {
  if (!tracksAmax || !amax)
    return;
  MLIRContext *ctx = b.getContext();
  Value mine = maximumBits ? maximumBits : i32Constant(b, loc, 0);
  Value warpMaximum =
      NVVM::ReduxOp::create(b, loc, b.getI32Type(), mine, NVVM::ReduxKind::UMAX,
                            i32Constant(b, loc, -1));
  Value lane = arith::RemUIOp::create(
      b, loc, gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x),
      arith::ConstantIndexOp::create(b, loc, 32));
  Value first =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lane,
                            arith::ConstantIndexOp::create(b, loc, 0));
  // A warp whose elements are all 0 has nothing to add.
  Value nonZero = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                        warpMaximum, i32Constant(b, loc, 0));
  auto ifFirst =
      scf::IfOp::create(b, loc, arith::AndIOp::create(b, loc, first, nonZero));
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifFirst.thenBlock());
  // The f32's address as a global pointer: red.global.max.u32 on its bits.
  Value base = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, amax);
  auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, amax);
  Value address = arith::AddIOp::create(
      b, loc, base,
      arith::MulIOp::create(b, loc, metadata.getOffset(),
                            arith::ConstantIndexOp::create(b, loc, 4)));
  Value integer = arith::IndexCastUIOp::create(b, loc, b.getI64Type(), address);
  Value generic = LLVM::IntToPtrOp::create(
      b, loc, LLVM::LLVMPointerType::get(ctx), integer);
  Value global = LLVM::AddrSpaceCastOp::create(
      b, loc, LLVM::LLVMPointerType::get(ctx, /*addressSpace=*/1), generic);
  LLVM::AtomicRMWOp::create(b, loc, LLVM::AtomicBinOp::umax, global,
                            warpMaximum, LLVM::AtomicOrdering::monotonic,
                            /*syncscope=*/"device");
}
