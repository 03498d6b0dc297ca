//===- AccumulatorScaling.cpp - an 8-bit GEMM's scales on its sums --------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "passes/hopper/AccumulatorScaling.h"

#include "passes/hopper/AccumulatorFragments.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"

using namespace mlir;
using namespace gemm_opt;
using namespace gemm_opt::tile;

/// Columns one scale of a block-scaled B covers (and K elements of every
/// block scale).
static constexpr int64_t kScaleBlock = 128;

Value AccumulatorScaling::index(int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

Value AccumulatorScaling::thread() {
  return arith::RemUIOp::create(
      b, loc, gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x), index(128));
}

SmallVector<Value> AccumulatorScaling::fragmentRows(Value rowC) {
  return getFragmentRows(b, loc, thread(), plan.warpM, rowC);
}

int64_t AccumulatorScaling::columnBlocks() const {
  return std::max<int64_t>(plan.warpN / kScaleBlock, 1);
}

Value AccumulatorScaling::clamp(Value i, Value extent) {
  return arith::MinUIOp::create(
      b, loc, i, arith::SubIOp::create(b, loc, extent, index(1)));
}

Value AccumulatorScaling::multiply(Value x, Value y) {
  if (!x)
    return y;
  if (!y)
    return x;
  return arith::MulFOp::create(b, loc, x, y);
}

SmallVector<Value> AccumulatorScaling::loadBlockFactors(Value kBlock,
                                                        Value rowC,
                                                        Value colC) {
  if (!scales || !scales.scaling.hasBlockScales())
    return {};
  // A prefetch may name the K block after the last.
  Value kBlocks = scales.scaling.getA() == ScaleA::block_1x128
                      ? memref::DimOp::create(b, loc, scales.a, 1).getResult()
                      : memref::DimOp::create(b, loc, scales.b, 0).getResult();
  kBlock = clamp(kBlock, kBlocks);
  // A's scale of each row the thread holds in this K block.
  SmallVector<Value> rowFactors;
  if (scales.scaling.getA() == ScaleA::block_1x128) {
    Value rows = memref::DimOp::create(b, loc, scales.a, 0);
    for (Value row : fragmentRows(rowC))
      rowFactors.push_back(memref::LoadOp::create(
          b, loc, scales.a, ValueRange{clamp(row, rows), kBlock}));
  }
  // B's scale of each 128 columns of the warpgroup tile in this K block.
  SmallVector<Value> columnFactors;
  if (scales.scaling.getB() == ScaleB::block_128x128) {
    Value blocks = memref::DimOp::create(b, loc, scales.b, 1);
    Value first = arith::DivUIOp::create(b, loc, colC, index(kScaleBlock));
    for (int64_t c = 0; c < columnBlocks(); ++c)
      columnFactors.push_back(memref::LoadOp::create(
          b, loc, scales.b,
          ValueRange{kBlock,
                     clamp(arith::AddIOp::create(b, loc, first, index(c)),
                           blocks)}));
  }
  // The loaded values themselves: their products are formed where they
  // are used (promote), so nothing waits for the loads here.
  SmallVector<Value> factors = std::move(rowFactors);
  llvm::append_range(factors, columnFactors);
  return factors;
}

SmallVector<Value> AccumulatorScaling::readBlockFactors(Value stage,
                                                        Value row, Value col,
                                                        Value colC) {
  assert(ring && "no block-scale ring to read");
  const BlockScaleRing &layout = ring.layout;
  Value entry =
      arith::MulIOp::create(b, loc, stage, index(layout.getStageFactors()));
  SmallVector<Value> factors;
  // A's scale of each row the thread holds, by its row in the block tile.
  if (layout.factorsA > 0)
    for (Value r : getFragmentRows(b, loc, thread(), plan.warpM, row))
      factors.push_back(memref::LoadOp::create(
          b, loc, ring.memory,
          ValueRange{arith::AddIOp::create(b, loc, entry, r)}));
  // B's scale of each 128 columns of the warpgroup tile: the ring holds
  // the block tile's, from column block (colC - col) / 128 on.
  if (layout.factorsB > 0) {
    Value first = arith::SubIOp::create(
        b, loc, arith::DivUIOp::create(b, loc, colC, index(kScaleBlock)),
        arith::DivUIOp::create(b, loc,
                               arith::SubIOp::create(b, loc, colC, col),
                               index(kScaleBlock)));
    Value at = arith::AddIOp::create(
        b, loc, entry,
        arith::AddIOp::create(b, loc, first, index(layout.factorsA)));
    for (int64_t c = 0; c < columnBlocks(); ++c)
      factors.push_back(memref::LoadOp::create(
          b, loc, ring.memory,
          ValueRange{arith::AddIOp::create(b, loc, at, index(c))}));
  }
  return factors;
}

