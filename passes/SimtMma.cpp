//===- SimtMma.cpp - fp32 GEMM on the CUDA cores (FFMA) -------------------===//
//
// Lowers the block-tiled K loop of a `#tile.mma<ffma, [TM, TN, 1]>` schedule
// into the classic SGEMM main loop. Each thread owns a TM×TN register tile
// of C made of (TM/4)×(TN/4) sub-tiles of 4×4: a warp's lanes form an
// LM×LN grid (LM = WM/TM, LN = WN/TN, LM·LN = 32) and sub-tile (p, q) of
// lane (lm, ln) covers rows `p·4·LM + 4·lm ..+4`, columns `q·4·LN + 4·ln ..+4`
// of the warp tile. So for every K step a thread reads its A and B
// fragments with TM/4 + TN/4 128-bit shared-memory loads (LDS.128).
//
// Lanes are interleaved in pairs: lane l is lm = 2·(l / 2LN) + l % 2,
// ln = (l % 2LN) / 2, so lanes l and l^1 share ln (the same B address) and
// lanes l and l^2 share lm (the same A address). An LDS.128 returns 512
// bytes to a warp, 4 cycles of the SM's 128 bytes per cycle of shared
// memory, unless one of those pairings holds for the whole warp: then the
// pairs share a read and it takes 2. Row-major lanes (l = lm·LN + ln) give
// that to A only; at 8×8 per thread, 4 warps' loads then keep shared memory
// busy 75% of the FFMA time, interleaved 50%. A quarter-warp still reads 2
// (A) and 4 (B) consecutive 16-byte chunks: no bank conflicts.
//
// A is stored transposed in shared memory (BK rows of BM floats, padded by
// `smem_a`'s #tile.pad), B as it is (BK rows of BN):
//
//   prologue (K ≥ BK): A tile 0 → registers (ld.global.v4) → stage 0,
//             transposed (st.shared.f32); B tile 0 → stage 0 (cp.async,
//             16 bytes); wait; barrier
//   scf.for t = 0 .. K/BK:
//     n = min(t + 1, K/BK - 1)          (the last iteration reloads tile n
//                                        into the free stage: no branch)
//     A tile n → registers; B tile n → stage (t+1)%2 (cp.async); commit
//     for k in 0 .. BK (unrolled): TM/4 + TN/4 ld.shared.v4 from stage t%2,
//                                  TM·TN fma.rn.f32 into the accumulators
//     A registers → stage (t+1)%2, transposed
//     cp.async.wait_group 0; barrier     (one barrier per K tile)
//   epilogue: each row of a 4×4 sub-tile → C with one 128-bit store
//
// Stage (t+1)%2 was last read in iteration t-1, before its barrier, so it
// may be refilled as soon as iteration t starts. Accumulators live in a
// private buffer at kernel entry indexed by constants (registers after
// LLVM's SROA), fragments are SSA values.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "passes/BlockTiledLoop.h"

#include "dialect/SimtScheduleVerifier.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace gemm_opt {
#define GEN_PASS_DEF_TILESIMTMMAPASS
#include "passes/Passes.h.inc"
} // namespace gemm_opt

using namespace mlir;
using namespace gemm_opt;
using namespace gemm_opt::tile;

namespace {

/// Where the block's tiles are: the kernel's A and B, the block's C tile
/// (a view), the first row and column of that tile, and the K tiles.
struct BlockOperands {
  Value a, b, c;
  Value rowBase, colBase;
  Value lowerK, kTiles;
};

/// Builds the SIMT kernel body in place of one block-tiled K loop.
class SimtKernelBuilder {
public:
  SimtKernelBuilder(PatternRewriter &b, Location loc, ScheduleAttr schedule)
      : b(b), loc(loc), schedule(schedule),
        tm(schedule.getMma().getM()), tn(schedule.getMma().getN()),
        lanesM(schedule.getWarpM() / tm), lanesN(schedule.getWarpN() / tn),
        threads(schedule.getThreadCount()) {}

  /// Emits the main loop at the insertion point and the epilogue before
  /// `epilogue` (the accumulator store, after the block's C view).
  void build(const BlockOperands &operands, Value accumulators,
             Operation *epilogue) {
    this->operands = operands;
    acc = accumulators;
    computeThreadCoordinates();
    createStages();

    // Prologue: K tile 0 into stage 0, when there is one.
    Value hasTiles = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt,
                                           operands.kTiles, index(0));
    auto ifTiles = scf::IfOp::create(b, loc, hasTiles);
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(ifTiles.thenBlock());
      SmallVector<Value> tileA = loadTileA(index(0));
      copyTileB(index(0), index(0));
      NVVM::CpAsyncCommitGroupOp::create(b, loc);
      storeTileA(tileA, index(0));
      NVVM::CpAsyncWaitGroupOp::create(b, loc, 0);
      gpu::BarrierOp::create(b, loc);
    }

