//===- MatrixRows.cpp - where short runs of a matrix's rows are safe ------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "passes/common/MatrixRows.h"

#include "dialect/MemoryQueries.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace gemm_opt;
using namespace gemm_opt::tile;

MatrixRows MatrixRows::get(OpBuilder &b, Location loc, Value matrix) {
  auto index = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  MatrixRows result;
  result.matrix = matrix;
  result.rows = memref::DimOp::create(b, loc, matrix, 0);
  result.cols = memref::DimOp::create(b, loc, matrix, 1);
  int64_t bytes =
      getByteWidth(cast<MemRefType>(matrix.getType()).getElementType());
  auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, matrix);
  Value pointer = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, matrix);
  Value address = arith::AddIOp::create(
      b, loc, pointer,
      arith::MulIOp::create(b, loc, metadata.getOffset(), index(bytes)));
  Value pitchOk = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::eq,
      arith::RemUIOp::create(b, loc, metadata.getStrides()[0],
                             index(16 / bytes)),
      index(0));
  Value addressOk = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::eq,
      arith::RemUIOp::create(b, loc, address, index(16)), index(0));
  result.vectorOk = arith::AndIOp::create(b, loc, pitchOk, addressOk);
  return result;
}

Value MatrixRows::holdsVector(OpBuilder &b, Location loc, Value row, Value col,
                              int64_t lanes) const {
  Value rowIn =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, row, rows);
  Value colsIn = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::ule,
      arith::AddIOp::create(b, loc, col,
                            arith::ConstantIndexOp::create(b, loc, lanes)),
      cols);
  return arith::AndIOp::create(
      b, loc, vectorOk, arith::AndIOp::create(b, loc, rowIn, colsIn));
}
