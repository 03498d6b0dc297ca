//===- Epilogue.cpp - accumulator fragments into C ------------------------===//
//
// Each thread holds, per m16n8 MMA tile, two rows of two adjacent columns
// (see tile.store_fragments). It converts them to C's element type and
// writes each pair with one aligned vector store.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"
#include "dialect/MemoryQueries.h"

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

    MemRefType fragmentsType = op.getFragments().getType();
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
          Value vector =
              vector::FromElementsOp::create(rewriter, loc, pairType, pair);
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
