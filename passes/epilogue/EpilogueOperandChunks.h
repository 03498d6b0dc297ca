//===- EpilogueOperandChunks.h - C and residual runs read ahead -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The runs of C (alpha_beta, beta != 0) and of a residual that a fused
// epilogue reads for one store round of a warpgroup's accumulator
// fragments (passes/hopper/TmaStoreEpilogue.h), read a chunk of 8-column groups at
// a time: all of a chunk's loads behind one branch (FusedEpilogue::loadC,
// loadResidual), the next chunk's issued before this one's math. Read per
// pair, behind a branch each, every load's latency was exposed (alpha_beta
// with beta = 1 ran at 0.79x cuBLAS at 8192x8192x4096).
//
// A chunk holds 16 registers of one operand, 8 where the operand may come
// from the staging part instead (loaded there by TMA during the main loop),
// or 4 of each of C and a residual: two chunks are live, and more made ptxas
// spill next to the accumulators.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_EPILOGUE_EPILOGUEOPERANDCHUNKS_H
#define GEMM_OPT_PASSES_EPILOGUE_EPILOGUEOPERANDCHUNKS_H

#include "passes/epilogue/FusedEpilogue.h"
#include "passes/hopper/HopperKernelPlan.h"

namespace gemm_opt {

class EpilogueOperandChunks {
public:
  /// The operand the staging part holds (none, C or the residual) where
  /// `inStaging` (an i1) holds, and the load of its pair for group g on
  /// fragment row r from there; the callable must outlive the chunks.
  struct StagedRuns {
    StagedEpilogueOperand operand = StagedEpilogueOperand::none;
    mlir::Value inStaging;
    llvm::function_ref<mlir::Value(int64_t, int64_t)> load;
  };

  /// The thread's pairs are group g (of `columns.size()`, first column in
  /// C `columns[g]`) on fragment row r (in C `rowsInC[r]`); `whole` as for
  /// FusedEpilogue::apply. The `staged` operand's pairs come from the
  /// staging part where it is there.
  EpilogueOperandChunks(mlir::OpBuilder &b, mlir::Location loc,
                        const FusedEpilogue &fused,
                        llvm::ArrayRef<mlir::Value> rowsInC,
                        llvm::ArrayRef<mlir::Value> columns, mlir::Value whole,
                        mlir::Type elementC, StagedRuns staged);

  /// Makes group g's runs available, loading chunks as needed; called for
  /// g = 0, 1, ... in order.
  void advanceTo(int64_t g);

  /// C's and the residual's runs (C's element type) for group g's pair on
  /// fragment row r, after advanceTo(g); null where the epilogue does not
  /// read them.
  mlir::Value c(int64_t g, int64_t r) const;
  mlir::Value residual(int64_t g, int64_t r) const;

private:
  struct Chunk {
    llvm::SmallVector<mlir::Value> c, residual;
  };
  /// The chunk whose first group is `first` (empty past the last group).
  Chunk load(int64_t first);
  /// Index of (g, r) in its chunk.
  int64_t inChunk(int64_t g, int64_t r) const;
  /// The runs of the chunk's groups [first, last) of `operand`:
  /// `loadGlobal()`'s, or where the staging part holds the operand, its.
  llvm::SmallVector<mlir::Value>
  loadRuns(StagedEpilogueOperand operand, int64_t first, int64_t last,
           llvm::function_ref<llvm::SmallVector<mlir::Value>()> loadGlobal);

  mlir::OpBuilder &b;
  mlir::Location loc;
  const FusedEpilogue &fused;
  llvm::SmallVector<mlir::Value> rowsInC, columns;
  mlir::Value whole;
  mlir::Type elementC;
  StagedRuns staged;
  bool reads;
  int64_t groupsPerChunk;
  Chunk current, next;
};

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_EPILOGUE_EPILOGUEOPERANDCHUNKS_H
