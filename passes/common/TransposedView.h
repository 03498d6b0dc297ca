//===- TransposedView.h - a matrix viewed as its transpose -------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The same memory with a matrix's two dimensions swapped (a batch of
// matrices keeps its batch dimension first): a memref.transpose, which
// turns a row-major view into a column-major one and back. Used where a
// column-major operand is described as stored (tensor maps), where the
// epilogue works on C's transpose, and where a staged copy is read in the
// other order.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_COMMON_TRANSPOSEDVIEW_H
#define GEMM_OPT_PASSES_COMMON_TRANSPOSEDVIEW_H

#include "mlir/IR/Builders.h"

namespace gemm_opt {

/// `matrix` (rank 2, or rank 3 with the batch first) with its rows and
/// columns exchanged.
mlir::Value createTransposedView(mlir::OpBuilder &builder, mlir::Location loc,
                                 mlir::Value matrix);

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_COMMON_TRANSPOSEDVIEW_H
