//===- SharedLayoutIndex.h - logical to physical shared indices -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_COMMON_SHAREDLAYOUTINDEX_H
#define GEMM_OPT_PASSES_COMMON_SHAREDLAYOUTINDEX_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

namespace gemm_opt {

/// Elements a `stages×rows×cols` buffer occupies in `layout`
/// (#tile.swizzle or #tile.pad).
int64_t sharedBufferElements(mlir::Attribute layout, mlir::MemRefType logical);

/// Emits the flat element index of logical element [stage, row, col] of a
/// buffer of type `logical` stored in `layout`. `col` must be a multiple of
/// 16 bytes' worth of elements, as cp.async and ldmatrix addresses are.
mlir::Value emitSharedIndex(mlir::OpBuilder &builder, mlir::Location loc,
                            mlir::Attribute layout, mlir::MemRefType logical,
                            mlir::Value stage, mlir::Value row,
                            mlir::Value col);

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_COMMON_SHAREDLAYOUTINDEX_H
