//===- TransposedOperandGroups.h - a column-major C's operands read ahead -===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A column-major C's fused epilogue takes each element of a thread's
// fragment pairs on its own, on C's transpose (TmaStoreEpilogue.h,
// FusedEpilogue::onTransposeOfC). Its C (alpha_beta, beta != 0) and
// residual elements are read for a chunk of the round's 8-column groups at
// once, so that their loads issue together: 8 groups are 32 elements of
// each per thread in a 64-row warpgroup part, a round of 64 f32 columns.
// Read group by group, their latency was not hidden: 8 groups made a
// bias + GELU + residual kernel 1.25x faster than 1 and a tf32 alpha/beta
// one 1.08-1.36x; none spills.
//
// The row-major counterpart, which reads pairs of C's elements, is
// passes/epilogue/EpilogueOperandChunks.h.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_EPILOGUE_TRANSPOSEDOPERANDGROUPS_H
#define GEMM_OPT_PASSES_EPILOGUE_TRANSPOSEDOPERANDGROUPS_H

#include "passes/epilogue/FusedEpilogue.h"
#include "passes/hopper/HopperKernelPlan.h"

namespace gemm_opt {

class TransposedOperandGroups {
public:
  /// The operand the staging part holds (none, C or the residual) where
  /// `inStaging` (an i1) holds, and the load of its element p of group g
  /// on fragment row r from there (a scalar of C's type); the callable must
  /// outlive the groups.
  struct StagedElements {
    StagedEpilogueOperand operand = StagedEpilogueOperand::none;
    mlir::Value inStaging;
    llvm::function_ref<mlir::Value(int64_t, int64_t, int64_t)> load;
  };

  /// The thread's elements are (rowsInC[r], columns[g] + p) for fragment
  /// row r, group g and p = 0, 1; `onTranspose` is the fused epilogue on
  /// C's transpose, whose runs are whole where `wholeOnTranspose` holds.
  TransposedOperandGroups(mlir::OpBuilder &b, mlir::Location loc,
                          const FusedEpilogue &onTranspose,
                          llvm::ArrayRef<mlir::Value> rowsInC,
                          llvm::ArrayRef<mlir::Value> columns,
                          mlir::Value wholeOnTranspose, mlir::Type elementC,
                          StagedElements staged);

  /// Makes group g's elements available, reading its chunk where g starts
  /// one; called for g = 0, 1, ... in order.
  void advanceTo(int64_t g);

  /// C's and the residual's elements (vector<1 x C's type>) of element p of
  /// group g's pair on fragment row r, after advanceTo(g); null where the
  /// epilogue does not read them.
  FusedEpilogue::Operands at(int64_t g, int64_t r, int64_t p) const;

private:
  /// The elements of `operand` for the `count` groups from `first`, in the
  /// order (group, fragment row, p): from global memory, or where the
  /// staging part holds the operand, from there.
  llvm::SmallVector<mlir::Value> read(StagedEpilogueOperand operand,
                                      int64_t first, int64_t count);
  /// Those elements read from global memory.
  llvm::SmallVector<mlir::Value> readGlobal(StagedEpilogueOperand operand,
                                            int64_t first, int64_t count);
  int64_t elementsPerGroup() const { return 2 * rowsInC.size(); }

  mlir::OpBuilder &b;
  mlir::Location loc;
  const FusedEpilogue &onTranspose;
  llvm::SmallVector<mlir::Value> rowsInC, columns;
  mlir::Value wholeOnTranspose;
  mlir::Type elementC;
  StagedElements staged;
  /// The chunk read last: its first group and its elements.
  int64_t first = 0;
  llvm::SmallVector<mlir::Value> c, residual;
};

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_EPILOGUE_TRANSPOSEDOPERANDGROUPS_H
