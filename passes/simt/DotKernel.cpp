//===- DotKernel.cpp - thin GEMMs as warp-wide dot products ---------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "passes/simt/DotKernel.h"

#include "dialect/DotScheduleVerifier.h"
#include "dialect/MemoryQueries.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "passes/common/MatrixRows.h"
#include "passes/common/TransposedView.h"
#include "passes/simt/DotArithmetic.h"

using namespace mlir;
using namespace gemm_opt;
using namespace gemm_opt::tile;

namespace {

/// Builds one block's dot products (DotKernel.h).
class DotKernelBuilder : DotArithmetic {
public:
  DotKernelBuilder(PatternRewriter &b, Location loc, ScheduleAttr schedule,
                   const FusedEpilogue &fused)
      : DotArithmetic(b, loc), schedule(schedule), fused(fused),
        rows(schedule.getBlockM()), cols(schedule.getWarpN()),
        vector(schedule.getMma().getK()),
        unroll(schedule.getBlockK() / (32 * schedule.getMma().getK())) {}

  void build(const DotBlockOperands &operands) {
    a = operands.a;
    // B's columns as the rows of an N×K row-major view.
    bt = createTransposedView(b, loc, operands.b);
    Value threadId = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
    lane = arith::RemUIOp::create(b, loc, threadId, index(32));
    Value warp = arith::DivUIOp::create(b, loc, threadId, index(32));
    MatrixRows rowsA = MatrixRows::get(b, loc, a);
    MatrixRows rowsB = MatrixRows::get(b, loc, bt);
    extentM = rowsA.rows;
    extentN = rowsB.rows;
    // The first output column of the warp, and every row and column it
    // reads, clamped into the matrices.
    firstCol = add(operands.colBase, mul(warp, index(cols)));
    rowBase = operands.rowBase;
    for (int64_t i = 0; i < rows; ++i)
      readRows.push_back(clamp(add(rowBase, index(i)), extentM));
    for (int64_t j = 0; j < cols; ++j)
      readCols.push_back(clamp(add(firstCol, index(j)), extentN));

    Value kMultiple = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::eq,
        arith::RemUIOp::create(b, loc, rowsA.cols, index(vector)), index(0));
    Value vectorOk = arith::AndIOp::create(
        b, loc, kMultiple,
        arith::AndIOp::create(b, loc, rowsA.vectorOk, rowsB.vectorOk));

    SmallVector<Value> acc(rows * cols, zero());
    int64_t step = 32 * vector;
    Value mainEnd = arith::SelectOp::create(
        b, loc, vectorOk,
        wholeSteps(operands.lowerK, operands.upperK, step * unroll),
        operands.lowerK);
    acc = buildVectorLoop(operands.lowerK, mainEnd, unroll, acc);
    Value middleEnd = arith::SelectOp::create(
        b, loc, vectorOk, wholeSteps(mainEnd, operands.upperK, step), mainEnd);
    acc = buildVectorLoop(mainEnd, middleEnd, 1, acc);
    acc = buildTailLoop(middleEnd, operands.upperK, acc);
    for (Value &value : acc)
      value = sumOverLanes(value);
    buildStores(operands.c, acc);
  }

private:
  /// K from `lower` to `upper` (a whole number of 32·V·unroll steps) with
  /// 16-byte loads, all of a step's loads before its FMAs.
  SmallVector<Value> buildVectorLoop(Value lower, Value upper, int64_t unroll,
                                     ArrayRef<Value> acc) {
    int64_t step = 32 * vector;
    Type element = cast<MemRefType>(a.getType()).getElementType();
    auto loaded = VectorType::get({vector}, element);
    auto wide = VectorType::get({vector}, b.getF32Type());
    auto loop = scf::ForOp::create(b, loc, lower, upper, index(step * unroll),
                                   ValueRange(acc));
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    Value laneK = add(loop.getInductionVar(), mul(lane, index(vector)));
    auto load = [&](Value matrix, Value row, Value k) -> Value {
      return vector::LoadOp::create(b, loc, loaded, matrix, ValueRange{row, k},
                                    /*nontemporal=*/false,
                                    llvm::MaybeAlign(kDotLoadBytes));
    };
    // B first: its loads are the stream the kernel is bound by.
    SmallVector<SmallVector<Value>> fromB(unroll), fromA(unroll);
    for (int64_t u = 0; u < unroll; ++u) {
      Value k = add(laneK, index(u * step));
      for (Value col : readCols)
        fromB[u].push_back(load(bt, col, k));
      for (Value row : readRows)
        fromA[u].push_back(load(a, row, k));
    }
    SmallVector<Value> sums(loop.getRegionIterArgs());
    for (int64_t u = 0; u < unroll; ++u) {
      SmallVector<Value> wideA, wideB;
      for (Value v : fromA[u])
        wideA.push_back(arith::ExtFOp::create(b, loc, wide, v));
      for (Value v : fromB[u])
        wideB.push_back(arith::ExtFOp::create(b, loc, wide, v));
      // Element-major, so that consecutive FMAs feed different sums.
      for (int64_t e = 0; e < vector; ++e)
        for (int64_t i = 0; i < rows; ++i) {
          Value x = vector::ExtractOp::create(b, loc, wideA[i], e);
          for (int64_t j = 0; j < cols; ++j) {
            Value &sum = sums[i * cols + j];
            sum = math::FmaOp::create(
                b, loc, x, vector::ExtractOp::create(b, loc, wideB[j], e), sum);
          }
        }
    }
    scf::YieldOp::create(b, loc, sums);
    return SmallVector<Value>(loop.getResults());
  }

