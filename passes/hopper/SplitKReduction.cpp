//===- SplitKReduction.cpp - summing split-K partial tiles ----------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "passes/hopper/SplitKReduction.h"

#include "passes/common/SplitKCounter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace gemm_opt;

/// Elements per chunk: one 32-byte f32 vector of the staging tile.
static constexpr int64_t kChunk = 8;

SplitKReduction::SplitKReduction(OpBuilder &b, Location loc,
                                 const HopperKernelPlan &plan,
                                 SplitKWorkspace workspace, Value c,
                                 Value rowBase, Value colBase)
    : b(b), loc(loc), plan(plan), workspace(workspace), rowBase(rowBase),
      colBase(colBase) {
  rowsC = memref::DimOp::create(b, loc, c, 0);
  colsC = memref::DimOp::create(b, loc, c, 1);
  tileIndex = getSplitTileIndex(b, loc, rowBase, colBase, colsC, plan.blockM,
                                plan.blockN);
}

Value SplitKReduction::index(int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

void SplitKReduction::forEachChunk(
    Value groupThread,
    function_ref<void(Value, Value, Value, Value)> body) {
  int64_t chunksPerRow = plan.blockN / kChunk;
  int64_t threads = 128 * plan.warpgroupsPerTile;
  int64_t chunks = plan.stagingRows * chunksPerRow;
  for (int64_t first = 0; first < chunks; first += threads) {
    Value chunk = arith::AddIOp::create(b, loc, groupThread, index(first));
    // The last round of a tile the threads do not divide: the threads past
    // its end take no chunk.
    OpBuilder::InsertionGuard guard(b);
    if (first + threads > chunks) {
      auto ifInside = scf::IfOp::create(
          b, loc,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, chunk,
                                index(chunks)));
      b.setInsertionPointToStart(ifInside.thenBlock());
    }
    Value r = arith::DivUIOp::create(b, loc, chunk, index(chunksPerRow));
    Value cc = arith::MulIOp::create(
        b, loc, arith::RemUIOp::create(b, loc, chunk, index(chunksPerRow)),
        index(kChunk));
    body(r, cc, arith::AddIOp::create(b, loc, rowBase, r),
         arith::AddIOp::create(b, loc, colBase, cc));
  }
}

std::pair<Value, Value> SplitKReduction::locate(Value row, Value col) {
  Value inside = arith::AndIOp::create(
      b, loc,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, row, rowsC),
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, col, colsC));
  Value offset = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, row, colsC), col);
  return {inside, offset};
}

Value SplitKReduction::wholeChunk(Value row, Value col) {
  // 8 f32 = two 16-byte vectors: the workspace rows (N floats) must keep
  // chunks 16-byte aligned.
  Value aligned = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::eq,
      arith::RemUIOp::create(b, loc, colsC, index(4)), index(0));
  return arith::AndIOp::create(
      b, loc, aligned,
      arith::AndIOp::create(
          b, loc,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, row, rowsC),
          arith::CmpIOp::create(
              b, loc, arith::CmpIPredicate::ule,
              arith::AddIOp::create(b, loc, col, index(kChunk)), colsC)));
}

Value SplitKReduction::sliceOffset(Value split, Value row, Value col) {
  // Slice `split` of S row-major M×N slices.
  Value slice = arith::MulIOp::create(
      b, loc, split, arith::MulIOp::create(b, loc, rowsC, colsC));
  return arith::AddIOp::create(b, loc, slice, locate(row, col).second);
}