    auto loop =
        scf::ForOp::create(b, loc, index(0), operands.kTiles, index(1));
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(loop.getBody());
      Value t = loop.getInductionVar();
      Value stage = arith::RemUIOp::create(b, loc, t, index(2));
      Value nextStage = arith::SubIOp::create(b, loc, index(1), stage);
      Value next = arith::MinUIOp::create(
          b, loc, arith::AddIOp::create(b, loc, t, index(1)),
          arith::SubIOp::create(b, loc, operands.kTiles, index(1)));
      SmallVector<Value> tileA = loadTileA(next);
      copyTileB(next, nextStage);
      NVVM::CpAsyncCommitGroupOp::create(b, loc);
      for (int64_t k = 0; k < schedule.getBlockK(); ++k)
        outerProduct(stage, k);
      storeTileA(tileA, nextStage);
      NVVM::CpAsyncWaitGroupOp::create(b, loc, 0);
      gpu::BarrierOp::create(b, loc);
    }
    b.setInsertionPoint(epilogue);
    storeAccumulators();
  }

private:
  Value index(int64_t v) { return arith::ConstantIndexOp::create(b, loc, v); }
  Value add(Value lhs, Value rhs) {
    return arith::AddIOp::create(b, loc, lhs, rhs);
  }
  Value add(Value lhs, int64_t rhs) {
    return rhs == 0 ? lhs : add(lhs, index(rhs));
  }

  /// The thread's first row and column inside the block tile (sub-tile
  /// (0, 0) of its register tile), lanes interleaved in pairs (see the top
  /// of the file) unless the warp is one lane wide or tall.
  void computeThreadCoordinates() {
    threadId = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
    Value warp = arith::DivUIOp::create(b, loc, threadId, index(32));
    Value lane = arith::RemUIOp::create(b, loc, threadId, index(32));
    Value warpsN = index(schedule.getWarpsN());
    Value warpRow = arith::MulIOp::create(
        b, loc, arith::DivUIOp::create(b, loc, warp, warpsN),
        index(schedule.getWarpM()));
    Value warpCol = arith::MulIOp::create(
        b, loc, arith::RemUIOp::create(b, loc, warp, warpsN),
        index(schedule.getWarpN()));
    Value laneRow, laneCol;
    if (lanesM >= 2 && lanesN >= 2) {
      Value pairRow = arith::DivUIOp::create(b, loc, lane, index(2 * lanesN));
      laneRow = add(arith::MulIOp::create(b, loc, pairRow, index(2)),
                    arith::RemUIOp::create(b, loc, lane, index(2)));
      laneCol = arith::DivUIOp::create(
          b, loc, arith::RemUIOp::create(b, loc, lane, index(2 * lanesN)),
          index(2));
    } else {
      laneRow = arith::DivUIOp::create(b, loc, lane, index(lanesN));
      laneCol = arith::RemUIOp::create(b, loc, lane, index(lanesN));
    }
    threadRow = add(warpRow, arith::MulIOp::create(b, loc, laneRow,
                                                   index(kSimtSubTile)));
    threadCol = add(warpCol, arith::MulIOp::create(b, loc, laneCol,
                                                   index(kSimtSubTile)));
  }

  /// The two stages of A^T (2×BK×(BM+padA)) and B (2×BK×(BN+padB)) in the
  /// kernel's dynamic shared memory.
  void createStages() {
    auto workgroup = gpu::AddressSpaceAttr::get(b.getContext(),
                                                gpu::AddressSpace::Workgroup);
    Value raw = gpu::DynamicSharedMemoryOp::create(
        b, loc,
        MemRefType::get({ShapedType::kDynamic}, b.getI8Type(), nullptr,
                        workgroup));
    int64_t stages = schedule.getStages(), bk = schedule.getBlockK();
    int64_t rowA = schedule.getStageElementsA() / bk;
    int64_t rowB = schedule.getStageElementsB() / bk;
    Type f32 = b.getF32Type();
    sharedA = memref::ViewOp::create(
        b, loc, MemRefType::get({stages, bk, rowA}, f32, nullptr, workgroup),
        raw, index(0), ValueRange{});
    sharedB = memref::ViewOp::create(
        b, loc, MemRefType::get({stages, bk, rowB}, f32, nullptr, workgroup),
        raw, index(stages * bk * rowA * 4), ValueRange{});
  }

  /// Global (row, column) of this thread's `i`-th 16-byte chunk of a
  /// `rows×cols` tile: consecutive threads take consecutive chunks of a
  /// row, so global reads coalesce.
  std::pair<Value, Value> chunkCoordinates(int64_t i, int64_t cols) {
    int64_t chunksPerRow = cols / kSimtSubTile;
    Value chunk = add(threadId, i * threads);
    Value row = arith::DivUIOp::create(b, loc, chunk, index(chunksPerRow));
    Value col = arith::MulIOp::create(
        b, loc, arith::RemUIOp::create(b, loc, chunk, index(chunksPerRow)),
        index(kSimtSubTile));
    return {row, col};
  }

  int64_t chunksPerThread(int64_t rows, int64_t cols) const {
    return rows * cols / kSimtSubTile / threads;
  }

  Value kOffset(Value kTile) {
    return add(operands.lowerK,
               arith::MulIOp::create(b, loc, kTile,
                                     index(schedule.getBlockK())));
  }

  /// This thread's chunks of A's K tile `kTile` (BM×BK), 128-bit loads.
  SmallVector<Value> loadTileA(Value kTile) {
    Value k0 = kOffset(kTile);
    auto vectorType = VectorType::get({kSimtSubTile}, b.getF32Type());
    SmallVector<Value> chunks;
    int64_t bm = schedule.getBlockM(), bk = schedule.getBlockK();
    for (int64_t i = 0; i < chunksPerThread(bm, bk); ++i) {
      auto [row, col] = chunkCoordinates(i, bk);
      chunks.push_back(vector::LoadOp::create(
          b, loc, vectorType, operands.a,
          ValueRange{add(operands.rowBase, row), add(k0, col)},
          /*nontemporal=*/false, llvm::MaybeAlign(16)));
    }
    return chunks;
  }

  /// Writes the chunks of loadTileA into `stage` of A^T: element (m, k) of
  /// the tile goes to row k, column m.
  void storeTileA(ArrayRef<Value> chunks, Value stage) {
    for (auto [i, chunk] : llvm::enumerate(chunks)) {
      auto [row, col] = chunkCoordinates(i, schedule.getBlockK());
      for (int64_t e = 0; e < kSimtSubTile; ++e)
        memref::StoreOp::create(b, loc,
                                vector::ExtractOp::create(b, loc, chunk, e),
                                sharedA, ValueRange{stage, add(col, e), row});
    }
  }

  /// Starts the cp.async copies of this thread's chunks of B's K tile
  /// `kTile` (BK×BN) into `stage`.
  void copyTileB(Value kTile, Value stage) {
    Value k0 = kOffset(kTile);
    int64_t bk = schedule.getBlockK(), bn = schedule.getBlockN();
    for (int64_t i = 0; i < chunksPerThread(bk, bn); ++i) {
      auto [row, col] = chunkCoordinates(i, bn);
      nvgpu::DeviceAsyncCopyOp::create(
          b, loc, nvgpu::DeviceAsyncTokenType::get(b.getContext()), sharedB,
          ValueRange{stage, row, col}, operands.b,
          ValueRange{add(k0, row), add(operands.colBase, col)},
          b.getIndexAttr(kSimtSubTile), /*srcElements=*/Value(),
          /*bypassL1=*/b.getUnitAttr());
    }
  }

  /// acc += a ⊗ b for K step `k` of `stage`: the thread's TM values of A^T
  /// row k and TN values of B row k, one 128-bit load per 4×4 sub-tile.
  void outerProduct(Value stage, int64_t k) {
    auto vectorType = VectorType::get({kSimtSubTile}, b.getF32Type());
    auto fragment = [&](Value shared, Value first, int64_t count,
                        int64_t lanes) {
      SmallVector<Value> values;
      for (int64_t p = 0; p < count / kSimtSubTile; ++p) {
        Value chunk = vector::LoadOp::create(
            b, loc, vectorType, shared,
            ValueRange{stage, index(k), add(first, p * kSimtSubTile * lanes)},
            /*nontemporal=*/false, llvm::MaybeAlign(16));
        for (int64_t e = 0; e < kSimtSubTile; ++e)
          values.push_back(vector::ExtractOp::create(b, loc, chunk, e));
      }
      return values;
    };
    SmallVector<Value> a = fragment(sharedA, threadRow, tm, lanesM);
    SmallVector<Value> bValues = fragment(sharedB, threadCol, tn, lanesN);
    for (int64_t i = 0; i < tm; ++i)
      for (int64_t j = 0; j < tn; ++j) {
        SmallVector<Value> at{index(i), index(j)};
        Value sum = memref::LoadOp::create(b, loc, acc, at);
        Value fma = LLVM::FMAOp::create(b, loc, a[i], bValues[j], sum);
        memref::StoreOp::create(b, loc, fma, acc, at);
      }
  }

  /// Each row of each 4×4 sub-tile → C with one 128-bit store.
  void storeAccumulators() {
    auto vectorType = VectorType::get({kSimtSubTile}, b.getF32Type());
    // operands.c is the block's C tile.
    Value row0 = threadRow, col0 = threadCol;
    for (int64_t i = 0; i < tm; ++i) {
      int64_t row = (i / kSimtSubTile) * kSimtSubTile * lanesM +
                    i % kSimtSubTile;
      for (int64_t q = 0; q < tn / kSimtSubTile; ++q) {
        SmallVector<Value> values;
        for (int64_t e = 0; e < kSimtSubTile; ++e)
          values.push_back(memref::LoadOp::create(
              b, loc, acc,
              ValueRange{index(i), index(q * kSimtSubTile + e)}));
        Value vector =
            vector::FromElementsOp::create(b, loc, vectorType, values);
        vector::StoreOp::create(
            b, loc, vector, operands.c,
            ValueRange{add(row0, row), add(col0, q * kSimtSubTile * lanesN)},
            /*nontemporal=*/false, llvm::MaybeAlign(16));
      }
    }
  }

  PatternRewriter &b;
  Location loc;
  ScheduleAttr schedule;
  int64_t tm, tn, lanesM, lanesN, threads;
  BlockOperands operands;
  Value acc, threadId, threadRow, threadCol, sharedA, sharedB;
};

