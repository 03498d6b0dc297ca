//===- TransposeTile.h - tile.transpose through shared memory ---*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_COPY_TRANSPOSETILE_H
#define GEMM_OPT_PASSES_COPY_TRANSPOSETILE_H

#include "mlir/IR/PatternMatch.h"

namespace gemm_opt {

/// The pattern of tile-transpose: a tile.transpose inside a gpu.func becomes
/// one thread block's load / barrier / store through a staging tile.
void populateTransposeTilePatterns(mlir::RewritePatternSet &patterns);

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_COPY_TRANSPOSETILE_H
