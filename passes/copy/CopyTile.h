//===- CopyTile.h - tile.copy as one block's loads and stores ---*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_COPY_COPYTILE_H
#define GEMM_OPT_PASSES_COPY_COPYTILE_H

#include "mlir/IR/PatternMatch.h"

namespace gemm_opt {

/// The pattern of tile-copy: a tile.copy inside a gpu.func becomes one
/// thread block's loads and stores of its tile.
void populateCopyTilePatterns(mlir::RewritePatternSet &patterns);

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_COPY_COPYTILE_H
