//===- FusedEpilogue.h - element-wise math of a fused epilogue --*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The one place where a schedule's fused epilogue becomes IR. Each store
// path (wgmma's staging copies and TMA-store staging, mma.sync's fragment
// stores, the SIMT kernels' register runs and element copies) hands over,
// per store, a vector of f32 accumulators of consecutive columns of one
// row of C, and gets back the values to convert and store:
//
//   D = activation(alpha·acc + beta·C + bias) + residual
//
// The operands come from the kernel's arguments, which tile-outline-kernel
// appends after A, B, C and the tensor maps in this order: alpha (f32),
// beta (f32), bias (1-D memref; a grouped GEMM's per-group bias 2-D, one
// row per group), residual (2-D strided memref, or 3-D like a batched C),
// each only when the schedule's epilogue asks for it.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_EPILOGUE_FUSEDEPILOGUE_H
#define GEMM_OPT_PASSES_EPILOGUE_FUSEDEPILOGUE_H

#include "dialect/TileDialect.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"

namespace gemm_opt {

class FusedEpilogue {
public:
  /// No fused operations: apply() returns its input.
  FusedEpilogue() = default;

  /// The fused epilogue `kernel` records (tile-outline-kernel copies the
  /// GEMM's #tile.epilogue onto it) and the kernel arguments that carry its
  /// operands (C is argument 2; `schedule` says which TMA arguments come
  /// first). None outside a kernel. Fails, with an error at `user`, when
  /// the kernel lacks those arguments.
  static mlir::FailureOr<FusedEpilogue> forKernel(mlir::gpu::GPUFuncOp kernel,
                                                  tile::ScheduleAttr schedule,
                                                  mlir::Operation *user);

  /// Whether any operation is fused (otherwise apply() is the identity).
  bool hasFusedOperations() const {
    return epilogue && epilogue.hasFusedOperations();
  }

  /// Operands of apply() that the caller read already, in their element
  /// types (apply() extends them to f32); null: apply() reads them.
  struct Operands {
    /// The bias: a column bias's run from loadColumnBias(), a row bias's
    /// entry from loadRowBias().
    mlir::Value bias;
    /// C's run from loadC() (zeros where beta is 0).
    mlir::Value c;
    /// The residual's run from loadResidual().
    mlir::Value residual;
  };

  /// `accumulators` (vector<N x f32>) are C(row, col), ..., C(row, col+N-1)
  /// of the whole matrix; returns the f32 values to store there. `whole`
  /// (i1, from holdsWholeRuns() for the caller's region) chooses how C, the
  /// bias and the residual are read: N-element vector loads aligned like the
  /// caller's store (`alignment` bytes of C's element type), or element by
  /// element at the nearest index inside C (a ragged edge tile's values
  /// outside C are computed but never stored). Operands the caller read
  /// already (for many runs at once, so that their loads issue together)
  /// are passed in `loaded`.
  mlir::Value apply(mlir::OpBuilder &b, mlir::Location loc,
                    mlir::Value accumulators, mlir::Value row, mlir::Value col,
                    uint64_t alignment, mlir::Value whole,
                    const Operands &loaded = {}) const;

  /// One f32 accumulator, C(row, col), with the operands read element by
  /// element (apply() on one lane), converted to `outType`: what an
  /// element-by-element copy of C stores (passes/epilogue/CoalescedElementCopy.h).
  mlir::Value applyToElement(mlir::OpBuilder &b, mlir::Location loc,
                             mlir::Value accumulator, mlir::Value row,
                             mlir::Value col, mlir::Type outType) const;

  /// applyToElement() for several accumulators, accumulators[i] being
  /// C(rows[i], cols[i]): the operands of all of them are read first
  /// (loadOperands(), element by element), so that their loads issue
  /// together, then each is applied and converted to `outType`.
  llvm::SmallVector<mlir::Value>
  applyToElements(mlir::OpBuilder &b, mlir::Location loc,
                  llvm::ArrayRef<mlir::Value> accumulators,
                  llvm::ArrayRef<mlir::Value> rows,
                  llvm::ArrayRef<mlir::Value> cols, mlir::Type outType) const;

  /// For each r, C's `lanes` elements from (rows[r], cols[r]) as apply()
  /// reads them, in C's element type, all behind one branch on beta (zeros
  /// where beta is 0: C is not read) and one on `whole`; null values
  /// without alpha_beta.
  llvm::SmallVector<mlir::Value> loadC(mlir::OpBuilder &b, mlir::Location loc,
                                       llvm::ArrayRef<mlir::Value> rows,
                                       llvm::ArrayRef<mlir::Value> cols,
                                       int64_t lanes, uint64_t alignment,
                                       mlir::Value whole) const;

  /// The same for the residual (null values without one).
  llvm::SmallVector<mlir::Value>
  loadResidual(mlir::OpBuilder &b, mlir::Location loc,
               llvm::ArrayRef<mlir::Value> rows,
               llvm::ArrayRef<mlir::Value> cols, int64_t lanes,
               uint64_t alignment, mlir::Value whole) const;

  /// For each of `cols`, the column bias's entries col, ..., col + lanes - 1
  /// in the bias's element type (read as apply() reads them, all behind one
  /// branch so that the loads issue together), for a caller that applies
  /// them to several rows or loads them early, before its main loop, so
  /// that their latency hides behind it; null values without a column bias.
  llvm::SmallVector<mlir::Value>
  loadColumnBias(mlir::OpBuilder &b, mlir::Location loc,
                 llvm::ArrayRef<mlir::Value> cols, int64_t lanes,
                 uint64_t alignment, mlir::Value whole) const;

