//===- CpAsyncTileCopies.cpp - operand tiles of the mma.sync pipeline -----===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "passes/mma_sync/CpAsyncTileCopies.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace gemm_opt;

Value CpAsyncTileCopies::index(int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

Value CpAsyncTileCopies::elementsInside(const MatrixRows &geometry, Value row,
                                        Value col, int64_t lanes) {
  Value rowIn = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, row,
                                      geometry.rows);
  Value colIn = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, col,
                                      geometry.cols);
  Value inside = arith::AndIOp::create(b, loc, rowIn, colIn);
  // cols - col only means something inside; the select drops it outside.
  Value left = arith::MinUIOp::create(
      b, loc, arith::SubIOp::create(b, loc, geometry.cols, col), index(lanes));
  return arith::SelectOp::create(b, loc, inside, left, index(0));
}

void CpAsyncTileCopies::copyElements(const MatrixRows &geometry, Value row,
                                     Value col, Value shared,
                                     ValueRange indices, int64_t lanes) {
  Type elementType =
      cast<MemRefType>(geometry.matrix.getType()).getElementType();
  Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(elementType));
  Value rowIn = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, row,
                                      geometry.rows);
  SmallVector<Value> elements;
  for (int64_t e = 0; e < lanes; ++e) {
    Value column = arith::AddIOp::create(b, loc, col, index(e));
    Value columnIn = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                           column, geometry.cols);
    Value inside = arith::AndIOp::create(b, loc, rowIn, columnIn);
    // Outside, the load reads the matrix's first element and is dropped.
    Value loadRow = arith::SelectOp::create(b, loc, inside, row, index(0));
    Value loadColumn = arith::SelectOp::create(b, loc, inside, column, index(0));
    Value value = memref::LoadOp::create(b, loc, geometry.matrix,
                                         ValueRange{loadRow, loadColumn});
    elements.push_back(arith::SelectOp::create(b, loc, inside, value, zero));
  }
  Value chunk = vector::FromElementsOp::create(
      b, loc, VectorType::get({lanes}, elementType), elements);
  vector::StoreOp::create(b, loc, chunk, shared, indices,
                          /*nontemporal=*/false, llvm::MaybeAlign(16));
}

void CpAsyncTileCopies::copyTile(const CpAsyncOperand &operand, Value kOffset,
                                 Value stage, CpAsyncCopyKind kind) {
  const MatrixRows &geometry = operand.geometry;
  auto elementType =
      cast<MemRefType>(geometry.matrix.getType()).getElementType();
  int64_t vector = 128 / elementType.getIntOrFloatBitWidth();
  int64_t chunksPerRow = operand.cols / vector;
  int64_t chunks = operand.rows * chunksPerRow;
  Value rowBase = operand.rowBase, colBase = operand.colBase;
  if (operand.kAlongRows)
    rowBase = arith::AddIOp::create(b, loc, rowBase, kOffset);
  else
    colBase = arith::AddIOp::create(b, loc, colBase, kOffset);

  auto asyncCopy = [&](Value row, Value col, Value sharedRow, Value sharedCol,
                       Value source) {
    nvgpu::DeviceAsyncCopyOp::create(
        b, loc, nvgpu::DeviceAsyncTokenType::get(b.getContext()),
        operand.shared, ValueRange{stage, sharedRow, sharedCol},
        geometry.matrix, ValueRange{row, col}, b.getIndexAttr(vector), source,
        /*bypassL1=*/b.getUnitAttr());
  };
  // This thread's chunks: consecutive threads on consecutive chunks of a
  // row, so that global reads coalesce.
  for (int64_t first = 0; first < chunks; first += threads) {
    Value chunk = arith::AddIOp::create(b, loc, threadId, index(first));
    Value row = arith::DivUIOp::create(b, loc, chunk, index(chunksPerRow));
    Value col = arith::MulIOp::create(
        b, loc, arith::RemUIOp::create(b, loc, chunk, index(chunksPerRow)),
        index(vector));
    Value globalRow = arith::AddIOp::create(b, loc, rowBase, row);
    Value globalCol = arith::AddIOp::create(b, loc, colBase, col);
    switch (kind) {
    case CpAsyncCopyKind::Interior:
      asyncCopy(globalRow, globalCol, row, col, /*source=*/Value());
      break;
    case CpAsyncCopyKind::Edge: {
      Value source = elementsInside(geometry, globalRow, globalCol, vector);
      Value any = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                        source, index(0));
      Value sourceRow = arith::SelectOp::create(b, loc, any, globalRow, index(0));
      Value sourceCol = arith::SelectOp::create(b, loc, any, globalCol, index(0));
      asyncCopy(sourceRow, sourceCol, row, col, source);
      break;
    }
    case CpAsyncCopyKind::Unaligned:
      copyElements(geometry, globalRow, globalCol, operand.shared,
                   ValueRange{stage, row, col}, vector);
      break;
    }
  }
}
