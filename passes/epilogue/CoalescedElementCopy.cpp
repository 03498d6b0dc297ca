//===- CoalescedElementCopy.cpp - a staged tile to C, one element a thread ===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "passes/epilogue/CoalescedElementCopy.h"

#include "passes/common/MatrixRows.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include <utility>

using namespace mlir;
using namespace gemm_opt;

/// The loop of both copies: `atElement(r, c)` for each element of a step,
/// in order, then `stepValues()` gives the step's elements to store.
static void copyTile(OpBuilder &b, Location loc, Value thread, int64_t threads,
                     int64_t rows, int64_t columns, Value matrix, Value rowBase,
                     Value colBase,
                     function_ref<void(Value r, Value c)> atElement,
                     function_ref<SmallVector<Value>()> stepValues) {
  auto index = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  MatrixRows geometry = MatrixRows::get(b, loc, matrix);
  int64_t elements = rows * columns;
  int64_t perThread = llvm::divideCeil(elements, threads);
  int64_t perStep = perThread % 4 == 0 ? 4 : perThread % 2 == 0 ? 2 : 1;
  auto loop =
      scf::ForOp::create(b, loc, index(0), index(perThread), index(perStep));
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(loop.getBody());
  SmallVector<Value, 4> matrixRows, matrixColumns, inTile;
  for (int64_t e = 0; e < perStep; ++e) {
    Value element = arith::AddIOp::create(
        b, loc, thread,
        arith::MulIOp::create(
            b, loc,
            arith::AddIOp::create(b, loc, loop.getInductionVar(), index(e)),
            index(threads)));
    // A tile of fewer than threads·k elements: the last step's extra
    // threads load element 0 and store nothing.
    if (elements % threads) {
      inTile.push_back(arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                             element, index(elements)));
      element =
          arith::SelectOp::create(b, loc, inTile.back(), element, index(0));
    }
    Value r = arith::DivUIOp::create(b, loc, element, index(columns));
    Value c = arith::RemUIOp::create(b, loc, element, index(columns));
    atElement(r, c);
    matrixRows.push_back(arith::AddIOp::create(b, loc, rowBase, r));
    matrixColumns.push_back(arith::AddIOp::create(b, loc, colBase, c));
  }
  SmallVector<Value> values = stepValues();
  for (int64_t e = 0; e < perStep; ++e) {
    Value inside = arith::AndIOp::create(
        b, loc,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, matrixRows[e],
                              geometry.rows),
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                              matrixColumns[e], geometry.cols));
    if (!inTile.empty())
      inside = arith::AndIOp::create(b, loc, inside, inTile[e]);
    auto ifInside = scf::IfOp::create(b, loc, inside);
    OpBuilder::InsertionGuard inner(b);
    b.setInsertionPointToStart(ifInside.thenBlock());
    memref::StoreOp::create(b, loc, values[e], matrix,
                            ValueRange{matrixRows[e], matrixColumns[e]});
  }
}

void gemm_opt::copyTileByElements(OpBuilder &b, Location loc, Value thread,
                                  int64_t threads, int64_t rows,
                                  int64_t columns, Value matrix, Value rowBase,
                                  Value colBase,
                                  function_ref<Value(Value r, Value c)> load) {
  SmallVector<Value> values;
  copyTile(
      b, loc, thread, threads, rows, columns, matrix, rowBase, colBase,
      [&](Value r, Value c) { values.push_back(load(r, c)); },
      [&] { return std::exchange(values, {}); });
}

void gemm_opt::copyTileByElementSteps(
    OpBuilder &b, Location loc, Value thread, int64_t threads, int64_t rows,
    int64_t columns, Value matrix, Value rowBase, Value colBase,
    function_ref<SmallVector<Value>(ArrayRef<Value> r, ArrayRef<Value> c)>
        loadStep) {
  SmallVector<Value, 4> stepRows, stepColumns;
  copyTile(
      b, loc, thread, threads, rows, columns, matrix, rowBase, colBase,
      [&](Value r, Value c) {
        stepRows.push_back(r);
        stepColumns.push_back(c);
      },
      [&] {
        SmallVector<Value> values = loadStep(stepRows, stepColumns);
        stepRows.clear();
        stepColumns.clear();
        return values;
      });
}
