//===- TransposedOperandGroups.cpp - a column-major C's operands read ahead
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//===//

#include "passes/epilogue/TransposedOperandGroups.h"

#include "dialect/MemoryQueries.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace gemm_opt;
using namespace gemm_opt::tile;

/// The groups whose elements are read at once (the file comment).
static constexpr int64_t kGroupsPerChunk = 8;

TransposedOperandGroups::TransposedOperandGroups(
    OpBuilder &b, Location loc, const FusedEpilogue &onTranspose,
    ArrayRef<Value> rowsInC, ArrayRef<Value> columns, Value wholeOnTranspose,
    Type elementC, StagedElements staged)
    : b(b), loc(loc), onTranspose(onTranspose), rowsInC(rowsInC),
      columns(columns), wholeOnTranspose(wholeOnTranspose), elementC(elementC),
      staged(staged) {}

void TransposedOperandGroups::advanceTo(int64_t g) {
  if (g % kGroupsPerChunk != 0)
    return;
  int64_t count = std::min<int64_t>(kGroupsPerChunk, columns.size() - g);
  c = read(StagedEpilogueOperand::c, g, count);
  residual = read(StagedEpilogueOperand::residual, g, count);
  first = g;
}

FusedEpilogue::Operands TransposedOperandGroups::at(int64_t g, int64_t r,
                                                    int64_t p) const {
  int64_t inChunk = (g - first) * elementsPerGroup() + 2 * r + p;
  FusedEpilogue::Operands read;
  if (!c.empty())
    read.c = c[inChunk];
  if (!residual.empty())
    read.residual = residual[inChunk];
  return read;
}

SmallVector<Value> TransposedOperandGroups::read(StagedEpilogueOperand operand,
                                                 int64_t first, int64_t count) {
  bool readsOperand = operand == StagedEpilogueOperand::c
                          ? onTranspose.readsC()
                          : onTranspose.hasResidual();
  if (!readsOperand)
    return SmallVector<Value>(count * elementsPerGroup(), Value());
  if (!staged.inStaging || staged.operand != operand)
    return readGlobal(operand, first, count);
  auto elementType = VectorType::get({1}, elementC);
  SmallVector<Type> types(count * elementsPerGroup(), elementType);
  auto ifStaged = scf::IfOp::create(b, loc, types, staged.inStaging,
                                    /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifStaged.thenBlock());
  SmallVector<Value> fromPart;
  for (int64_t g = first; g < first + count; ++g)
    for (int64_t r = 0; r < static_cast<int64_t>(rowsInC.size()); ++r)
      for (int64_t p = 0; p < 2; ++p)
        fromPart.push_back(vector::FromElementsOp::create(
            b, loc, elementType, staged.load(g, r, p)));
  scf::YieldOp::create(b, loc, fromPart);
  b.setInsertionPointToStart(ifStaged.elseBlock());
  scf::YieldOp::create(b, loc, readGlobal(operand, first, count));
  return SmallVector<Value>(ifStaged.getResults());
}

SmallVector<Value>
TransposedOperandGroups::readGlobal(StagedEpilogueOperand operand,
                                    int64_t first, int64_t count) {
  // On the transpose, C's column is the row and C's row the column.
  SmallVector<Value> transposeRows, transposeCols;
  for (int64_t g = first; g < first + count; ++g)
    for (Value rowInC : rowsInC)
      for (int64_t p = 0; p < 2; ++p) {
        transposeRows.push_back(arith::AddIOp::create(
            b, loc, columns[g], arith::ConstantIndexOp::create(b, loc, p)));
        transposeCols.push_back(rowInC);
      }
  int64_t bytesC = getByteWidth(elementC);
  return operand == StagedEpilogueOperand::c
             ? onTranspose.loadC(b, loc, transposeRows, transposeCols,
                                 /*lanes=*/1, bytesC, wholeOnTranspose)
             : onTranspose.loadResidual(b, loc, transposeRows, transposeCols,
                                        /*lanes=*/1, bytesC, wholeOnTranspose);
}
