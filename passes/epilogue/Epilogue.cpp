//===- Epilogue.cpp - accumulator fragments into C ------------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Each thread holds, per m16n8 MMA tile, two rows of two adjacent columns
// (see tile.store_fragments). It converts them to C's element type and
// writes each pair with one aligned vector store. A fused epilogue
// (passes/epilogue/FusedEpilogue.h) transforms each f32 pair first, at the pair's
// row and column of the whole C (the C tile's subview offsets plus the
// fragment's place in the tile), its operands read for several pairs at
// once before any is applied (passes/epilogue/FusedChunkCopy.h). In a `ragged` kernel
// (#tile.pipeline) a block whose tile reaches past C's edge, or whose C rows
// are not 16-byte aligned, stores element by element, only inside C
// (RowChunkStore); the choice is one uniform branch per block.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"
#include "dialect/MemoryQueries.h"

#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "passes/epilogue/FusedChunkCopy.h"
#include "passes/epilogue/FusedEpilogue.h"
#include "passes/epilogue/GlobalChunkStore.h"
#include "passes/common/MatrixRows.h"
#include "passes/mma_sync/MmaSyncFragments.h"

namespace gemm_opt {
#define GEN_PASS_DEF_TILELOWEREPILOGUEPASS
#include "passes/Passes.h.inc"
} // namespace gemm_opt

using namespace mlir;
using namespace gemm_opt;
using namespace gemm_opt::tile;