scf::IfOp SplitKReduction::addAndTakeSumsIfLast(
    Value staging, Value groupThread, function_ref<void()> groupBarrier,
    Value flag) {
  Type f32 = b.getF32Type();
  auto f32xChunk = VectorType::get({kChunk}, f32);
  Value split = gpu::BlockIdOp::create(b, loc, gpu::Dimension::z);
  // The partial tile into this split's slice of the workspace: whole
  // chunks as vectors, element by element at C's edges.
  forEachChunk(groupThread, [&](Value r, Value cc, Value row, Value col) {
    Value values =
        vector::LoadOp::create(b, loc, f32xChunk, staging, ValueRange{r, cc});
    auto ifWhole = scf::IfOp::create(b, loc, wholeChunk(row, col),
                                     /*withElse=*/true);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifWhole.thenBlock());
    vector::StoreOp::create(b, loc, values, workspace.partials,
                            ValueRange{sliceOffset(split, row, col)},
                            /*nontemporal=*/false, llvm::MaybeAlign(16));
    b.setInsertionPointToStart(ifWhole.elseBlock());
    for (int64_t e = 0; e < kChunk; ++e) {
      Value column = arith::AddIOp::create(b, loc, col, index(e));
      auto ifInside = scf::IfOp::create(b, loc, locate(row, column).first);
      OpBuilder::InsertionGuard inner(b);
      b.setInsertionPointToStart(ifInside.thenBlock());
      memref::StoreOp::create(b, loc,
                              vector::ExtractOp::create(b, loc, values, e),
                              workspace.partials,
                              ValueRange{sliceOffset(split, row, column)});
    }
  });
  Value isLast = countSplitBlock(b, loc, workspace.counters, tileIndex,
                                 groupThread, plan.splitK, flag, groupBarrier);
  auto ifLast = scf::IfOp::create(b, loc, isLast);
  b.setInsertionPointToStart(ifLast.thenBlock());
  // The other blocks wrote their slices before they were counted. (No L1
  // line of the workspace can be stale: nothing in this launch read it
  // before, and the L1 starts empty each launch.)
  fenceSplitKWorkspace(b, loc);
  Value zeroF =
      arith::ConstantFloatOp::create(b, loc, b.getF32Type(), APFloat(0.0f));
  forEachChunk(groupThread, [&](Value r, Value cc, Value row, Value col) {
    auto ifWhole = scf::IfOp::create(b, loc, TypeRange{f32xChunk},
                                     wholeChunk(row, col), /*withElse=*/true);
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(ifWhole.thenBlock());
      Value sum;
      for (int64_t z = 0; z < plan.splitK; ++z) {
        Value slice = vector::LoadOp::create(
            b, loc, f32xChunk, workspace.partials,
            ValueRange{sliceOffset(index(z), row, col)},
            /*nontemporal=*/false, llvm::MaybeAlign(16));
        sum = sum ? arith::AddFOp::create(b, loc, sum, slice) : slice;
      }
      scf::YieldOp::create(b, loc, sum);
      b.setInsertionPointToStart(ifWhole.elseBlock());
      SmallVector<Value> sums;
      for (int64_t e = 0; e < kChunk; ++e) {
        Value column = arith::AddIOp::create(b, loc, col, index(e));
        auto ifInside = scf::IfOp::create(b, loc, TypeRange{f32},
                                          locate(row, column).first,
                                          /*withElse=*/true);
        OpBuilder::InsertionGuard inner(b);
        b.setInsertionPointToStart(ifInside.thenBlock());
        Value sum = zeroF;
        for (int64_t z = 0; z < plan.splitK; ++z)
          sum = arith::AddFOp::create(
              b, loc, sum,
              memref::LoadOp::create(
                  b, loc, workspace.partials,
                  ValueRange{sliceOffset(index(z), row, column)}));
        scf::YieldOp::create(b, loc, sum);
        b.setInsertionPointToStart(ifInside.elseBlock());
        scf::YieldOp::create(b, loc, zeroF);
        sums.push_back(ifInside.getResult(0));
      }
      scf::YieldOp::create(
          b, loc, ValueRange{vector::FromElementsOp::create(b, loc, f32xChunk,
                                                            sums)});
    }
    vector::StoreOp::create(b, loc, ifWhole.getResult(0), staging,
                            ValueRange{r, cc});
  });
  groupBarrier();
  return ifLast;
}

void SplitKReduction::resetCounter(Value groupThread) {
  resetSplitCounter(b, loc, workspace.counters, tileIndex, groupThread);
}
