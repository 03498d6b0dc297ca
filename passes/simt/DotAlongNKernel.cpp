//===- DotAlongNKernel.cpp - thin GEMMs over the rows of B ----------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "passes/simt/DotAlongNKernel.h"

#include "dialect/DotScheduleVerifier.h"
#include "dialect/MemoryQueries.h"
#include "dialect/ScheduleResources.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "passes/common/MatrixRows.h"
#include "passes/common/SharedMemoryView.h"
#include "passes/epilogue/FusedChunkCopy.h"
#include "passes/simt/DotArithmetic.h"
#include "passes/simt/SimtSplitK.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace gemm_opt;
using namespace gemm_opt::tile;

namespace {

/// Builds one block's share of C (DotAlongNKernel.h).
class DotAlongNBuilder : DotArithmetic {
public:
  DotAlongNBuilder(PatternRewriter &b, Location loc, ScheduleAttr schedule,
                   const FusedEpilogue &fused)
      : DotArithmetic(b, loc), schedule(schedule), fused(fused),
        rows(schedule.getBlockM()), columns(schedule.getBlockN()),
        vector(schedule.getMma().getN()), rowsOfK(schedule.getMma().getK()),
        warpsN(schedule.getWarpsN()), warpsK(getDotWarpsAlongK(schedule)),
        threads(getScheduleResources(schedule).threads) {}

  void build(const DotBlockOperands &operands,
             const std::optional<SplitKWorkspace> &splitK) {
    a = operands.a;
    bMatrix = operands.b;
    c = operands.c;
    rowBase = operands.rowBase;
    colBase = operands.colBase;
    thread = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
    Value lane = arith::RemUIOp::create(b, loc, thread, index(32));
    Value warp = arith::DivUIOp::create(b, loc, thread, index(32));
    warpK = arith::DivUIOp::create(b, loc, warp, index(warpsN));
    // The lane's first column in the tile and in C.
    tileCol = add(mul(arith::RemUIOp::create(b, loc, warp, index(warpsN)),
                      index(32 * vector)),
                  mul(lane, index(vector)));
    MatrixRows rowsA = MatrixRows::get(b, loc, a);
    MatrixRows rowsB = MatrixRows::get(b, loc, bMatrix);
    extentN = rowsB.cols;
    for (int64_t i = 0; i < rows; ++i)
      readRows.push_back(clamp(add(rowBase, index(i)), rowsA.rows));
    Value laneCol = add(colBase, tileCol);
    auto [lower, upper] =
        getSplitRange(operands.lowerK, operands.upperK, splitK);

    // Whole vectors of V columns: N a multiple of V and 16-byte rows.
    Value wholeVectors = arith::AndIOp::create(
        b, loc, rowsB.vectorOk,
        arith::CmpIOp::create(
            b, loc, arith::CmpIPredicate::eq,
            arith::RemUIOp::create(b, loc, extentN, index(vector)), index(0)));
    SmallVector<Type> accTypes(rows * vector, b.getF32Type());
    auto ifVectors = scf::IfOp::create(b, loc, accTypes, wholeVectors,
                                       /*withElseRegion=*/true);
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(ifVectors.thenBlock());
      // The last whole vector for lanes past N (never stored).
      Value readCol = arith::MinUIOp::create(
          b, loc, laneCol,
          arith::SubIOp::create(b, loc, extentN, index(vector)));
      auto loadRow = [&](Value k) {
        return SmallVector<Value>{loadVector(k, readCol)};
      };
      // With several rows of A, each row's U elements of a step as one
      // vector where its rows and the K range keep them aligned to their
      // bytes. One row of A keeps its element loads: a vector measured no
      // faster there (docs/design/decode.md).
      int64_t bytesOfA = rowsOfK * getByteWidth(getElementType(a));
      if (rows > 1 && llvm::isPowerOf2_64(bytesOfA) && bytesOfA >= 4 &&
          bytesOfA <= kDotLoadBytes) {
        Value alignedK = arith::CmpIOp::create(
            b, loc, arith::CmpIPredicate::eq,
            arith::RemUIOp::create(b, loc, operands.lowerK, index(rowsOfK)),
            index(0));
        auto ifVectorsOfA = scf::IfOp::create(
            b, loc, accTypes,
            arith::AndIOp::create(b, loc, rowsA.vectorOk, alignedK),
            /*withElseRegion=*/true);
        {
          OpBuilder::InsertionGuard inner(b);
          b.setInsertionPointToStart(ifVectorsOfA.thenBlock());
          scf::YieldOp::create(
              b, loc, buildLoops(lower, upper, loadRow, MainLoop::VectorsOfA));
          b.setInsertionPointToStart(ifVectorsOfA.elseBlock());
          scf::YieldOp::create(
              b, loc, buildLoops(lower, upper, loadRow, MainLoop::ElementsOfA));
        }
        scf::YieldOp::create(b, loc, ifVectorsOfA.getResults());
      } else {
        scf::YieldOp::create(
            b, loc, buildLoops(lower, upper, loadRow, MainLoop::ElementsOfA));
      }
      b.setInsertionPointToStart(ifVectors.elseBlock());
      SmallVector<Value> readCols;
      for (int64_t e = 0; e < vector; ++e)
        readCols.push_back(clamp(add(laneCol, index(e)), extentN));
      scf::YieldOp::create(b, loc,
                           buildLoops(
                               lower, upper,
                               [&](Value k) {
                                 SmallVector<Value> elements;
                                 for (Value col : readCols)
                                   elements.push_back(memref::LoadOp::create(
                                       b, loc, bMatrix, ValueRange{k, col}));
                                 return elements;
                               },
                               MainLoop::RowPerWarp));
    }
    buildMeeting(ifVectors.getResults(), splitK);
  }

private:
  /// What the loops read of one row k of B: one vector of V elements, or V
  /// elements.
  using RowLoad = llvm::function_ref<SmallVector<Value>(Value k)>;

