//===- CopyTile.cpp - tile.copy as one block's loads and stores -----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Lowers the tile.copy of a kernel to the work of one thread block, which
// copies the TR×TC tile of src at (r0, c0) = (blockIdx.x·TR, blockIdx.y·TC)
// into the same tile of dst. Rows run along grid x, so any number of rows
// fits the grid; a batch's entries run along grid z (BatchEntryView.h).
// Thread (tx, ty) = (tid % TX, tid / TX) works on rows r0 + i·TY + ty and,
// in each, on the row segments of TX·vector columns at c0 + j·TX·vector.
// Per block (an scf.if on values uniform over the block) it takes one of:
//   - vectors, where the tile lies inside src and src's rows are aligned
//     for `vector`-wide accesses (pointer, offset and leading dimension):
//     the thread loads the `vector` elements at column
//     c0 + (j·TX + tx)·vector of each segment with one ld.global.v4, then
//     stores them with one st.global.v4 where dst is aligned too, else
//     element by element;
//   - elements: lane tx takes elements tx, tx + TX, ... of each segment,
//     so each warp load and store is one contiguous run of the row. That
//     is the staging copy of an operand whose rows take no vectors (a bf16
//     pitch of 4095): 16-byte-strided element loads touched 512 bytes per
//     warp instruction and ran about 13 % slower.
//     At the matrix's edges each access is predicated on its row and
//     column (any M, N ≥ 1); a load past the edge yields zero, which no
//     store writes.
// All of a thread's loads come before its stores, so they are in flight
// together.
//
//===----------------------------------------------------------------------===//

#include "passes/copy/CopyTile.h"

#include "passes/common/BatchEntryView.h"
#include "passes/common/KernelOpLowering.h"
#include "passes/copy/MatrixMoveBuilder.h"
#include "passes/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace gemm_opt {
#define GEN_PASS_DEF_TILECOPYPASS
#include "passes/Passes.h.inc"
} // namespace gemm_opt

using namespace mlir;
using namespace gemm_opt;
using namespace gemm_opt::tile;

namespace {

/// Builds one block's copy in place of a kernel's tile.copy.
class CopyKernelBuilder : MatrixMoveBuilder {
public:
  CopyKernelBuilder(PatternRewriter &b, CopyOp op)
      : MatrixMoveBuilder(b, op.getLoc()), schedule(op.getScheduleAttr()),
        src(op.getSrc()), dst(op.getDst()),
        elementType(op.getSrc().getType().getElementType()),
        vector(schedule.getVector()) {}

  void build() {
    computeCoordinates();
    Value inside = isInside();
    if (vector == 1) {
      copyElements(inside);
      return;
    }
    ifElse(
        both(inside, isVectorAligned(src, vector)), [&] { copyVectors(); },
        [&] { copyElements(inside); });
  }

private:
  void computeCoordinates() {
    std::tie(threadX, threadY) = getThreadCoordinates(schedule.getThreadsX());
    rowBase = mul(gpu::BlockIdOp::create(b, loc, gpu::Dimension::x),
                  schedule.getTileRows());
    colBase = mul(gpu::BlockIdOp::create(b, loc, gpu::Dimension::y),
                  schedule.getTileCols());
    viewBlockBatchEntry(src, dst);
    rows = memref::DimOp::create(b, loc, src, 0);
    cols = memref::DimOp::create(b, loc, src, 1);
  }

  /// Whether this block's tile lies inside the matrices.
  Value isInside() {
    return both(lessEqual(add(rowBase, schedule.getTileRows()), rows),
                lessEqual(add(colBase, schedule.getTileCols()), cols));
  }

  /// Whether element (row, col) lies inside the matrices.
  Value isInside(Value row, Value col) {
    return both(less(row, rows), less(col, cols));
  }

