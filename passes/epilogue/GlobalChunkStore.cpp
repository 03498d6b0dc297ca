//===- GlobalChunkStore.cpp - short runs of C stored from registers -------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "passes/epilogue/GlobalChunkStore.h"

#include "dialect/MemoryQueries.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include <algorithm>

using namespace mlir;
using namespace gemm_opt;
using namespace gemm_opt::tile;

RowChunkStore::RowChunkStore(OpBuilder &b, Location loc, Value matrix)
    : b(b), loc(loc), geometry(MatrixRows::get(b, loc, matrix)) {}

void RowChunkStore::store(Value values, Value row, Value col) {
  auto type = cast<VectorType>(values.getType());
  int64_t lanes = type.getNumElements();
  int64_t bytes = lanes * getByteWidth(type.getElementType());
  Value whole = geometry.holdsVector(b, loc, row, col, lanes);
  auto ifWhole = scf::IfOp::create(b, loc, whole, /*withElse=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifWhole.thenBlock());
  vector::StoreOp::create(b, loc, values, geometry.matrix,
                          ValueRange{row, col},
                          /*nontemporal=*/false,
                          llvm::MaybeAlign(std::min<int64_t>(bytes, 16)));
  b.setInsertionPointToStart(ifWhole.elseBlock());
  forEachInside(values, row, col, [&](Value element, Value column) {
    memref::StoreOp::create(b, loc, element, geometry.matrix,
                            ValueRange{row, column});
  });
}

void RowChunkStore::forEachInside(
    Value values, Value row, Value col,
    llvm::function_ref<void(Value element, Value column)> body) {
  int64_t lanes = cast<VectorType>(values.getType()).getNumElements();
  Value rowIn = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, row,
                                     geometry.rows);
  for (int64_t e = 0; e < lanes; ++e) {
    Value column = arith::AddIOp::create(
        b, loc, col, arith::ConstantIndexOp::create(b, loc, e));
    Value inside = arith::AndIOp::create(
        b, loc, rowIn,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, column,
                              geometry.cols));
    auto ifInside = scf::IfOp::create(b, loc, inside);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifInside.thenBlock());
    body(vector::ExtractOp::create(b, loc, values, e), column);
  }
}

void RowChunkStore::add(Value values, Value row, Value col) {
  forEachInside(values, row, col, [&](Value element, Value column) {
    memref::AtomicRMWOp::create(b, loc, arith::AtomicRMWKind::addf, element,
                                geometry.matrix, ValueRange{row, column});
  });
}