  /// How the loops walk K: whole BK steps of U rows per warp, reading A's
  /// U elements of a step as one vector or one by one, then the tail; or
  /// a row per warp throughout (element by element, where the V·U loads of
  /// a step would cost more registers than the vector path needs).
  enum class MainLoop { VectorsOfA, ElementsOfA, RowPerWarp };

  static Type getElementType(Value matrix) {
    return cast<MemRefType>(matrix.getType()).getElementType();
  }

  /// The block's K range: all of [lowerK, upperK), or with split_k = S
  /// the z-th of S ranges of whole BK steps (empty past the end).
  std::pair<Value, Value>
  getSplitRange(Value lowerK, Value upperK,
                const std::optional<SplitKWorkspace> &splitK) {
    if (!splitK)
      return {lowerK, upperK};
    int64_t bk = schedule.getBlockK();
    Value steps = arith::CeilDivUIOp::create(
        b, loc, arith::SubIOp::create(b, loc, upperK, lowerK), index(bk));
    Value span = mul(
        arith::CeilDivUIOp::create(b, loc, steps, index(schedule.getSplitK())),
        index(bk));
    Value split = gpu::BlockIdOp::create(b, loc, gpu::Dimension::z);
    Value lower =
        arith::MinUIOp::create(b, loc, add(lowerK, mul(split, span)), upperK);
    Value upper = arith::MinUIOp::create(b, loc, add(lower, span), upperK);
    return {lower, upper};
  }

  /// V elements of row k of B from column `col` on, as one 16-byte load.
  Value loadVector(Value k, Value col) {
    Type element = getElementType(bMatrix);
    return vector::LoadOp::create(
        b, loc, VectorType::get({vector}, element), bMatrix, ValueRange{k, col},
        /*nontemporal=*/false, llvm::MaybeAlign(kDotLoadBytes));
  }

  /// What `loadRow` read, as V f32 values.
  SmallVector<Value> widen(ArrayRef<Value> loaded) {
    SmallVector<Value> values;
    if (loaded.size() == 1) {
      Value wide = arith::ExtFOp::create(
          b, loc, VectorType::get({vector}, b.getF32Type()), loaded.front());
      for (int64_t e = 0; e < vector; ++e)
        values.push_back(vector::ExtractOp::create(b, loc, wide, e));
      return values;
    }
    for (Value element : loaded)
      values.push_back(arith::ExtFOp::create(b, loc, b.getF32Type(), element));
    return values;
  }

