//===- BatchedTmaLoad.h - TMA loads of one batch entry ----------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The tensor maps of a batched kernel's A and B are 3-D: the matrix as
// stored ([inner, outer], as for one matrix) and the batch entries, with the
// operand's batch stride, outermost. Boxes are one entry deep, so a load
// names its entry as a third coordinate and lands in a [1, rows, columns]
// view of the stage; TMA fills the part of a box past M, N or K with zeros
// from the map's bounds within the entry, never from the next entry. wgmma's
// matrix descriptors keep the 2-D box type (nvgpu derives their leading
// byte offset from its outer extent).
//
// An operand with batch stride 0 (one matrix for every entry) is mapped
// with one batch entry (runtime/TensorMapEncoding.h) and loaded from entry
// 0: the kernel reads that stride from the operand's memref.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_HOPPER_BATCHEDTMALOAD_H
#define GEMM_OPT_PASSES_HOPPER_BATCHEDTMALOAD_H

#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/IR/Builders.h"

namespace gemm_opt {

/// The 3-D tensor map type of a batched operand whose matrix boxes are
/// `matrixType`'s (box [1, outer, inner]).
mlir::nvgpu::TensorMapDescriptorType
getBatchedTmaDescriptorType(mlir::nvgpu::TensorMapDescriptorType matrixType);

/// The batch coordinate of each operand's loads for one tile (null: the
/// kernel is not batched and its maps are 2-D).
struct TmaBatchCoordinates {
  mlir::Value a, b;
};

/// Which of the batched operands `batchedA`, `batchedB` (3-D memrefs) have
/// batch stride 0 (i1 each): computed once per kernel.
struct BatchBroadcast {
  mlir::Value a, b;
  static BatchBroadcast get(mlir::OpBuilder &b, mlir::Location loc,
                            mlir::Value batchedA, mlir::Value batchedB);
  /// The coordinates of the loads of batch entry `batch`: `batch`, or 0
  /// for a broadcast operand.
  TmaBatchCoordinates at(mlir::OpBuilder &builder, mlir::Location loc,
                         mlir::Value batch) const;
};

/// The shared-memory destination shape of a TMA load of a `rows` × `cols`
/// box: [rows, cols], or [1, rows, cols] from a 3-D map (`batch` not null).
llvm::SmallVector<int64_t, 3> getTmaBoxShape(int64_t rows, int64_t cols,
                                             mlir::Value batch);

/// The coordinates of a TMA load at (inner, outer) (innermost first), with
/// the batch coordinate last when `batch` is not null.
llvm::SmallVector<mlir::Value, 3>
getTmaCoordinates(mlir::Value inner, mlir::Value outer, mlir::Value batch);

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_HOPPER_BATCHEDTMALOAD_H
