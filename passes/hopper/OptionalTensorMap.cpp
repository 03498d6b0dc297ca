//===- OptionalTensorMap.cpp - a tensor map a launch may leave out --------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "passes/hopper/OptionalTensorMap.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace gemm_opt;

Value OptionalTensorMap::isPresent(OpBuilder &b, Location loc) const {
  Value there;
  if (present) {
    there = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::ne, present,
        arith::ConstantIntOp::create(b, loc, present.getType(), 0));
  } else {
    Value null = LLVM::ZeroOp::create(b, loc, pointer.getType());
    there =
        LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ne, pointer, null);
  }
  return tileFits ? arith::AndIOp::create(b, loc, there, tileFits) : there;
}