  /// The loops over [lower, upper) as `walk` says (MainLoop).
  SmallVector<Value> buildLoops(Value lower, Value upper, RowLoad loadRow,
                                MainLoop walk) {
    SmallVector<Value> acc(rows * vector, zero());
    if (walk == MainLoop::RowPerWarp)
      return buildLoop(lower, upper, warpsK, warpK, 1, loadRow,
                       /*vectorsOfA=*/false, acc);
    int64_t bk = schedule.getBlockK();
    Value mainEnd = wholeSteps(lower, upper, bk);
    acc = buildLoop(lower, mainEnd, bk, mul(warpK, index(rowsOfK)), rowsOfK,
                    loadRow, walk == MainLoop::VectorsOfA, acc);
    return buildLoop(mainEnd, upper, warpsK, warpK, 1, loadRow,
                     /*vectorsOfA=*/false, acc);
  }

  /// for (s = lower; s < upper; s += step): rows s + first .. + rowsPerStep
  /// (those below `upper` where rowsPerStep is 1, the tail), their loads of
  /// B before their loads of A (`vectorsOfA`: one aligned vector of
  /// rowsPerStep elements per row of A) before the FMAs.
  SmallVector<Value> buildLoop(Value lower, Value upper, int64_t step,
                               Value first, int64_t rowsPerStep,
                               RowLoad loadRow, bool vectorsOfA,
                               ArrayRef<Value> acc) {
    auto loop = scf::ForOp::create(b, loc, add(lower, first), upper,
                                   index(step), ValueRange(acc));
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    Value k0 = loop.getInductionVar();
    SmallVector<SmallVector<Value>> fromB;
    SmallVector<Value> ks;
    for (int64_t u = 0; u < rowsPerStep; ++u) {
      ks.push_back(add(k0, index(u)));
      fromB.push_back(loadRow(ks.back()));
    }
    SmallVector<SmallVector<Value>> fromA(rowsPerStep);
    if (vectorsOfA) {
      Type element = getElementType(a);
      int64_t bytes = rowsPerStep * getByteWidth(element);
      for (Value row : readRows) {
        Value loaded = vector::LoadOp::create(
            b, loc, VectorType::get({rowsPerStep}, element), a,
            ValueRange{row, k0}, /*nontemporal=*/false,
            llvm::MaybeAlign(bytes));
        Value wide = arith::ExtFOp::create(
            b, loc, VectorType::get({rowsPerStep}, b.getF32Type()), loaded);
        for (int64_t u = 0; u < rowsPerStep; ++u)
          fromA[u].push_back(vector::ExtractOp::create(b, loc, wide, u));
      }
    } else {
      for (int64_t u = 0; u < rowsPerStep; ++u)
        for (Value row : readRows) {
          Value element =
              memref::LoadOp::create(b, loc, a, ValueRange{row, ks[u]});
          fromA[u].push_back(
              arith::ExtFOp::create(b, loc, b.getF32Type(), element));
        }
    }
    SmallVector<Value> sums(loop.getRegionIterArgs());
    for (int64_t u = 0; u < rowsPerStep; ++u) {
      SmallVector<Value> wideB = widen(fromB[u]);
      for (int64_t i = 0; i < rows; ++i)
        for (int64_t e = 0; e < vector; ++e) {
          Value &sum = sums[i * vector + e];
          sum = math::FmaOp::create(b, loc, fromA[u][i], wideB[e], sum);
        }
    }
    scf::YieldOp::create(b, loc, sums);
    return SmallVector<Value>(loop.getResults());
  }

