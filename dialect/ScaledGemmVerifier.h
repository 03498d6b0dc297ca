//===- ScaledGemmVerifier.h - 8-bit inputs and their scales -----*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_DIALECT_SCALEDGEMMVERIFIER_H
#define GEMM_OPT_DIALECT_SCALEDGEMMVERIFIER_H

#include "dialect/TileDialect.h"

namespace gemm_opt::tile {

/// Whether `type` is an 8-bit float wgmma multiplies (f8E4M3FN, f8E5M2).
bool isEightBitFloat(mlir::Type type);

/// The rank of the scale operand of A (or B) for `scaling`'s mode.
int64_t getScaleRankA(ScalingAttr scaling);
int64_t getScaleRankB(ScalingAttr scaling);

/// Whether the scale operand of A (or B) of a batched `gemm` holds the
/// scales of each batch entry (its mode's rank + 1, the batch first) rather
/// than one set shared by every entry (its mode's rank). A contiguous
/// grouped GEMM's B is a batch too (one matrix per group), so its scales
/// may be per group; its A is one matrix.
bool hasPerEntryScaleA(GemmOp gemm);
bool hasPerEntryScaleB(GemmOp gemm);

/// Checks an FP8 `gemm` (A and B 8-bit floats) against its #tile.scaling,
/// its scale operands and its schedule: both inputs 8-bit, a scaling with
/// operands of the ranks its modes ask for (in a batched GEMM, optionally
/// one more: per batch entry), K-major A and B, a wgmma
/// schedule, and where partial sums are promoted block K = 128 and room for
/// the second accumulator. A GEMM on other inputs has no scaling and no
/// scale operands.
mlir::LogicalResult verifyScaledGemm(GemmOp gemm);

} // namespace gemm_opt::tile

#endif // GEMM_OPT_DIALECT_SCALEDGEMMVERIFIER_H
