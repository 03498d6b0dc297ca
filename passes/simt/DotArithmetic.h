//===- DotArithmetic.h - the arithmetic the dot kernels build ---*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The index and f32 helpers that both dot kernel builders (DotKernel.h,
// along K; DotAlongNKernel.h, along N) build their loops and addresses
// with, at one builder and location.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_SIMT_DOTARITHMETIC_H
#define GEMM_OPT_PASSES_SIMT_DOTARITHMETIC_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"

namespace gemm_opt {

class DotArithmetic {
protected:
  DotArithmetic(mlir::OpBuilder &b, mlir::Location loc) : b(b), loc(loc) {}

  mlir::Value index(int64_t v) {
    return mlir::arith::ConstantIndexOp::create(b, loc, v);
  }
  mlir::Value add(mlir::Value x, mlir::Value y) {
    return mlir::arith::AddIOp::create(b, loc, x, y);
  }
  mlir::Value mul(mlir::Value x, mlir::Value y) {
    return mlir::arith::MulIOp::create(b, loc, x, y);
  }
  /// An f32 zero.
  mlir::Value zero() {
    return mlir::arith::ConstantOp::create(b, loc, b.getF32FloatAttr(0.0f));
  }
  /// min(i, extent - 1): the last row or column for indices past it.
  mlir::Value clamp(mlir::Value i, mlir::Value extent) {
    return mlir::arith::MinUIOp::create(
        b, loc, i, mlir::arith::SubIOp::create(b, loc, extent, index(1)));
  }
  /// lower + ⌊(upper - lower) / step⌋ · step: the end of the whole steps.
  mlir::Value wholeSteps(mlir::Value lower, mlir::Value upper, int64_t step) {
    mlir::Value span = mlir::arith::SubIOp::create(b, loc, upper, lower);
    return add(lower,
               mul(mlir::arith::DivUIOp::create(b, loc, span, index(step)),
                   index(step)));
  }

  mlir::OpBuilder &b;
  mlir::Location loc;
};

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_SIMT_DOTARITHMETIC_H
