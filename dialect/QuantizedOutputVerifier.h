//===- QuantizedOutputVerifier.h - FP8 output, scale_d and amax -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_DIALECT_QUANTIZEDOUTPUTVERIFIER_H
#define GEMM_OPT_DIALECT_QUANTIZEDOUTPUTVERIFIER_H

#include "dialect/TileDialect.h"

namespace gemm_opt::tile {

/// Checks what an FP8 `gemm` does with its result: an 8-bit C is
/// f8E4M3FN, comes from 8-bit A and B, and has its output scale
/// (`scale_d`); `scale_d` appears only with an 8-bit C and `amax` only on an
/// FP8 GEMM; both go with a TMA store, no split_k or stream_k (the scale
/// and the maximum apply to the final sum), neither on a batched GEMM
/// (a grouped GEMM's groups share them), and an 8-bit C takes at most an
/// activation as its fused epilogue.
mlir::LogicalResult verifyQuantizedOutput(GemmOp gemm);

} // namespace gemm_opt::tile

#endif // GEMM_OPT_DIALECT_QUANTIZEDOUTPUTVERIFIER_H