namespace {

struct LowerStoreFragments : public OpRewritePattern<StoreFragmentsOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(StoreFragmentsOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ScheduleAttr schedule = op.getSchedule();
    FailureOr<FusedEpilogue> fused = FusedEpilogue::forKernel(
        op->getParentOfType<gpu::GPUFuncOp>(), schedule, op);
    if (failed(fused))
      return failure();
    // The C tile is a view of the kernel's C (fused epilogues index bias,
    // residual and C's old values by the whole matrix, and edge tiles store
    // only inside it); a C that is not a view is the whole matrix.
    auto view = op.getC().getDefiningOp<memref::SubViewOp>();
    if (!view && fused->hasFusedOperations())
      return op.emitOpError()
             << "has a fused epilogue but its C tile is not a subview of "
                "the kernel's C";
    SmallVector<OpFoldResult> tileOrigin;
    if (view)
      tileOrigin = view.getMixedOffsets();
    auto index = [&](int64_t v) {
      return arith::ConstantIndexOp::create(rewriter, loc, v);
    };
    auto plus = [&](Value value, int64_t c) -> Value {
      return c == 0 ? value
                    : arith::AddIOp::create(rewriter, loc, value, index(c));
    };
    Type outType = cast<MemRefType>(op.getC().getType()).getElementType();
    auto pairType = VectorType::get({2}, outType);
    uint64_t pairBytes = 2 * getByteWidth(outType);

    WarpCoordinates warp = computeWarpCoordinates(rewriter, loc, schedule);
    // Lane l holds row l/4 (and l/4 + 8) and columns 2·(l%4), 2·(l%4)+1.
    Value c4 = index(4);
    Value row = arith::AddIOp::create(
        rewriter, loc, warp.row,
        arith::DivUIOp::create(rewriter, loc, warp.lane, c4));
    Value col = arith::AddIOp::create(
        rewriter, loc, warp.col,
        arith::MulIOp::create(
            rewriter, loc, arith::RemUIOp::create(rewriter, loc, warp.lane, c4),
            index(2)));

    // A `ragged` kernel (#tile.pipeline): where the block's tile lies
    // inside C, C's rows take aligned vectors and the fused operands their
    // vector reads, each pair is stored (and its operands read) with one
    // vector access; elsewhere (an edge tile, a pitch or base that is not a
    // multiple of 16 bytes) element by element, only inside C. The choice
    // is one uniform branch per block. Other mma.sync kernels take whole
    // tiles and aligned rows only: the first way always.
    MemRefType tileType = cast<MemRefType>(op.getC().getType());
    Value matrixC = view && schedule.getPipeline().getRagged()
                        ? view.getSource()
                        : Value();
    Value whole;
    std::optional<RowChunkStore> edgeStores;
    if (matrixC) {
      Value originRow =
          getValueOrCreateConstantIndexOp(rewriter, loc, tileOrigin[0]);
      Value originCol =
          getValueOrCreateConstantIndexOp(rewriter, loc, tileOrigin[1]);
      MatrixRows geometryC = MatrixRows::get(rewriter, loc, matrixC);
      auto fits = [&](Value begin, int64_t extent, Value limit) -> Value {
        return arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ule,
                                     plus(begin, extent), limit);
      };
      Value rowsFit = fits(originRow, tileType.getDimSize(0), geometryC.rows);
      Value colsFit = fits(originCol, tileType.getDimSize(1), geometryC.cols);
      whole = arith::AndIOp::create(
          rewriter, loc, geometryC.vectorOk,
          arith::AndIOp::create(rewriter, loc, rowsFit, colsFit));
      whole = arith::AndIOp::create(
          rewriter, loc, whole,
          fused->holdsWholeRuns(rewriter, loc, originRow, originCol,
                                tileType.getDimSize(0),
                                tileType.getDimSize(1)));
    }
    MemRefType fragmentsType = op.getFragments().getType();
    // A fused epilogue's pairs, in the order (i, j, half): their operands
    // are read several pairs at a time, before any of them is applied
    // (passes/epilogue/FusedChunkCopy.h); read pair by pair, each load's latency
    // was paid before the next one issued.
    int64_t pairsPerRow = 2 * fragmentsType.getDimSize(1);
    // Pair p is fragment (i, j)'s row half `half`.
    auto placeOf = [&](int64_t pair) {
      return std::make_tuple(pair / pairsPerRow, pair % pairsPerRow / 2,
                             pair % 2);
    };
    auto fragmentPair = [&](int64_t pair) -> Value {
      auto [i, j, half] = placeOf(pair);
      SmallVector<Value> values;
      for (int64_t r = 2 * half; r < 2 * half + 2; ++r)
        values.push_back(
            memref::LoadOp::create(rewriter, loc, op.getFragments(),
                                   ValueRange{index(i), index(j), index(r)}));
      return vector::FromElementsOp::create(
          rewriter, loc, VectorType::get({2}, rewriter.getF32Type()), values);
    };
    auto storeFusedPairs = [&](bool inside, Value wholeRuns) {
      Value originRow =
          getValueOrCreateConstantIndexOp(rewriter, loc, tileOrigin[0]);
      Value originCol =
          getValueOrCreateConstantIndexOp(rewriter, loc, tileOrigin[1]);
      auto at = [&](int64_t pair) {
        auto [i, j, half] = placeOf(pair);
        return std::make_pair(plus(row, 16 * i + 8 * half), plus(col, 8 * j));
      };
      auto load = [&](int64_t pair, Value, Value) {
        return fragmentPair(pair);
      };
      // At C's coordinates: an aligned vector store inside, else element
      // by element inside C only.
      auto store = [&](Value vector, Value wholeRow, Value wholeCol) {
        if (!inside)
          return edgeStores->store(vector, wholeRow, wholeCol);
        vector::StoreOp::create(rewriter, loc, vector, view.getSource(),
                                ValueRange{wholeRow, wholeCol},
                                /*nontemporal=*/false,
                                llvm::MaybeAlign(pairBytes));
      };
      copyChunksThroughEpilogue(
          rewriter, loc, *fused, /*onTranspose=*/false, wholeRuns,
          fragmentsType.getDimSize(0) * pairsPerRow, /*lanes=*/2, outType,
          originRow, originCol, ChunkCopy{at, load, store});
    };
    auto storePairs = [&](bool inside) {
      Value wholeRuns = arith::ConstantIntOp::create(
          rewriter, loc, rewriter.getI1Type(), inside ? 1 : 0);
      if (!inside)
        edgeStores.emplace(rewriter, loc, matrixC);
      if (fused->hasFusedOperations())
        return storeFusedPairs(inside, wholeRuns);
      for (int64_t i = 0; i < fragmentsType.getDimSize(0); ++i) {
        for (int64_t j = 0; j < fragmentsType.getDimSize(1); ++j) {
          for (int64_t half = 0; half < 2; ++half) {
            SmallVector<Value> pair;
            for (int64_t r = 2 * half; r < 2 * half + 2; ++r) {
              Value acc = memref::LoadOp::create(
                  rewriter, loc, op.getFragments(),
                  ValueRange{index(i), index(j), index(r)});
              if (acc.getType() != outType)
                acc = arith::TruncFOp::create(rewriter, loc, outType, acc);
              pair.push_back(acc);
            }
            // (The pair's place in the tile is computed where it is used,
            // after the values.)
            auto tileRow = [&] { return plus(row, 16 * i + 8 * half); };
            auto tileCol = [&] { return plus(col, 8 * j); };
            auto inWholeC = [&](OpFoldResult origin, Value inTile) -> Value {
              return arith::AddIOp::create(
                  rewriter, loc,
                  getValueOrCreateConstantIndexOp(rewriter, loc, origin),
                  inTile);
            };
            Value vector =
                vector::FromElementsOp::create(rewriter, loc, pairType, pair);
            if (inside) {
              vector::StoreOp::create(rewriter, loc, vector, op.getC(),
                                      ValueRange{tileRow(), tileCol()},
                                      /*nontemporal=*/false,
                                      llvm::MaybeAlign(pairBytes));
              continue;
            }
            Value wholeRow = inWholeC(tileOrigin[0], tileRow());
            Value wholeCol = inWholeC(tileOrigin[1], tileCol());
            edgeStores->store(vector, wholeRow, wholeCol);
          }
        }
      }
    };
    if (!matrixC) {
      storePairs(/*inside=*/true);
    } else {
      auto ifWhole = scf::IfOp::create(rewriter, loc, whole, /*withElse=*/true);
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(ifWhole.thenBlock());
      storePairs(/*inside=*/true);
      rewriter.setInsertionPointToStart(ifWhole.elseBlock());
      storePairs(/*inside=*/false);
    }
    rewriter.eraseOp(op);
    return success();
  }
};

struct TileLowerEpiloguePass
    : public gemm_opt::impl::TileLowerEpiloguePassBase<TileLowerEpiloguePass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<LowerStoreFragments>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
