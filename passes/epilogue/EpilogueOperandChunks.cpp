//===- EpilogueOperandChunks.cpp - C and residual runs read ahead ---------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "passes/epilogue/EpilogueOperandChunks.h"

#include "dialect/MemoryQueries.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace gemm_opt;
using namespace gemm_opt::tile;

EpilogueOperandChunks::EpilogueOperandChunks(OpBuilder &b, Location loc,
                                             const FusedEpilogue &fused,
                                             ArrayRef<Value> rowsInC,
                                             ArrayRef<Value> columns,
                                             Value whole, Type elementC,
                                             StagedRuns staged)
    : b(b), loc(loc), fused(fused), rowsInC(rowsInC), columns(columns),
      whole(whole), elementC(elementC), staged(staged) {
  reads = fused.readsC() || fused.hasResidual();
  int64_t registersPerOperand = 16;
  if (fused.readsC() && fused.hasResidual())
    registersPerOperand = 4;
  else if (staged.operand != StagedEpilogueOperand::none)
    registersPerOperand = 8;
  int64_t pairBytes = 2 * getByteWidth(elementC);
  groupsPerChunk = std::max<int64_t>(
      1, registersPerOperand * 4 / pairBytes /
             static_cast<int64_t>(rowsInC.size()));
}

int64_t EpilogueOperandChunks::inChunk(int64_t g, int64_t r) const {
  return (g % groupsPerChunk) * static_cast<int64_t>(rowsInC.size()) + r;
}

void EpilogueOperandChunks::advanceTo(int64_t g) {
  if (g % groupsPerChunk != 0)
    return;
  if (g == 0)
    current = load(0);
  else
    current = next;
  next = load(g + groupsPerChunk);
}

Value EpilogueOperandChunks::c(int64_t g, int64_t r) const {
  return reads ? current.c[inChunk(g, r)] : Value();
}

Value EpilogueOperandChunks::residual(int64_t g, int64_t r) const {
  return reads ? current.residual[inChunk(g, r)] : Value();
}

EpilogueOperandChunks::Chunk EpilogueOperandChunks::load(int64_t first) {
  Chunk chunk;
  int64_t groups = columns.size();
  if (!reads || first >= groups)
    return chunk;
  int64_t last = std::min(groups, first + groupsPerChunk);
  SmallVector<Value> chunkRows, chunkCols;
  for (int64_t g = first; g < last; ++g)
    for (Value row : rowsInC) {
      chunkRows.push_back(row);
      chunkCols.push_back(columns[g]);
    }
  int64_t alignment = 2 * getByteWidth(elementC);
  chunk.c = loadRuns(StagedEpilogueOperand::c, first, last, [&] {
    return fused.loadC(b, loc, chunkRows, chunkCols, /*lanes=*/2, alignment,
                       whole);
  });
  chunk.residual = loadRuns(StagedEpilogueOperand::residual, first, last, [&] {
    return fused.loadResidual(b, loc, chunkRows, chunkCols, /*lanes=*/2,
                              alignment, whole);
  });
  return chunk;
}

SmallVector<Value> EpilogueOperandChunks::loadRuns(
    StagedEpilogueOperand operand, int64_t first, int64_t last,
    llvm::function_ref<SmallVector<Value>()> loadGlobal) {
  if (staged.operand != operand)
    return loadGlobal();
  // From the staging part, where each pair's D goes.
  int64_t runs = (last - first) * static_cast<int64_t>(rowsInC.size());
  SmallVector<Type> types(runs, VectorType::get({2}, elementC));
  auto ifStaged = scf::IfOp::create(b, loc, types, staged.inStaging,
                                    /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifStaged.thenBlock());
  SmallVector<Value> fromStaging;
  for (int64_t g = first; g < last; ++g)
    for (int64_t r = 0; r < static_cast<int64_t>(rowsInC.size()); ++r)
      fromStaging.push_back(staged.load(g, r));
  scf::YieldOp::create(b, loc, fromStaging);
  b.setInsertionPointToStart(ifStaged.elseBlock());
  scf::YieldOp::create(b, loc, loadGlobal());
  return SmallVector<Value>(ifStaged.getResults());
}
