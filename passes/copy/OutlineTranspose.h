//===- OutlineTranspose.h - move tile.transpose into a GPU kernel -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The tile.transpose half of tile-outline-kernel: the kernel takes src and
// dst as strided memrefs (extents and leading dimensions travel in their
// descriptors) and the launch covers src with ceil(N/TC) × ceil(M/TR)
// blocks.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_COPY_OUTLINETRANSPOSE_H
#define GEMM_OPT_PASSES_COPY_OUTLINETRANSPOSE_H

#include "dialect/TileDialect.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace gemm_opt {

/// Creates kernel `name` for `transpose` in `module`, replaces `transpose`
/// by its launch and returns the kernel.
mlir::gpu::GPUFuncOp outlineTranspose(mlir::OpBuilder &builder,
                                      mlir::gpu::GPUModuleOp module,
                                      llvm::StringRef name,
                                      tile::TransposeOp transpose);

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_COPY_OUTLINETRANSPOSE_H
