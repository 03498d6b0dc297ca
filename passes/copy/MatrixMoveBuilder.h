//===- MatrixMoveBuilder.h - index math of the transpose and copy kernels -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// tile-transpose and tile-copy lower their ops into one thread block's
// loads and stores of a tile of a global matrix, predicated at the
// matrix's edges and vectorized where the matrix allows. This is the
// arithmetic both need, as one builder state (rewriter and location).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_COPY_MATRIXMOVEBUILDER_H
#define GEMM_OPT_PASSES_COPY_MATRIXMOVEBUILDER_H

#include "dialect/MemoryQueries.h"
#include "passes/common/BatchEntryView.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

namespace gemm_opt {

class MatrixMoveBuilder {
public:
  MatrixMoveBuilder(mlir::PatternRewriter &b, mlir::Location loc)
      : b(b), loc(loc) {}

protected:
  mlir::Value index(int64_t v) {
    return mlir::arith::ConstantIndexOp::create(b, loc, v);
  }
  mlir::Value add(mlir::Value lhs, mlir::Value rhs) {
    return mlir::arith::AddIOp::create(b, loc, lhs, rhs);
  }
  mlir::Value add(mlir::Value lhs, int64_t rhs) {
    return rhs ? add(lhs, index(rhs)) : lhs;
  }
  mlir::Value mul(mlir::Value lhs, int64_t rhs) {
    return mlir::arith::MulIOp::create(b, loc, lhs, index(rhs));
  }
  mlir::Value less(mlir::Value lhs, mlir::Value rhs) {
    return mlir::arith::CmpIOp::create(b, loc, mlir::arith::CmpIPredicate::ult,
                                       lhs, rhs);
  }
  mlir::Value lessEqual(mlir::Value lhs, mlir::Value rhs) {
    return mlir::arith::CmpIOp::create(b, loc, mlir::arith::CmpIPredicate::ule,
                                       lhs, rhs);
  }
  mlir::Value both(mlir::Value lhs, mlir::Value rhs) {
    return mlir::arith::AndIOp::create(b, loc, lhs, rhs);
  }
  /// Whether `value` is a multiple of `factor` (a power of two).
  mlir::Value isMultiple(mlir::Value value, int64_t factor) {
    mlir::Value low =
        mlir::arith::AndIOp::create(b, loc, value, index(factor - 1));
    return mlir::arith::CmpIOp::create(b, loc, mlir::arith::CmpIPredicate::eq,
                                       low, index(0));
  }

  /// Whether `matrix` allows `vector`-wide accesses at every row start of a
  /// chunk: its aligned pointer, offset and leading dimension.
  mlir::Value isVectorAligned(mlir::Value matrix, int64_t vector) {
    auto type = llvm::cast<mlir::MemRefType>(matrix.getType());
    auto metadata =
        mlir::memref::ExtractStridedMetadataOp::create(b, loc, matrix);
    mlir::Value pointer =
        mlir::memref::ExtractAlignedPointerAsIndexOp::create(b, loc, matrix);
    mlir::Value aligned = isMultiple(
        pointer, vector * tile::getByteWidth(type.getElementType()));
    aligned = both(aligned, isMultiple(metadata.getOffset(), vector));
    return both(aligned, isMultiple(metadata.getStrides()[0], vector));
  }

  /// Thread tid's coordinates in a block of `threadsX`-wide rows of
  /// threads: (tid % threadsX, tid / threadsX).
  std::pair<mlir::Value, mlir::Value> getThreadCoordinates(int64_t threadsX) {
    mlir::Value tid =
        mlir::gpu::ThreadIdOp::create(b, loc, mlir::gpu::Dimension::x);
    return {mlir::arith::RemUIOp::create(b, loc, tid, index(threadsX)),
            mlir::arith::DivUIOp::create(b, loc, tid, index(threadsX))};
  }

  /// For a batch (rank-3 memrefs), replaces `src` and `dst` by the
  /// matrices of entry blockIdx.z (BatchEntryView.h).
  void viewBlockBatchEntry(mlir::Value &src, mlir::Value &dst) {
    if (llvm::cast<mlir::MemRefType>(src.getType()).getRank() != 3)
      return;
    mlir::Value batch =
        mlir::gpu::BlockIdOp::create(b, loc, mlir::gpu::Dimension::z);
    src = viewBatchEntry(b, loc, src, batch);
    dst = viewBatchEntry(b, loc, dst, batch);
  }

  void ifElse(mlir::Value condition, llvm::function_ref<void()> thenBody,
              llvm::function_ref<void()> elseBody) {
    auto ifOp = mlir::scf::IfOp::create(b, loc, condition,
                                        /*withElseRegion=*/true);
    mlir::OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    thenBody();
    b.setInsertionPointToStart(ifOp.elseBlock());
    elseBody();
  }

  void predicated(mlir::Value condition, llvm::function_ref<void()> body) {
    auto ifOp = mlir::scf::IfOp::create(b, loc, condition,
                                        /*withElseRegion=*/false);
    mlir::OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    body();
  }

  mlir::PatternRewriter &b;
  mlir::Location loc;
};

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_COPY_MATRIXMOVEBUILDER_H