  /// K from `lower` to `upper`, one element per lane and step.
  SmallVector<Value> buildTailLoop(Value lower, Value upper,
                                   ArrayRef<Value> acc) {
    auto loop = scf::ForOp::create(b, loc, add(lower, lane), upper, index(32),
                                   ValueRange(acc));
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    Value k = loop.getInductionVar();
    auto load = [&](Value matrix, Value row) -> Value {
      Value v = memref::LoadOp::create(b, loc, matrix, ValueRange{row, k});
      return arith::ExtFOp::create(b, loc, b.getF32Type(), v);
    };
    SmallVector<Value> fromB, fromA;
    for (Value col : readCols)
      fromB.push_back(load(bt, col));
    for (Value row : readRows)
      fromA.push_back(load(a, row));
    SmallVector<Value> sums(loop.getRegionIterArgs());
    for (int64_t i = 0; i < rows; ++i)
      for (int64_t j = 0; j < cols; ++j)
        sums[i * cols + j] =
            math::FmaOp::create(b, loc, fromA[i], fromB[j], sums[i * cols + j]);
    scf::YieldOp::create(b, loc, sums);
    return SmallVector<Value>(loop.getResults());
  }

  /// The sum of `value` over the warp's 32 lanes, in every lane.
  Value sumOverLanes(Value value) {
    Value width = arith::ConstantIntOp::create(b, loc, b.getI32Type(), 32);
    for (int64_t offset = 16; offset >= 1; offset /= 2) {
      Value other = gpu::ShuffleOp::create(b, loc, value,
                                           arith::ConstantIntOp::create(
                                               b, loc, b.getI32Type(), offset),
                                           width, gpu::ShuffleMode::XOR)
                        .getShuffleResult();
      value = arith::AddFOp::create(b, loc, value, other);
    }
    return value;
  }

  /// Lane t of round q stores output 32·q + t (row i, column j of the warp's
  /// outputs, t = i·WN + j) where it lies inside C.
  void buildStores(Value c, ArrayRef<Value> sums) {
    Type elementC = cast<MemRefType>(c.getType()).getElementType();
    int64_t outputs = rows * cols;
    for (int64_t round = 0; round * 32 < outputs; ++round) {
      int64_t first = round * 32;
      int64_t last = std::min<int64_t>(outputs, first + 32);
      Value value = sums[first];
      for (int64_t t = first + 1; t < last; ++t) {
        Value mine = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                           lane, index(t - first));
        value = arith::SelectOp::create(b, loc, mine, sums[t], value);
      }
      Value output = add(lane, index(first));
      Value row =
          add(rowBase, arith::DivUIOp::create(b, loc, output, index(cols)));
      Value col =
          add(firstCol, arith::RemUIOp::create(b, loc, output, index(cols)));
      auto less = [&](Value x, Value y) -> Value {
        return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, x, y);
      };
      Value inside = arith::AndIOp::create(
          b, loc, less(output, index(last)),
          arith::AndIOp::create(b, loc, less(row, extentM),
                                less(col, extentN)));
      auto ifInside = scf::IfOp::create(b, loc, TypeRange{}, inside,
                                        /*withElseRegion=*/false);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPoint(ifInside.thenBlock()->getTerminator());
      Value out = fused.applyToElement(b, loc, value, row, col, elementC);
      memref::StoreOp::create(b, loc, out, c, ValueRange{row, col});
    }
  }

  ScheduleAttr schedule;
  const FusedEpilogue &fused;
  int64_t rows, cols, vector, unroll;
  Value a, bt, lane, extentM, extentN, rowBase, firstCol;
  SmallVector<Value> readRows, readCols;
};

} // namespace

void gemm_opt::buildDotKernel(PatternRewriter &b, Location loc,
                              ScheduleAttr schedule,
                              const DotBlockOperands &operands,
                              const FusedEpilogue &fused) {
  DotKernelBuilder(b, loc, schedule, fused).build(operands);
}
