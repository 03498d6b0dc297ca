//===- FusedChunkCopy.h - staging chunks to C through a fused epilogue -*- C++
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//-*-===//
//
// The loop both vector-store staging copies (StagingEpilogue::copyToGlobal
// for a row-major C, storeStagingByColumns for a column-major one) run over
// a thread's 16-byte chunks of C: each chunk's f32 values from the staging
// tile, the fused epilogue applied, converted to C's type and stored. The
// SIMT kernel's whole-tile epilogue runs it over the thread's 4-element
// accumulator runs, its "staging" being the registers (SimtKernel.h). The
// epilogue's operands (C, the residual, the bias) are read for several
// chunks at once, behind one set of branches, before the first chunk is
// applied: read chunk by chunk, each load's latency was paid before the
// next load was issued.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_EPILOGUE_FUSEDCHUNKCOPY_H
#define GEMM_OPT_PASSES_EPILOGUE_FUSEDCHUNKCOPY_H

#include "passes/epilogue/FusedEpilogue.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <utility>

namespace gemm_opt {

/// How many chunks of `lanes` elements copyChunksThroughEpilogue() reads
/// the operands of `fused` for at once: up to 8, as many as keep them
/// within 64 registers (a power of two; 1 without fused operations).
int64_t getChunksReadTogether(const FusedEpilogue &fused, int64_t lanes);

/// How many of `threads` copy `chunks` chunks of a staging tile, each the
/// same number: the largest count that divides both. A tile of fewer chunks
/// than threads, or of a count the threads do not divide (one warpgroup's
/// 64 rows of 16 columns is 128 chunks of 8 for the 256 threads of two),
/// leaves the others idle rather than past the tile's end.
int64_t getCopyingThreads(int64_t chunks, int64_t threads);

/// Opens `if (thread < copying)` where `copying` (getCopyingThreads) is
/// below `threads`, leaving `b` inside it; else does nothing.
void guardCopyingThreads(mlir::OpBuilder &b, mlir::Location loc,
                         mlir::Value thread, int64_t copying, int64_t threads);

/// What a staging copy says about its chunks.
struct ChunkCopy {
  /// The staging position (row, column) of the thread's `i`-th chunk.
  llvm::function_ref<std::pair<mlir::Value, mlir::Value>(int64_t i)> at;
  /// The `i`-th chunk's f32 values (vector<lanes x f32>), at its staging
  /// position (row, col).
  llvm::function_ref<mlir::Value(int64_t i, mlir::Value row, mlir::Value col)>
      load;
  /// Stores a chunk's values in C's type at (row, col) of C.
  llvm::function_ref<void(mlir::Value values, mlir::Value row, mlir::Value col)>
      store;
};

/// Copies the thread's `chunks` chunks of `lanes` elements from the staging
/// tile to C at (rowBase, colBase) + their staging positions, through
/// `fused` (`whole`: its holdsWholeRuns() for the tile), converted to
/// `outType`, C's element type (where `whole` holds, the operands' runs
/// are read as vectors aligned to a chunk's bytes, at most 16). `onTranspose`:
/// `fused` sees C's transpose (a column-major C's epilogue,
/// FusedEpilogue::onTransposeOfC), where a chunk is a run of row `col` from
/// column `row`.
void copyChunksThroughEpilogue(mlir::OpBuilder &b, mlir::Location loc,
                               const FusedEpilogue &fused, bool onTranspose,
                               mlir::Value whole, int64_t chunks, int64_t lanes,
                               mlir::Type outType, mlir::Value rowBase,
                               mlir::Value colBase, const ChunkCopy &copy);

/// The element-by-element copy (passes/epilogue/CoalescedElementCopy.h) of a
/// `rows` × `columns` staged tile to `matrix` at (rowBase, colBase) through
/// `fused`, which sees the matrix's coordinates: `loadStaged(r, c)` is the
/// tile's f32 value at (r, c). A step's elements read their operands
/// together (FusedEpilogue::applyToElements) before any is applied.
void copyTileByElementsThroughEpilogue(
    mlir::OpBuilder &b, mlir::Location loc, const FusedEpilogue &fused,
    mlir::Value thread, int64_t threads, int64_t rows, int64_t columns,
    mlir::Value matrix, mlir::Value rowBase, mlir::Value colBase,
    llvm::function_ref<mlir::Value(mlir::Value r, mlir::Value c)> loadStaged);

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_EPILOGUE_FUSEDCHUNKCOPY_H
