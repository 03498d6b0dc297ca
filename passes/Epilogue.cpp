//===- Epilogue.cpp - accumulator fragments into C ------------------------===//
//
// Each thread holds, per m16n8 MMA tile, two rows of two adjacent columns
// (see tile.store_fragments). It converts them to C's element type and
// writes each pair with one aligned vector store. A fused epilogue
// (passes/FusedEpilogue.h) transforms each f32 pair first, at the pair's
// row and column of the whole C (the C tile's subview offsets plus the
// fragment's place in the tile).
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"
#include "dialect/MemoryQueries.h"

#include "passes/FusedEpilogue.h"
#include "passes/MmaSyncFragments.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

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
    // Where the C tile starts in the whole C (fused epilogues index bias,
    // residual and C's old values by the whole matrix).
    SmallVector<OpFoldResult> tileOrigin;
    if (fused->hasFusedOperations()) {
      auto tile = op.getC().getDefiningOp<memref::SubViewOp>();
      if (!tile)
        return op.emitOpError()
               << "has a fused epilogue but its C tile is not a subview of "
                  "the kernel's C";
      tileOrigin = tile.getMixedOffsets();
    }
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

    // mma.sync kernels take whole tiles only (their metadata requires
    // divisible shapes and 16-byte rows).
    Value wholeTiles = arith::ConstantIntOp::create(
        rewriter, loc, rewriter.getI1Type(), 1);
    MemRefType fragmentsType = op.getFragments().getType();
    for (int64_t i = 0; i < fragmentsType.getDimSize(0); ++i) {
      for (int64_t j = 0; j < fragmentsType.getDimSize(1); ++j) {
        for (int64_t half = 0; half < 2; ++half) {
          SmallVector<Value> pair;
          for (int64_t r = 2 * half; r < 2 * half + 2; ++r) {
            Value acc = memref::LoadOp::create(
                rewriter, loc, op.getFragments(),
                ValueRange{index(i), index(j), index(r)});
            if (acc.getType() != outType && !fused->hasFusedOperations())
              acc = arith::TruncFOp::create(rewriter, loc, outType, acc);
            pair.push_back(acc);
          }
          Value vector;
          if (fused->hasFusedOperations()) {
            Value values = vector::FromElementsOp::create(
                rewriter, loc, VectorType::get({2}, rewriter.getF32Type()),
                pair);
            auto inWholeC = [&](OpFoldResult origin, Value inTile) -> Value {
              return arith::AddIOp::create(
                  rewriter, loc,
                  getValueOrCreateConstantIndexOp(rewriter, loc, origin),
                  inTile);
            };
            values = fused->apply(
                rewriter, loc, values,
                inWholeC(tileOrigin[0], plus(row, 16 * i + 8 * half)),
                inWholeC(tileOrigin[1], plus(col, 8 * j)), pairBytes,
                /*whole=*/wholeTiles);
            vector = outType.isF32() ? values
                                     : arith::TruncFOp::create(
                                           rewriter, loc, pairType, values);
          } else {
            vector =
                vector::FromElementsOp::create(rewriter, loc, pairType, pair);
          }
          vector::StoreOp::create(
              rewriter, loc, vector, op.getC(),
              ValueRange{plus(row, 16 * i + 8 * half), plus(col, 8 * j)},
              /*nontemporal=*/false, llvm::MaybeAlign(pairBytes));
        }
      }
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
