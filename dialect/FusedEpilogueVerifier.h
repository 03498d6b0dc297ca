//===- FusedEpilogueVerifier.h - fused epilogue vs. its operands -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_DIALECT_FUSEDEPILOGUEVERIFIER_H
#define GEMM_OPT_DIALECT_FUSEDEPILOGUEVERIFIER_H

#include "dialect/TileDialect.h"

namespace gemm_opt::tile {

/// Checks the fused operations of `gemm`'s #tile.epilogue (alpha/beta, bias,
/// activation, residual) against the store that must carry them and against
/// the op's epilogue operands: each operand present exactly when its field
/// is set, of C's element type, and of C's extents where those are static.
mlir::LogicalResult verifyFusedEpilogue(GemmOp gemm);

} // namespace gemm_opt::tile

#endif // GEMM_OPT_DIALECT_FUSEDEPILOGUEVERIFIER_H
