//===- OperandScales.h - an 8-bit GEMM kernel's scale arguments -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// An FP8 GEMM's kernel (tile-outline-kernel) takes its f32 scales of A and
// B (#tile.scaling) as two memref arguments after the fused epilogue's
// operands and before a split-K workspace: a scalar as memref<f32>, a vector
// with unit stride, a matrix of block scales with both strides dynamic (so
// either order serves). The kernel records its #tile.scaling. An 8-bit C's
// output scale (scale_d) and the amax of D follow the scales as memref<f32>
// each, where the GEMM has them (the kernel records amax as tile.amax; an
// 8-bit C always has scale_d).
//
// In a batched kernel a scale operand may hold each batch entry's scales
// (a leading batch dimension with a dynamic stride, recorded as the
// kernel's tile.per_entry_scales): atBatchEntry views one entry's, so
// that the consumers read scales of the mode's rank either way.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_COMMON_OPERANDSCALES_H
#define GEMM_OPT_PASSES_COMMON_OPERANDSCALES_H

#include "dialect/TileDialect.h"
#include "passes/common/KernelAttributes.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace gemm_opt {

/// The kernel-argument types of `scaling`'s scale_a and scale_b (none
/// where `scaling` is null), with a leading batch dimension where
/// `perEntry` says so.
llvm::SmallVector<mlir::Type, 2>
getScaleArgumentTypes(mlir::MLIRContext *context, tile::ScalingAttr scaling,
                      PerEntryScales perEntry = {});

/// The kernel-argument types of an 8-bit C's scale_d and of amax, each
/// memref<f32>, where present.
llvm::SmallVector<mlir::Type, 2>
getOutputScaleArgumentTypes(mlir::MLIRContext *context, bool scaleD, bool amax);

/// The scales an 8-bit GEMM kernel takes, or none.
struct OperandScales {
  tile::ScalingAttr scaling;
  mlir::Value a, b;
  /// Which of `a` and `b` hold every batch entry's scales.
  PerEntryScales perEntry;
  /// An 8-bit C's output scale and the amax of D (memref<f32>), or null.
  mlir::Value d, amax;

  explicit operator bool() const { return static_cast<bool>(scaling); }

  /// The scales of batch entry `batch`: per-entry operands viewed at the
  /// entry (a rank-reducing memref.subview), shared ones as they are.
  OperandScales atBatchEntry(mlir::OpBuilder &b, mlir::Location loc,
                             mlir::Value batch) const;

  /// The scale arguments of `kernel`: empty where it records no scaling;
  /// an error on `user` where its arguments do not hold them.
  static mlir::FailureOr<OperandScales> forKernel(mlir::gpu::GPUFuncOp kernel,
                                                  tile::ScheduleAttr schedule,
                                                  mlir::Operation *user);
};

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_COMMON_OPERANDSCALES_H
