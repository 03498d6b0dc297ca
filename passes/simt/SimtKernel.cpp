//===- SimtKernel.cpp - the SGEMM main loop of an ffma schedule -----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "passes/simt/SimtKernel.h"
#include "dialect/ScheduleResources.h"

#include "dialect/MatrixLayouts.h"
#include "dialect/SimtScheduleVerifier.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "passes/common/MatrixRows.h"
#include "passes/common/SharedMemoryView.h"
#include "passes/common/TransposedView.h"
#include "passes/epilogue/CoalescedElementCopy.h"
#include "passes/epilogue/FusedChunkCopy.h"
#include "passes/epilogue/GlobalChunkStore.h"
#include "passes/simt/SimtSplitK.h"
#include "passes/simt/SimtTileCopies.h"

using namespace mlir;
using namespace gemm_opt;
using namespace gemm_opt::tile;

namespace {

/// Builds the SIMT kernel body in place of one block-tiled K loop.
class SimtKernelBuilder {
public:
  SimtKernelBuilder(PatternRewriter &b, Location loc, ScheduleAttr schedule,
                    FmaOrder fmaOrder, const FusedEpilogue &fused)
      : b(b), loc(loc), schedule(schedule), fmaOrder(fmaOrder), fused(fused),
        tm(schedule.getMma().getM()), tn(schedule.getMma().getN()),
        lanesM(schedule.getWarpM() / tm), lanesN(schedule.getWarpN() / tn),
        stages(schedule.getStages()) {}

  /// Emits the main loop at the insertion point and the epilogue before
  /// `epilogue` (the accumulator store, after the block's C view).
  void build(const SimtBlockOperands &operands, Value accumulators,
             Operation *epilogue, bool wholeTilesOnly) {
    this->operands = operands;
    acc = accumulators;
    computeThreadCoordinates();
    createStages();
    SimtOperandTiles tilesA = getOperandTiles(operands.a, MatrixOrder::row,
                                              operands.rowBase, sharedA);
    SimtOperandTiles tilesB = getOperandTiles(operands.b, MatrixOrder::col,
                                              operands.colBase, sharedB);
    Value severalTiles = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::uge, operands.kTiles, index(2));
    SimtCopyOperands copyOperands{operands.lowerK, operands.kShift,
                                  severalTiles,    threadId,
                                  tilesA,          tilesB};
    // The whole-tile variant of a kernel (passes/common/WholeTileDispatch.h) runs
    // only where every block has whole tiles and aligned rows.
    if (wholeTilesOnly) {
      SimtTileCopies copies(b, loc, schedule, copyOperands,
                            SimtCopyKind::Interior);
      ValueRange first = buildPrologue(copies);
      buildMainLoop(copies, first);
      b.setInsertionPoint(epilogue);
      buildEpilogue(/*throughShared=*/false);
      return;
    }
    // The Interior copies (those of the fast loop, with no tests) where the
    // block's tiles lie inside A, B and C, K is a multiple of BK and the
    // rows that 16-byte copies or loads read are 16-byte aligned; the
    // Guarded ones elsewhere (SimtTileCopies.h). The test is uniform over
    // the block.
    auto fits = [&](Value base, int64_t tile, Value extent) -> Value {
      return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ule,
                                   add(base, tile), extent);
    };
    Value aligned = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                          operands.kShift, index(0));
    if (!tilesB.kAlongRows)
      aligned = arith::AndIOp::create(b, loc, aligned, tilesB.stored.vectorOk);
    Value interior = arith::AndIOp::create(
        b, loc,
        arith::AndIOp::create(
            b, loc,
            fits(operands.rowBase, schedule.getBlockM(), tilesA.extent()),
            fits(operands.colBase, schedule.getBlockN(), tilesB.extent())),
        aligned);
    if (!tilesA.kAlongRows ||
        SimtTileCopies::stagesThroughRegisters(schedule, tilesA))
      interior =
          arith::AndIOp::create(b, loc, interior, tilesA.stored.vectorOk);
    auto ifInterior = scf::IfOp::create(b, loc, TypeRange{}, interior,
                                        /*withElseRegion=*/true);
    for (auto [block, kind] :
         {std::pair(ifInterior.thenBlock(), SimtCopyKind::Interior),
          std::pair(ifInterior.elseBlock(), SimtCopyKind::Guarded)}) {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPoint(block->getTerminator());
      SimtTileCopies copies(b, loc, schedule, copyOperands, kind);
      ValueRange first = buildPrologue(copies);
      buildMainLoop(copies, first);
    }
    b.setInsertionPoint(epilogue);
    buildEpilogue(/*throughShared=*/true);
  }