  /// For each r, every operand apply() reads for its run of `lanes`
  /// elements from (rows[r], cols[r]), read as apply() reads them (loadC(),
  /// loadResidual(), loadColumnBias() or loadRowBias()), each operand's
  /// loads behind one set of branches so that they issue together. A caller
  /// that stores several runs reads them all first, then applies.
  llvm::SmallVector<Operands> loadOperands(mlir::OpBuilder &b,
                                           mlir::Location loc,
                                           llvm::ArrayRef<mlir::Value> rows,
                                           llvm::ArrayRef<mlir::Value> cols,
                                           int64_t lanes, uint64_t alignment,
                                           mlir::Value whole) const;

  /// The bytes loadOperands() reads per run of `lanes` elements: C's and
  /// the residual's runs, a column bias's run or a row bias's entry; what a
  /// caller that reads many runs ahead holds in registers per run.
  int64_t getOperandBytesPerRun(int64_t lanes) const;

  /// For each of `rows` (inside C or not), the row bias's entry there in
  /// the bias's element type (clamped to its last entry, as apply() reads
  /// it), for a caller that loads them early; null values without a row
  /// bias.
  llvm::SmallVector<mlir::Value> loadRowBias(mlir::OpBuilder &b,
                                             mlir::Location loc,
                                             llvm::ArrayRef<mlir::Value> rows) const;

  /// Whether rows [row, row + rows) and columns [col, col + cols) lie
  /// inside C and the fused operands take apply()'s vector reads there
  /// (C's and the residual's rows and the bias's base 16-byte aligned):
  /// an i1, true without fused operations.
  mlir::Value holdsWholeRuns(mlir::OpBuilder &b, mlir::Location loc,
                             mlir::Value row, mlir::Value col, int64_t rows,
                             int64_t cols) const;

  /// Only the scaling of `accumulators` (vector<N x f32>): alpha·acc with
  /// alpha_beta, else acc. A part of a tile added onto C that already holds
  /// apply() of the tile's other part (which brought beta·C, bias and
  /// residual) contributes this; the sum is the tile's apply() when the
  /// epilogue is affine in acc (isAffine()).
  mlir::Value scale(mlir::OpBuilder &b, mlir::Location loc,
                    mlir::Value accumulators) const;

  /// The same epilogue reading C through `matrixC`, the 2-D matrix the
  /// caller stores: the kernel's C, or one batch entry's view of a batched
  /// C (viewBatchEntry, passes/common/BatchEntryView.h), in which case a batched
  /// residual is read at the same entry (the bias is shared by every
  /// entry).
  FusedEpilogue readingC(mlir::OpBuilder &b, mlir::Location loc,
                         mlir::Value matrixC) const;

  /// The same epilogue for a tile of group `group` (index) of a grouped
  /// GEMM (passes/epilogue/GroupEpilogueOperands.cpp): C read through
  /// `groupC`, the matrix the tile is stored into, which ends at the
  /// group's last row (a masked C's group entry, a contiguous C up to the
  /// group's end); a per-group bias (rank 2) read in its row `group`; the
  /// residual read through the same rows as C (a masked residual at the
  /// group's entry), so that no row past the group's end is read. A null
  /// `groupC` views the bias alone (for loads before the tile's main loop).
  FusedEpilogue atGroup(mlir::OpBuilder &b, mlir::Location loc,
                        mlir::Value group, mlir::Value groupC) const;

  /// The same epilogue seen on C's transpose, for an epilogue that walks a
  /// column-major C down its columns: C and the residual are transposed
  /// (row-major views of the same memory) and a row bias acts as a column
  /// bias and back, so apply() takes runs down one of C's columns at
  /// (C's column, C's row).
  FusedEpilogue onTransposeOfC(mlir::OpBuilder &b, mlir::Location loc) const;

  /// Whether the epilogue adds a bias per column (loadColumnBias()).
  bool hasColumnBias() const {
    return epilogue && getBias() == tile::EpilogueBias::column;
  }
  /// beta != 0 (i1): C is read (alpha_beta only).
  mlir::Value betaIsNotZero(mlir::OpBuilder &b, mlir::Location loc) const;

  /// Whether the epilogue reads C (alpha_beta: loadC()).
  bool readsC() const { return epilogue && epilogue.getAlphaBeta(); }
  /// Whether the epilogue adds a residual (loadResidual()).
  bool hasResidual() const { return epilogue && epilogue.getResidual(); }
  /// Whether the epilogue adds a bias per row (loadRowBias()).
  bool hasRowBias() const {
    return epilogue && getBias() == tile::EpilogueBias::row;
  }

  /// Whether apply() is affine in the accumulators (no activation).
  bool isAffine() const {
    return !epilogue ||
           epilogue.getActivation() == tile::EpilogueActivation::none;
  }

private:
  /// The bias as apply()'s runs see it (swapped on C's transpose).
  tile::EpilogueBias getBias() const;

  tile::EpilogueAttr epilogue;
  mlir::Value c, alpha, beta, bias, residual;
  /// c and residual are the transposes of the kernel's (onTransposeOfC).
  bool onTranspose = false;
};

/// Kernel argument types of the operands of the fused `epilogue`, in
/// order (alpha, beta, bias, residual as present), for C of type `cType`:
/// vectors and a matrix of its element type, the residual in C's major
/// order (the runtime passes it with C's layout and leading dimension).
/// With `perGroupBias` (a grouped GEMM's, tile::isPerGroupBias) the bias is
/// a G × entries matrix, one row per group.
llvm::SmallVector<mlir::Type>
getFusedEpilogueArgumentTypes(tile::EpilogueAttr epilogue,
                              mlir::MemRefType cType,
                              bool perGroupBias = false);

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_EPILOGUE_FUSEDEPILOGUE_H