  /// Calls `body` with the row and first column of each of the thread's
  /// row segments (TX·vector columns).
  void forEachSegment(function_ref<void(Value row, Value first)> body) {
    int64_t tx = schedule.getThreadsX(), ty = schedule.getThreadsY();
    for (int64_t i = 0; i < schedule.getTileRows() / ty; ++i) {
      Value row = add(rowBase, add(threadY, i * ty));
      for (int64_t j = 0; j < schedule.getTileCols() / (tx * vector); ++j)
        body(row, add(colBase, j * tx * vector));
    }
  }

  /// The vector path (see the file comment).
  void copyVectors() {
    auto vectorType = VectorType::get({vector}, elementType);
    llvm::MaybeAlign alignment(vector * getByteWidth(elementType));
    SmallVector<std::tuple<Value, Value, Value>> chunks; // row, col, values
    forEachSegment([&](Value row, Value first) {
      Value col = add(first, mul(threadX, vector));
      chunks.push_back(
          {row, col,
           vector::LoadOp::create(b, loc, vectorType, src, ValueRange{row, col},
                                  /*nontemporal=*/false, alignment)});
    });
    ifElse(
        isVectorAligned(dst, vector),
        [&] {
          for (auto [row, col, values] : chunks)
            vector::StoreOp::create(b, loc, values, dst, ValueRange{row, col},
                                    /*nontemporal=*/false, alignment);
        },
        [&] {
          for (auto [row, col, values] : chunks)
            for (int64_t e = 0; e < vector; ++e)
              memref::StoreOp::create(
                  b, loc, vector::ExtractOp::create(b, loc, values, e), dst,
                  ValueRange{row, add(col, e)});
        });
  }

  /// The element path (see the file comment), predicated where the tile
  /// does not lie `inside` the matrices.
  void copyElements(Value inside) {
    ifElse(
        inside, [&] { copyCoalescedElements(/*predicated=*/false); },
        [&] { copyCoalescedElements(/*predicated=*/true); });
  }

  void copyCoalescedElements(bool predicated) {
    int64_t tx = schedule.getThreadsX();
    SmallVector<std::tuple<Value, Value, Value>> elements; // row, col, value
    forEachSegment([&](Value row, Value first) {
      for (int64_t e = 0; e < vector; ++e) {
        Value col = add(first, add(threadX, e * tx));
        elements.push_back(
            {row, col, predicated ? loadOrZero(row, col) : load(row, col)});
      }
    });
    for (auto [row, col, value] : elements) {
      auto storeElement = [&, row = row, col = col, value = value] {
        memref::StoreOp::create(b, loc, value, dst, ValueRange{row, col});
      };
      if (predicated)
        this->predicated(isInside(row, col), storeElement);
      else
        storeElement();
    }
  }

  Value load(Value row, Value col) {
    return memref::LoadOp::create(b, loc, src, ValueRange{row, col});
  }

  /// src's element at (row, col) where it lies inside, else zero.
  Value loadOrZero(Value row, Value col) {
    auto ifOp = scf::IfOp::create(b, loc, elementType, isInside(row, col),
                                  /*withElseRegion=*/true);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToEnd(ifOp.thenBlock());
    scf::YieldOp::create(b, loc, load(row, col));
    b.setInsertionPointToEnd(ifOp.elseBlock());
    scf::YieldOp::create(b, loc,
                         ValueRange{arith::ConstantOp::create(
                             b, loc, elementType, b.getZeroAttr(elementType))});
    return ifOp.getResult(0);
  }

  CopyScheduleAttr schedule;
  Value src, dst;
  Type elementType;
  int64_t vector;
  Value threadX, threadY, rowBase, colBase, rows, cols;
};

struct TileCopyPass
    : public gemm_opt::impl::TileCopyPassBase<TileCopyPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateCopyTilePatterns(patterns);
    if (failed(lowerKernelOps<CopyOp>(getOperation(), std::move(patterns),
                                      "tile-copy")))
      signalPassFailure();
  }
};

} // namespace

void gemm_opt::populateCopyTilePatterns(RewritePatternSet &patterns) {
  patterns.add<LowerInKernel<CopyOp, CopyKernelBuilder>>(
      patterns.getContext());
}
