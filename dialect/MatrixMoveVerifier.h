//===- MatrixMoveVerifier.h - checks shared by tile.transpose and tile.copy -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// tile.transpose and tile.copy both move a row-major matrix (or a batch of
// them) between global memory buffers, with TX·TY threads per block moving
// `vector` elements each. Their verifiers share these checks, so the two
// ops word the same mistakes the same way; `kind` ("transpose", "copy")
// names the schedule in the attribute's messages.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_DIALECT_MATRIXMOVEVERIFIER_H
#define GEMM_OPT_DIALECT_MATRIXMOVEVERIFIER_H

#include "dialect/ChipInfo.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Operation.h"

namespace gemm_opt::tile {

/// The schedule attribute alone: `tile` is [TR, TC] and `threads` [TX, TY],
/// all positive, and `vector` is 1, 2, 4 or 8.
mlir::LogicalResult verifyMoveScheduleShape(
    llvm::function_ref<mlir::InFlightDiagnostic()> emitError,
    llvm::StringRef kind, llvm::ArrayRef<int64_t> tile,
    llvm::ArrayRef<int64_t> threads);
mlir::LogicalResult verifyMoveVector(
    llvm::function_ref<mlir::InFlightDiagnostic()> emitError, int64_t vector);

/// The op's src and dst: one element type, row-major, in global memory,
/// both matrices or both batches of matrices.
mlir::LogicalResult verifyMovedMatrices(mlir::Operation *op,
                                        mlir::MemRefType src,
                                        mlir::MemRefType dst);

/// The schedule's chip, its thread count (a multiple of 32, within the
/// chip's limit) and its vector (at most 16 bytes of `elementType`); the
/// chip on success.
mlir::FailureOr<ChipInfo> verifyMoveThreads(mlir::Operation *op,
                                            llvm::StringRef chip, int64_t tx,
                                            int64_t ty, int64_t vector,
                                            mlir::Type elementType);

} // namespace gemm_opt::tile

#endif // GEMM_OPT_DIALECT_MATRIXMOVEVERIFIER_H