/// The thread's TM×TN f32 accumulators, zeroed, in a private buffer at the
/// top of the kernel (LLVM promotes only entry-block allocas to registers).
Value allocateAccumulators(PatternRewriter &b, Location loc,
                           gpu::GPUFuncOp kernel, ScheduleAttr schedule) {
  MmaAttr mma = schedule.getMma();
  auto type = MemRefType::get({mma.getM(), mma.getN()}, b.getF32Type());
  Value buffer;
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&kernel.getBody().front());
    buffer = memref::AllocaOp::create(b, loc, type);
  }
  Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(b.getF32Type()));
  for (int64_t i = 0; i < mma.getM(); ++i)
    for (int64_t j = 0; j < mma.getN(); ++j)
      memref::StoreOp::create(
          b, loc, zero, buffer,
          ValueRange{arith::ConstantIndexOp::create(b, loc, i),
                     arith::ConstantIndexOp::create(b, loc, j)});
  return buffer;
}

/// Rewrites the block-tiled K loop of an ffma schedule, with the
/// accumulator it updates and the store of it into C.
struct SimtBlockLoop : public OpRewritePattern<scf::ForOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(scf::ForOp loop,
                                PatternRewriter &rewriter) const override {
    FailureOr<BlockTiledLoop> match = matchBlockTiledLoop(
        loop, MmaKind::ffma, rewriter, /*withAccumulator=*/true);
    if (failed(match))
      return failure();
    auto [mma, viewA, viewB, rowA, colB, kernel, alloc, store] = *match;

    ScheduleAttr schedule = mma.getSchedule();
    Location loc = loop.getLoc();
    rewriter.setInsertionPoint(loop);
    Value kTiles = arith::DivUIOp::create(
        rewriter, loc,
        arith::SubIOp::create(rewriter, loc, loop.getUpperBound(),
                              loop.getLowerBound()),
        arith::ConstantIndexOp::create(rewriter, loc, schedule.getBlockK()));
    BlockOperands operands{viewA.getSource(), viewB.getSource(),
                           store.getC(),       rowA,
                           colB,               loop.getLowerBound(),
                           kTiles};
    Value acc = allocateAccumulators(rewriter, loc, kernel, schedule);
    SimtKernelBuilder(rewriter, loc, schedule).build(operands, acc, store);
    rewriter.eraseOp(store);
    rewriter.eraseOp(loop);
    rewriter.eraseOp(alloc);
    return success();
  }
};

struct TileSimtMmaPass
    : public gemm_opt::impl::TileSimtMmaPassBase<TileSimtMmaPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<SimtBlockLoop>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
    getOperation()->walk([&](BlockMmaOp mma) {
      if (mma.getSchedule().getMma().getKind() != MmaKind::ffma)
        return;
      mma.emitOpError() << "of an ffma schedule is not in a block-tiled K "
                           "loop over global tiles: run tile-block-tile "
                           "before tile-simt-mma";
      signalPassFailure();
    });
  }
};

} // namespace