private:
  /// `matrix` (A or B) as its copies read it (SimtOperandTiles): itself
  /// when row-major, its transpose when column-major. Its rows run along K
  /// when its order is `kAlongRowsOrder` (row for A, col for B).
  SimtOperandTiles getOperandTiles(Value matrix, MatrixOrder kAlongRowsOrder,
                                   Value base, Value shared) {
    MatrixOrder order = getMatrixOrder(cast<MemRefType>(matrix.getType()))
                            .value_or(MatrixOrder::row);
    Value stored = order == MatrixOrder::row
                       ? matrix
                       : createTransposedView(b, loc, matrix);
    return {MatrixRows::get(b, loc, stored), order == kAlongRowsOrder, base,
            shared};
  }

  /// K tiles 0 .. S-2 into stages 0 .. S-2, when there are any, and the
  /// fragments of K step 0 (zeros without K tiles). A stage past the last K
  /// tile gets the last one again, which is never read: no branches (with
  /// a single K tile those copies read nothing; SimtTileCopies.h).
  ValueRange buildPrologue(SimtTileCopies &copies) {
    Value hasTiles = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt,
                                           operands.kTiles, index(0));
    SmallVector<Type> fragmentTypes(fragmentCount(), chunkType());
    auto ifTiles = scf::IfOp::create(b, loc, fragmentTypes, hasTiles,
                                     /*withElseRegion=*/true);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifTiles.thenBlock());
    if (copies.stagesAThroughRegisters()) {
      SmallVector<Value> tileA = copies.loadTileA(index(0));
      copies.copyTileB(index(0), index(0), /*firstTile=*/true);
      NVVM::CpAsyncCommitGroupOp::create(b, loc);
      copies.storeTileA(tileA, index(0));
    } else {
      Value lastTile = arith::SubIOp::create(b, loc, operands.kTiles, index(1));
      for (int64_t s = 0; s + 1 < stages; ++s) {
        Value kTile = s == 0
                          ? index(0)
                          : arith::MinUIOp::create(b, loc, index(s), lastTile);
        copies.copyTileA(kTile, index(s), /*firstTile=*/s == 0);
        copies.copyTileB(kTile, index(s), /*firstTile=*/s == 0);
        NVVM::CpAsyncCommitGroupOp::create(b, loc);
      }
    }
    waitForNextTile();
    scf::YieldOp::create(b, loc, loadFragments(index(0), 0));
    b.setInsertionPointToStart(ifTiles.elseBlock());
    scf::YieldOp::create(b, loc, zeroFragments());
    return ifTiles.getResults();
  }

  /// The K loop, from the fragments of K step 0 of stage 0. It counts K
  /// tiles and stages in i32 (a K tile count fits) so that its bookkeeping
  /// is not 64-bit arithmetic.
  void buildMainLoop(SimtTileCopies &copies, ValueRange firstFragments) {
    bool registersA = copies.stagesAThroughRegisters();
    Type i32 = b.getI32Type();
    auto constant = [&](int64_t v) -> Value {
      return arith::ConstantIntOp::create(b, loc, i32, v);
    };
    auto toIndex = [&](Value v) -> Value {
      return arith::IndexCastUIOp::create(b, loc, b.getIndexType(), v);
    };
    Value kTiles = arith::IndexCastUIOp::create(b, loc, i32, operands.kTiles);
    SmallVector<Value> initial(firstFragments);
    initial.push_back(constant(0));
    auto loop =
        scf::ForOp::create(b, loc, constant(0), kTiles, constant(1), initial);
    // Every group after the last K tile's is empty; none may be in flight
    // once the block has left shared memory, whatever the count.
    if (stages > 2)
      NVVM::CpAsyncWaitGroupOp::create(b, loc, 0);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    ValueRange carried = loop.getRegionIterArgs();
    SmallVector<Value> fragments(carried.drop_back());
    Value stage = carried.back();

    // The next stage to read, and the one this iteration refills: the next
    // one too with 2 stages, else the one before this one.
    Value nextStage;
    if (stages == 2) {
      nextStage = arith::XOrIOp::create(b, loc, stage, constant(1));
    } else {
      Value isLast = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                           stage, constant(stages - 1));
      nextStage = arith::SelectOp::create(
          b, loc, isLast, constant(0),
          arith::AddIOp::create(b, loc, stage, constant(1)));
    }
    Value fillStage = nextStage;
    if (stages > 2) {
      Value isFirst = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                            stage, constant(0));
      fillStage = arith::SelectOp::create(
          b, loc, isFirst, constant(stages - 1),
          arith::SubIOp::create(b, loc, stage, constant(1)));
    }
    // K tile t+S-1, or the last one again near the end (into a stage no
    // later iteration reads). Either is a whole tile: t+S-1 ≥ 1, and the
    // last tile is not the first unless there is only one (the copies then
    // read nothing; SimtTileCopies.h).
    Value fillTile = toIndex(arith::MinUIOp::create(
        b, loc,
        arith::AddIOp::create(b, loc, loop.getInductionVar(),
                              constant(stages - 1)),
        arith::SubIOp::create(b, loc, kTiles, constant(1))));
    Value readIndex = toIndex(stage), nextIndex = toIndex(nextStage);
    Value fillIndex = toIndex(fillStage);
    SmallVector<Value> tileA;
    if (registersA)
      tileA = copies.loadTileA(fillTile);
    else
      copies.copyTileA(fillTile, fillIndex, /*firstTile=*/false);
    copies.copyTileB(fillTile, fillIndex, /*firstTile=*/false);
    NVVM::CpAsyncCommitGroupOp::create(b, loc);

    int64_t bk = schedule.getBlockK();
    for (int64_t k = 0; k < bk; ++k) {
      SmallVector<Value> next;
      if (k + 1 < bk) {
        next = loadFragments(readIndex, k + 1);
      } else {
        if (registersA)
          copies.storeTileA(tileA, fillIndex);
        waitForNextTile();
        next = loadFragments(nextIndex, 0);
      }
      multiply(fragments);
      fragments = std::move(next);
    }
    fragments.push_back(nextStage);
    scf::YieldOp::create(b, loc, fragments);
  }

  /// Waits until the oldest K tile in flight has landed in shared memory
  /// (with 2 stages: every copy; with S: all but the S-2 latest groups),
  /// then the barrier that makes it, and every stage's last reads, visible
  /// to the block.
  void waitForNextTile() {
    NVVM::CpAsyncWaitGroupOp::create(b, loc, stages - 2);
    gpu::BarrierOp::create(b, loc);
  }

  Value index(int64_t v) { return arith::ConstantIndexOp::create(b, loc, v); }
  Value add(Value lhs, Value rhs) {
    return arith::AddIOp::create(b, loc, lhs, rhs);
  }
  Value add(Value lhs, int64_t rhs) {
    return rhs == 0 ? lhs : add(lhs, index(rhs));
  }
  VectorType chunkType() {
    return VectorType::get({kSimtSubTile}, b.getF32Type());
  }
  /// 128-bit chunks of one K step's fragments: TM/4 of A, then TN/4 of B.
  int64_t fragmentCount() const { return (tm + tn) / kSimtSubTile; }

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
    threadRow = add(
        warpRow, arith::MulIOp::create(b, loc, laneRow, index(kSimtSubTile)));
    threadCol = add(
        warpCol, arith::MulIOp::create(b, loc, laneCol, index(kSimtSubTile)));
  }

  /// The stages of A^T (S×BK×(BM+padA)) and B (S×BK×(BN+padB)) in the
  /// kernel's dynamic shared memory.
  void createStages() {
    auto workgroup = gpu::AddressSpaceAttr::get(b.getContext(),
                                                gpu::AddressSpace::Workgroup);
    Value raw = getDynamicSharedMemory(b, loc);
    int64_t bk = schedule.getBlockK();
    int64_t rowA = getScheduleResources(schedule).stageElementsA / bk;
    int64_t rowB = getScheduleResources(schedule).stageElementsB / bk;
    Type f32 = b.getF32Type();
    sharedA = memref::ViewOp::create(
        b, loc, MemRefType::get({stages, bk, rowA}, f32, nullptr, workgroup),
        raw, index(0), ValueRange{});
    sharedB = memref::ViewOp::create(
        b, loc, MemRefType::get({stages, bk, rowB}, f32, nullptr, workgroup),
        raw, index(stages * bk * rowA * 4), ValueRange{});
  }

  /// The thread's TM values of A^T row k and TN values of B row k of
  /// `stage`, one 128-bit load per 4×4 sub-tile.
  SmallVector<Value> loadFragments(Value stage, int64_t k) {
    SmallVector<Value> chunks;
    auto load = [&](Value shared, Value first, int64_t count, int64_t lanes) {
      for (int64_t p = 0; p < count / kSimtSubTile; ++p)
        chunks.push_back(vector::LoadOp::create(
            b, loc, chunkType(), shared,
            ValueRange{stage, index(k), add(first, p * kSimtSubTile * lanes)},
            /*nontemporal=*/false, llvm::MaybeAlign(16)));
    };
    load(sharedA, threadRow, tm, lanesM);
    load(sharedB, threadCol, tn, lanesN);
    return chunks;
  }

  SmallVector<Value> zeroFragments() {
    Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(chunkType()));
    return SmallVector<Value>(fragmentCount(), zero);
  }

  /// acc += a ⊗ b for one K step's fragments (loadFragments), in the order
  /// of outerProductOrder.
  void multiply(ArrayRef<Value> fragments) {
    auto element = [&](int64_t chunk, int64_t e) {
      return vector::ExtractOp::create(b, loc, fragments[chunk], e);
    };
    SmallVector<Value> a, bValues;
    for (int64_t i = 0; i < tm; ++i)
      a.push_back(element(i / kSimtSubTile, i % kSimtSubTile));
    for (int64_t j = 0; j < tn; ++j)
      bValues.push_back(
          element(tm / kSimtSubTile + j / kSimtSubTile, j % kSimtSubTile));
    for (auto [i, j] : outerProductOrder(tm, tn, fmaOrder)) {
      SmallVector<Value> at{index(i), index(j)};
      Value sum = memref::LoadOp::create(b, loc, acc, at);
      Value fma = LLVM::FMAOp::create(b, loc, a[i], bValues[j], sum);
      memref::StoreOp::create(b, loc, fma, acc, at);
    }
  }

  /// Each row of each 4×4 sub-tile → C with one 128-bit store, or element
  /// by element where it crosses C's edge or C's rows are not 16-byte
  /// aligned (RowChunkStore). A fused epilogue applies to each such run,
  /// its operands read for several runs at once.
  void storeAccumulators() {
    RowChunkStore chunks(b, loc, operands.c);
    if (fused.hasFusedOperations())
      return storeAccumulatorsThroughEpilogue(chunks);
    Value row0 = add(operands.rowBase, threadRow);
    Value col0 = add(operands.colBase, threadCol);
    for (int64_t i = 0; i < tm; ++i)
      for (int64_t q = 0; q < tn / kSimtSubTile; ++q)
        chunks.store(accumulatorChunk(i, q), add(row0, tileRow(i)),
                     add(col0, q * kSimtSubTile * lanesN));
  }

  /// storeAccumulators() through the fused epilogue: run k of the thread
  /// is accumulator row k / (TN/4), its (k mod TN/4)-th run.
  void storeAccumulatorsThroughEpilogue(RowChunkStore &chunks) {
    int64_t runsPerRow = tn / kSimtSubTile;
    Value whole =
        fused.holdsWholeRuns(b, loc, operands.rowBase, operands.colBase,
                             schedule.getBlockM(), schedule.getBlockN());
    auto at = [&](int64_t k) {
      return std::make_pair(
          add(threadRow, tileRow(k / runsPerRow)),
          add(threadCol, (k % runsPerRow) * kSimtSubTile * lanesN));
    };
    auto load = [&](int64_t k, Value, Value) {
      return accumulatorChunk(k / runsPerRow, k % runsPerRow);
    };
    auto store = [&](Value values, Value row, Value col) {
      chunks.store(values, row, col);
    };
    copyChunksThroughEpilogue(b, loc, fused, /*onTranspose=*/false, whole,
                              tm * runsPerRow, kSimtSubTile, b.getF32Type(),
                              operands.rowBase, operands.colBase,
                              ChunkCopy{at, load, store});
  }

  /// The any-shape kernel's epilogue: the block tile goes through shared
  /// memory in rounds of R rows (as many as the stages' bytes hold, rows
  /// padded by 4 floats), and each round is copied to C one element a
  /// thread, consecutive threads on consecutive elements
  /// (CoalescedElementCopy.h): whole 128-byte runs of C per warp store at
  /// any pitch and edge. Stored from registers where C's rows take no
  /// 128-bit stores (an odd N), each warp store would write 4 bytes in each
  /// of 32 16-byte chunks (3.8 % of the t8x16 kernel's time at
  /// 4096×4095×4096); with both epilogues in one kernel its main loop lost
  /// 2.3 %.
  void storeAccumulatorsThroughShared() {
    int64_t blockM = schedule.getBlockM(), blockN = schedule.getBlockN();
    int64_t rowElements = blockN + kSimtSubTile;
    int64_t roundRows = blockM;
    while (roundRows > 1 &&
           roundRows * rowElements * 4 >
               getScheduleResources(schedule).dynamicSharedMemoryBytes)
      roundRows /= 2;
    auto workgroup = gpu::AddressSpaceAttr::get(b.getContext(),
                                                gpu::AddressSpace::Workgroup);
    Value staging = memref::ViewOp::create(
        b, loc,
        MemRefType::get({roundRows, rowElements}, b.getF32Type(), nullptr,
                        workgroup),
        getDynamicSharedMemory(b, loc), index(0), ValueRange{});
    // Every warp is done with the stages' last fragments.
    gpu::BarrierOp::create(b, loc);
    auto rounds = scf::ForOp::create(b, loc, index(0), index(blockM),
                                     index(roundRows));
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(rounds.getBody()->getTerminator());
    Value first = rounds.getInductionVar();
    for (int64_t i = 0; i < tm; ++i) {
      // The tile row of accumulator row i, relative to this round: stored
      // where it lies in [0, R) (unsigned: rows before wrap around).
      Value row = arith::SubIOp::create(b, loc, add(threadRow, tileRow(i)),
                                        first);
      Value inRound = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                            row, index(roundRows));
      auto ifInRound = scf::IfOp::create(b, loc, TypeRange{}, inRound,
                                         /*withElseRegion=*/false);
      OpBuilder::InsertionGuard rowGuard(b);
      b.setInsertionPoint(ifInRound.thenBlock()->getTerminator());
      for (int64_t q = 0; q < tn / kSimtSubTile; ++q)
        vector::StoreOp::create(
            b, loc, accumulatorChunk(i, q), staging,
            ValueRange{row, add(threadCol, q * kSimtSubTile * lanesN)},
            /*nontemporal=*/false, llvm::MaybeAlign(16));
    }
    gpu::BarrierOp::create(b, loc);
    Value roundRow = add(operands.rowBase, first);
    copyTileByElementsThroughEpilogue(
        b, loc, fused, threadId, getScheduleResources(schedule).threads,
        roundRows, blockN, operands.c, roundRow, operands.colBase,
        [&](Value r, Value c) -> Value {
          return memref::LoadOp::create(b, loc, staging, ValueRange{r, c});
        });
    // The next round overwrites the tile.
    gpu::BarrierOp::create(b, loc);
  }

  /// The epilogue at the insertion point: with split_k, in the last block
  /// of the tile only, after the splits met (SimtSplitK.h).
  void buildEpilogue(bool throughShared) {
    std::optional<scf::IfOp> last;
    if (operands.splitK) {
      // The flag lies where the stages were: every warp is past them
      // before thread 0 writes it (meetSimtSplits' first barrier), and
      // the epilogue's staging rounds begin with a barrier.
      Value flag = viewSharedMemory(b, loc, getDynamicSharedMemory(b, loc),
                                    index(0), {1}, b.getI32Type());
      last = meetSimtSplits(
          b, loc, schedule, *operands.splitK, operands.c, operands.rowBase,
          operands.colBase, threadId, acc, tm, tn, kSimtSubTile,
          [&](int64_t i, int64_t j) {
            return std::make_pair(
                add(threadRow, tileRow(i)),
                add(threadCol, (j / kSimtSubTile) * kSimtSubTile * lanesN +
                                   j % kSimtSubTile));
          },
          flag);
    }
    if (throughShared)
      storeAccumulatorsThroughShared();
    else
      storeAccumulators();
    if (last)
      resetSimtSplitCounter(b, loc, schedule, *operands.splitK, operands.c,
                            operands.rowBase, operands.colBase, threadId);
  }

  /// The block-tile row offset (from threadRow) of accumulator row i.
  int64_t tileRow(int64_t i) const {
    return (i / kSimtSubTile) * kSimtSubTile * lanesM + i % kSimtSubTile;
  }

  /// Accumulator row i's q-th 4-element run.
  Value accumulatorChunk(int64_t i, int64_t q) {
    SmallVector<Value> values;
    for (int64_t e = 0; e < kSimtSubTile; ++e)
      values.push_back(memref::LoadOp::create(
          b, loc, acc, ValueRange{index(i), index(q * kSimtSubTile + e)}));
    return vector::FromElementsOp::create(b, loc, chunkType(), values);
  }

  PatternRewriter &b;
  Location loc;
  ScheduleAttr schedule;
  FmaOrder fmaOrder;
  const FusedEpilogue &fused;
  int64_t tm, tn, lanesM, lanesN, stages;
  SimtBlockOperands operands;
  Value acc, threadId, threadRow, threadCol, sharedA, sharedB;
};

} // namespace

Value gemm_opt::allocateSimtAccumulators(PatternRewriter &b, Location loc,
                                         gpu::GPUFuncOp kernel,
                                         ScheduleAttr schedule) {
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

void gemm_opt::buildSimtKernel(PatternRewriter &b, Location loc,
                               ScheduleAttr schedule, FmaOrder order,
                               const SimtBlockOperands &operands,
                               const FusedEpilogue &fused, Value accumulators,
                               Operation *epilogue, bool wholeTilesOnly) {
  SimtKernelBuilder(b, loc, schedule, order, fused)
      .build(operands, accumulators, epilogue, wholeTilesOnly);
}
