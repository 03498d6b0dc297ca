//===- KernelOpLowering.h - lowering an op that must sit in a kernel -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// tile-transpose and tile-copy each replace their op, inside a gpu.func that
// tile-outline-kernel made, by one thread block's work (built by a builder
// class of their own), and report any op left outside a kernel. This is
// that pattern and that check, once.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_COMMON_KERNELOPLOWERING_H
#define GEMM_OPT_PASSES_COMMON_KERNELOPLOWERING_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace gemm_opt {

/// Replaces an `OpT` inside a gpu.func by what `BuilderT(rewriter, op).build()`
/// emits in its place.
template <typename OpT, typename BuilderT>
struct LowerInKernel : public mlir::OpRewritePattern<OpT> {
  using mlir::OpRewritePattern<OpT>::OpRewritePattern;

  mlir::LogicalResult
  matchAndRewrite(OpT op, mlir::PatternRewriter &rewriter) const override {
    if (!op->template getParentOfType<mlir::gpu::GPUFuncOp>())
      return rewriter.notifyMatchFailure(op, "not inside a kernel");
    rewriter.setInsertionPoint(op);
    BuilderT(rewriter, op).build();
    rewriter.eraseOp(op);
    return mlir::success();
  }
};

/// Applies `patterns` to `root`, then fails with an error on every `OpT`
/// left (one outside a kernel: `passName` runs after tile-outline-kernel).
template <typename OpT>
mlir::LogicalResult lowerKernelOps(mlir::Operation *root,
                                   mlir::RewritePatternSet &&patterns,
                                   llvm::StringRef passName) {
  if (mlir::failed(mlir::applyPatternsGreedily(root, std::move(patterns))))
    return mlir::failure();
  bool left = false;
  root->walk([&](OpT op) {
    op.emitOpError() << "is not inside a kernel: run tile-outline-kernel "
                        "before "
                     << passName;
    left = true;
  });
  return mlir::failure(left);
}

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_COMMON_KERNELOPLOWERING_H
