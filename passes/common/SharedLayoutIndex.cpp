//===- SharedLayoutIndex.cpp - logical to physical shared indices ---------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// #tile.swizzle<W>: the tile is cut into column panels W bytes wide, each
// stored row-major with W-byte rows. Inside a panel, the byte offset's 16-byte
// chunk bits [4, 4+b) are XORed with bits [7, 7+b), b = log2(W/16): the
// pattern CUTLASS calls Swizzle<b,4,3> and TMA applies for its W-byte swizzle
// modes. Eight consecutive rows then start in eight different 16-byte bank
// groups, so an ldmatrix phase (8 rows × 16 bytes) is conflict-free.
//
// #tile.pad<P>: row-major with rows of cols + P elements.
//
//===----------------------------------------------------------------------===//

#include "passes/common/SharedLayoutIndex.h"

#include "dialect/TileDialect.h"
#include "dialect/SharedLayout.h"
#include "dialect/MemoryQueries.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace gemm_opt;
using namespace gemm_opt::tile;

int64_t gemm_opt::sharedBufferElements(Attribute layout, MemRefType logical) {
  return logical.getDimSize(0) * logical.getDimSize(1) *
         getStoredRowElements(layout, logical.getDimSize(2));
}

Value gemm_opt::emitSharedIndex(OpBuilder &b, Location loc, Attribute layout,
                                MemRefType logical, Value stage, Value row,
                                Value col) {
  auto index = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  int64_t rows = logical.getDimSize(1), cols = logical.getDimSize(2);
  int64_t stageElements = rows * getStoredRowElements(layout, cols);
  Value stageBase = arith::MulIOp::create(b, loc, stage, index(stageElements));

  auto swizzle = dyn_cast<SwizzleAttr>(layout);
  if (!swizzle) {
    Value rowBase = arith::MulIOp::create(
        b, loc, row, index(getStoredRowElements(layout, cols)));
    return arith::AddIOp::create(
        b, loc, stageBase, arith::AddIOp::create(b, loc, rowBase, col));
  }

  int64_t elementBytes = getByteWidth(logical.getElementType());
  int64_t width = swizzle.getWidth();
  int64_t panelElements = width / elementBytes;
  Value panel = arith::DivUIOp::create(b, loc, col, index(panelElements));
  Value colInPanel = arith::RemUIOp::create(b, loc, col, index(panelElements));
  // Byte offset inside the panel, then the XOR of chunk bits with row bits.
  Value byte = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, row, index(width)),
      arith::MulIOp::create(b, loc, colInPanel, index(elementBytes)));
  int64_t mask = (width / 16 - 1) << 4;
  Value rowBits = arith::AndIOp::create(
      b, loc, arith::ShRUIOp::create(b, loc, byte, index(3)), index(mask));
  Value swizzled = arith::XOrIOp::create(b, loc, byte, rowBits);
  Value inPanel =
      arith::DivUIOp::create(b, loc, swizzled, index(elementBytes));
  Value panelBase =
      arith::MulIOp::create(b, loc, panel, index(rows * panelElements));
  return arith::AddIOp::create(
      b, loc, stageBase, arith::AddIOp::create(b, loc, panelBase, inPanel));
}
