//===- FusedChunkCopy.cpp - staging chunks to C through a fused epilogue --===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "passes/epilogue/FusedChunkCopy.h"

#include "dialect/MemoryQueries.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "passes/epilogue/CoalescedElementCopy.h"
#include "llvm/ADT/bit.h"

#include <algorithm>
#include <numeric>

using namespace mlir;
using namespace gemm_opt;

int64_t gemm_opt::getChunksReadTogether(const FusedEpilogue &fused,
                                        int64_t lanes) {
  constexpr int64_t maxChunks = 8, budgetBytes = 64 * 4;
  if (!fused.hasFusedOperations())
    return 1;
  int64_t perChunk = std::max<int64_t>(fused.getOperandBytesPerRun(lanes), 1);
  return std::clamp<int64_t>(
      llvm::bit_floor(static_cast<uint64_t>(budgetBytes / perChunk)), 1,
      maxChunks);
}

int64_t gemm_opt::getCopyingThreads(int64_t chunks, int64_t threads) {
  return std::gcd(chunks, threads);
}

void gemm_opt::guardCopyingThreads(OpBuilder &b, Location loc, Value thread,
                                   int64_t copying, int64_t threads) {
  if (copying == threads)
    return;
  Value copies =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, thread,
                            arith::ConstantIndexOp::create(b, loc, copying));
  auto ifCopies = scf::IfOp::create(b, loc, copies);
  b.setInsertionPointToStart(ifCopies.thenBlock());
}

void gemm_opt::copyChunksThroughEpilogue(OpBuilder &b, Location loc,
                                         const FusedEpilogue &fused,
                                         bool onTranspose, Value whole,
                                         int64_t chunks, int64_t lanes,
                                         Type outType, Value rowBase,
                                         Value colBase, const ChunkCopy &copy) {
  bool applies = fused.hasFusedOperations();
  int64_t together = getChunksReadTogether(fused, lanes);
  // A whole chunk's operand runs are aligned like the chunk: its bytes, at
  // most 16 (holdsWholeRuns() checks 16-byte aligned rows).
  uint64_t alignment =
      std::min<int64_t>(16, lanes * tile::getByteWidth(outType));
  auto outVector = VectorType::get({lanes}, outType);
  for (int64_t first = 0; first < chunks; first += together) {
    int64_t count = std::min(together, chunks - first);
    SmallVector<Value> stagingRows, stagingCols, rows, cols;
    for (int64_t i = first; i < first + count; ++i) {
      auto [r, cc] = copy.at(i);
      stagingRows.push_back(r);
      stagingCols.push_back(cc);
    }
    // The chunk's origin in C.
    auto origin = [&](int64_t i) {
      rows.push_back(arith::AddIOp::create(b, loc, rowBase, stagingRows[i]));
      cols.push_back(arith::AddIOp::create(b, loc, colBase, stagingCols[i]));
    };
    // Where the epilogue reads: (row, col) of C or of its transpose.
    auto seen = [&](int64_t i) {
      return onTranspose ? std::make_pair(cols[i], rows[i])
                         : std::make_pair(rows[i], cols[i]);
    };
    SmallVector<FusedEpilogue::Operands> operands;
    if (applies) {
      for (int64_t i = 0; i < count; ++i)
        origin(i);
      operands = fused.loadOperands(b, loc, onTranspose ? cols : rows,
                                    onTranspose ? rows : cols, lanes, alignment,
                                    whole);
    }
    for (int64_t i = 0; i < count; ++i) {
      Value values = copy.load(first + i, stagingRows[i], stagingCols[i]);
      if (applies) {
        auto [row, col] = seen(i);
        values = fused.apply(b, loc, values, row, col, alignment, whole,
                             operands[i]);
      }
      if (outType != b.getF32Type())
        values = arith::TruncFOp::create(b, loc, outVector, values);
      if (!applies)
        origin(i);
      copy.store(values, rows[i], cols[i]);
    }
  }
}

void gemm_opt::copyTileByElementsThroughEpilogue(
    OpBuilder &b, Location loc, const FusedEpilogue &fused, Value thread,
    int64_t threads, int64_t rows, int64_t columns, Value matrix, Value rowBase,
    Value colBase, function_ref<Value(Value r, Value c)> loadStaged) {
  Type outType = cast<MemRefType>(matrix.getType()).getElementType();
  auto inMatrix = [&](Value base, Value offset) -> Value {
    return arith::AddIOp::create(b, loc, base, offset);
  };
  if (!fused.hasFusedOperations())
    return copyTileByElements(b, loc, thread, threads, rows, columns, matrix,
                              rowBase, colBase, [&](Value r, Value c) {
                                return fused.applyToElement(
                                    b, loc, loadStaged(r, c),
                                    inMatrix(rowBase, r), inMatrix(colBase, c),
                                    outType);
                              });
  copyTileByElementSteps(
      b, loc, thread, threads, rows, columns, matrix, rowBase, colBase,
      [&](ArrayRef<Value> r, ArrayRef<Value> c) {
        SmallVector<Value> values, matrixRows, matrixColumns;
        for (auto [row, column] : llvm::zip_equal(r, c)) {
          values.push_back(loadStaged(row, column));
          matrixRows.push_back(inMatrix(rowBase, row));
          matrixColumns.push_back(inMatrix(colBase, column));
        }
        return fused.applyToElements(b, loc, values, matrixRows, matrixColumns,
                                     outType);
      });
}
