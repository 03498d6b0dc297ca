//===- FoldToConstants.h - fold IR built on constants -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The passes' unit tests build a lowering's IR on constant inputs and fold
// it on the host to check what it computes.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_UNITTESTS_FOLDTOCONSTANTS_H
#define GEMM_OPT_PASSES_UNITTESTS_FOLDTOCONSTANTS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include "gtest/gtest.h"

#include <vector>

namespace gemm_opt {

/// Returns `values` (built into `func`'s body) from `func`, folds the body
/// and reads them as integers (a failed expectation where one does not
/// fold to a constant).
inline std::vector<int64_t>
foldToConstants(mlir::func::FuncOp func, llvm::ArrayRef<mlir::Value> values) {
  mlir::OpBuilder b(func.getBody());
  b.setInsertionPointToEnd(&func.getBody().front());
  auto ret = mlir::func::ReturnOp::create(b, func.getLoc(), values);
  func.setFunctionType(
      b.getFunctionType({}, mlir::TypeRange(mlir::ValueRange(values))));
  mlir::RewritePatternSet none(func.getContext());
  (void)mlir::applyPatternsGreedily(func, std::move(none));
  std::vector<int64_t> out;
  for (mlir::Value v : ret.getOperands()) {
    llvm::APInt value;
    EXPECT_TRUE(mlir::matchPattern(v, mlir::m_ConstantInt(&value)));
    out.push_back(value.getZExtValue());
  }
  return out;
}

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_UNITTESTS_FOLDTOCONSTANTS_H
