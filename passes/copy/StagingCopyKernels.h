//===- StagingCopyKernels.h - the copies that make operands TMA-readable -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// TMA reads a matrix only when its address and row pitch are multiples of
// 16 bytes. Where a TMA GEMM's A or B is not (an odd leading dimension
// such as 4095 bf16, a view at an odd offset), the runtime copies it into
// a buffer with a padded pitch before each launch and the tensor map reads
// the copy (runtime/OperandStaging.h). Whether a problem needs that is
// known only at run time, so tile-outline-kernel gives every TMA GEMM's
// GPU module a copy kernel for its operands' element type, made from a
// tile.copy (passes/copy/CopyTile.h); the host code launches nothing, the
// runtime launches it where an operand needs it (the bundle entry's
// "staged_copies").
//
// The kernel's attributes record what the bundle entry needs: its
// #tile.copy_schedule, its element type, whether it copies a batch (rank-3
// memrefs, entries along grid z), and the GEMM operands it serves.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_COPY_STAGINGCOPYKERNELS_H
#define GEMM_OPT_PASSES_COPY_STAGINGCOPYKERNELS_H

#include "dialect/TileDialect.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace gemm_opt {

/// Creates in `module` the staging copy kernels of `gemm` (a host tile.gemm
/// whose schedule reads A and B through TMA; nothing otherwise), named
/// after its kernel `gemmKernelName`, for its operands other than the
/// `transposedOperands` ("a", "b": those it reads from a K-major copy that
/// a staging transpose writes, tile-stage-transposed-operands, whose rows
/// are padded already).
void createStagingCopyKernels(
    mlir::OpBuilder &builder, mlir::gpu::GPUModuleOp module,
    llvm::StringRef gemmKernelName, tile::GemmOp gemm,
    llvm::ArrayRef<llvm::StringRef> transposedOperands);

/// The schedule of a staging copy kernel; null for other kernels.
tile::CopyScheduleAttr getKernelCopySchedule(mlir::Operation *kernel);
/// Its element type.
mlir::Type getKernelCopyElement(mlir::Operation *kernel);
/// Whether it copies a batch of matrices.
bool isKernelCopyBatched(mlir::Operation *kernel);
/// The GEMM operands it serves: "a", "b".
llvm::SmallVector<llvm::StringRef, 2>
getKernelStagedCopyOperands(mlir::Operation *kernel);

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_COPY_STAGINGCOPYKERNELS_H