  /// The warps along K, then the split blocks, meet, and the tile goes to C
  /// through the fused epilogue.
  void buildMeeting(ValueRange acc,
                    const std::optional<SplitKWorkspace> &splitK) {
    Value raw = getDynamicSharedMemory(b, loc);
    Value partials = viewSharedMemory(b, loc, raw, index(0),
                                      {warpsK, rows, columns}, b.getF32Type());
    auto sliceType = VectorType::get({vector}, b.getF32Type());
    for (int64_t i = 0; i < rows; ++i) {
      Value slice = vector::FromElementsOp::create(
          b, loc, sliceType, acc.slice(i * vector, vector));
      vector::StoreOp::create(b, loc, slice, partials,
                              ValueRange{warpK, index(i), tileCol},
                              /*nontemporal=*/false, llvm::MaybeAlign(16));
    }
    gpu::BarrierOp::create(b, loc);
    // Thread t sums the tile's elements t, t + T, ... over the warps along
    // K. Where the block has more threads than the tile has elements, the
    // others read the last element and own none: their position for the
    // split meeting lies past C's last row, and they store nothing.
    int64_t elements = rows * columns;
    int64_t perThread = (elements + threads - 1) / threads;
    SmallVector<std::pair<Value, Value>> positions;
    SmallVector<Value> owned, sums;
    bool allOwn = elements % threads == 0;
    for (int64_t q = 0; q < perThread; ++q) {
      Value element = add(thread, index(q * threads));
      if (allOwn) {
        owned.push_back(arith::ConstantIntOp::create(b, loc, 1, 1));
      } else {
        owned.push_back(arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                              element, index(elements)));
        element = arith::MinUIOp::create(b, loc, element, index(elements - 1));
      }
      Value r = arith::DivUIOp::create(b, loc, element, index(columns));
      Value col = arith::RemUIOp::create(b, loc, element, index(columns));
      positions.push_back({r, col});
      Value sum;
      for (int64_t w = 0; w < warpsK; ++w) {
        Value part = memref::LoadOp::create(b, loc, partials,
                                            ValueRange{index(w), r, col});
        sum = sum ? arith::AddFOp::create(b, loc, sum, part) : part;
      }
      sums.push_back(sum);
    }
    std::optional<scf::IfOp> last;
    if (splitK) {
      Value held = allocateHeldSums(perThread);
      for (int64_t q = 0; q < perThread; ++q)
        memref::StoreOp::create(b, loc, sums[q], held,
                                ValueRange{index(0), index(q)});
      Value flag = viewSharedMemory(
          b, loc, raw, index(warpsK * rows * columns * 4), {1}, b.getI32Type());
      Value pastC = arith::SubIOp::create(
          b, loc, memref::DimOp::create(b, loc, c, 0), rowBase);
      SmallVector<std::pair<Value, Value>> meetAt;
      for (int64_t q = 0; q < perThread; ++q)
        meetAt.push_back({arith::SelectOp::create(b, loc, owned[q],
                                                  positions[q].first, pastC),
                          positions[q].second});
      // Where every thread owns its elements they lie in the tile, one by
      // one; else some lie past C and each takes the test.
      last = meetSimtSplits(
          b, loc, schedule, *splitK, c, rowBase, colBase, thread, held, 1,
          perThread, /*run=*/allOwn ? 1 : 0,
          [&](int64_t, int64_t q) { return meetAt[q]; }, flag);
      for (int64_t q = 0; q < perThread; ++q)
        sums[q] = memref::LoadOp::create(b, loc, held,
                                         ValueRange{index(0), index(q)});
    }
    // Each thread's sums into its own elements of the first warp's
    // partials, which the copy gives back to the same thread.
    for (int64_t q = 0; q < perThread; ++q) {
      OpBuilder::InsertionGuard guard(b);
      if (!allOwn)
        b.setInsertionPointToStart(
            scf::IfOp::create(b, loc, owned[q]).thenBlock());
      memref::StoreOp::create(
          b, loc, sums[q], partials,
          ValueRange{index(0), positions[q].first, positions[q].second});
    }
    gpu::BarrierOp::create(b, loc);
    copyTileByElementsThroughEpilogue(
        b, loc, fused, thread, threads, rows, columns, c, rowBase, colBase,
        [&](Value r, Value col) -> Value {
          return memref::LoadOp::create(b, loc, partials,
                                        ValueRange{index(0), r, col});
        });
    if (last)
      resetSimtSplitCounter(b, loc, schedule, *splitK, c, rowBase, colBase,
                            thread);
  }

  /// A 1×n f32 buffer in registers, allocated at the kernel's entry (where
  /// LLVM promotes it to registers) for meetSimtSplits.
  Value allocateHeldSums(int64_t n) {
    auto kernel =
        b.getInsertionBlock()->getParent()->getParentOfType<gpu::GPUFuncOp>();
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&kernel.getBody().front());
    return memref::AllocaOp::create(b, loc,
                                    MemRefType::get({1, n}, b.getF32Type()));
  }

  ScheduleAttr schedule;
  const FusedEpilogue &fused;
  int64_t rows, columns, vector, rowsOfK, warpsN, warpsK, threads;
  Value a, bMatrix, c, rowBase, colBase, thread, warpK, tileCol, extentN;
  SmallVector<Value> readRows;
};

} // namespace

void gemm_opt::buildDotAlongNKernel(PatternRewriter &b, Location loc,
                                    ScheduleAttr schedule,
                                    const DotBlockOperands &operands,
                                    std::optional<SplitKWorkspace> splitK,
                                    const FusedEpilogue &fused) {
  DotAlongNBuilder(b, loc, schedule, fused).build(operands, splitK);
}