Value AccumulatorScaling::promote(Value sum, Value partial,
                                  ArrayRef<Value> factors,
                                  int64_t firstColumn) {
  int64_t width = cast<nvgpu::WarpgroupAccumulatorType>(partial.getType())
                      .getFragmented()
                      .getDimSize(1);
  SmallVector<Value> sums =
      extractFragments(b, loc, sum, plan.warpM, plan.warpN);
  SmallVector<Value> partials =
      extractFragments(b, loc, partial, plan.warpM, width);
  // One factor per (row, column block), row-major: A's row scale (if A
  // has block scales) times B's column-block scale (if B has).
  int64_t rows = 2 * plan.warpM / 64;
  bool blockA = scales.scaling.getA() == ScaleA::block_1x128;
  bool blockB = scales.scaling.getB() == ScaleB::block_128x128;
  SmallVector<Value> products;
  if (!factors.empty())
    for (int64_t r = 0; r < rows; ++r)
      for (int64_t c = 0; c < columnBlocks(); ++c)
        products.push_back(
            multiply(blockA ? factors[r] : Value(),
                     blockB ? factors[(blockA ? rows : 0) + c] : Value()));
  // Partial element e = 4j + 2h + p of slice i (row 2i + h, column
  // firstColumn + 8j + 2(t mod 4) + p) adds to the sums' element
  // firstColumn / 2 + e of slice i.
  int64_t perSlice = plan.warpN / 2, partialPerSlice = width / 2;
  for (size_t n = 0; n < partials.size(); ++n) {
    int64_t slice = static_cast<int64_t>(n) / partialPerSlice;
    int64_t e = static_cast<int64_t>(n) % partialPerSlice;
    int64_t at = slice * perSlice + firstColumn / 2 + e;
    if (factors.empty()) {
      sums[at] = arith::AddFOp::create(b, loc, sums[at], partials[n]);
      continue;
    }
    int64_t row = 2 * slice + (e / 2) % 2;
    int64_t block = (firstColumn + 8 * (e / 4)) / kScaleBlock;
    sums[at] = math::FmaOp::create(
        b, loc, partials[n], products[row * columnBlocks() + block], sums[at]);
  }
  return buildAccumulator(b, loc, sum.getType(), sums, plan.warpM,
                          plan.warpN);
}

void AccumulatorScaling::loadRowFactors(OutputFactors &factors,
                                        Value rowC) {
  if (!scales)
    return;
  ScalingAttr scaling = scales.scaling;
  // A scalar of either operand multiplies every row's factor.
  Value scalar;
  if (scaling.getA() == ScaleA::tensor)
    scalar = memref::LoadOp::create(b, loc, scales.a, ValueRange{});
  if (scaling.getB() == ScaleB::tensor)
    scalar = multiply(
        scalar, memref::LoadOp::create(b, loc, scales.b, ValueRange{}));
  factors.rows.assign(2 * plan.warpM / 64, scalar);
  if (scaling.getA() == ScaleA::row) {
    Value rows = memref::DimOp::create(b, loc, scales.a, 0);
    for (auto [r, row] : llvm::enumerate(fragmentRows(rowC)))
      factors.rows[r] = multiply(
          factors.rows[r],
          memref::LoadOp::create(b, loc, scales.a,
                                 ValueRange{clamp(row, rows)}));
  }
}

void AccumulatorScaling::loadColumnFactors(OutputFactors &factors,
                                           Value colC) {
  if (!scales)
    return;
  ScalingAttr scaling = scales.scaling;
  // B's scale of each column the thread holds: 8j + 2(t mod 4) + p.
  if (scaling.getB() == ScaleB::column) {
    Value columns = memref::DimOp::create(b, loc, scales.b, 0);
    Value first = arith::AddIOp::create(
        b, loc, colC,
        arith::MulIOp::create(
            b, loc, arith::RemUIOp::create(b, loc, thread(), index(4)),
            index(2)));
    for (int64_t column = 0; column < plan.warpN / 4; ++column) {
      Value at = arith::AddIOp::create(
          b, loc, first, index(8 * (column / 2) + column % 2));
      factors.columns.push_back(memref::LoadOp::create(
          b, loc, scales.b, ValueRange{clamp(at, columns)}));
    }
  }
}

Value AccumulatorScaling::scaleAccumulator(Value acc,
                                           const OutputFactors &factors) {
  if ((factors.rows.empty() || !factors.rows.front()) &&
      factors.columns.empty())
    return acc;
  SmallVector<Value> values =
      extractFragments(b, loc, acc, plan.warpM, plan.warpN);
  int64_t perSlice = plan.warpN / 2;
  for (size_t n = 0; n < values.size(); ++n) {
    int64_t e = static_cast<int64_t>(n) % perSlice;
    int64_t slice = static_cast<int64_t>(n) / perSlice;
    Value factor = factors.rows[2 * slice + (e / 2) % 2];
    if (!factors.columns.empty())
      factor = multiply(factor, factors.columns[2 * (e / 4) + e % 2]);
    values[n] = arith::MulFOp::create(b, loc, values[n], factor);
  }
  return buildAccumulator(b, loc, acc.getType(), values, plan.warpM,
                          plan.warpN);
}
