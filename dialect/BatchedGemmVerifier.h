//===- BatchedGemmVerifier.h - batched operands of tile.gemm ----*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A batched tile.gemm takes A, B and C as batches of matrices (3-D memrefs,
// batch × rows × columns; dialect/MatrixLayouts.h). What the verifier checks
// of them beyond the matrices themselves: all three operands batched or
// none, one batch count, and a schedule whose path runs batches (wgmma).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_DIALECT_BATCHEDGEMMVERIFIER_H
#define GEMM_OPT_DIALECT_BATCHEDGEMMVERIFIER_H

#include "dialect/TileDialect.h"

namespace gemm_opt::tile {

/// Checks the ranks and batch extents of `gemm`'s operands and, when they
/// are batched, that `schedule` can run them. Reports at `gemm`.
mlir::LogicalResult verifyBatchedOperands(GemmOp gemm, ScheduleAttr schedule);

} // namespace gemm_opt::tile

#endif // GEMM_OPT_DIALECT_BATCHEDGEMMVERIFIER_H
