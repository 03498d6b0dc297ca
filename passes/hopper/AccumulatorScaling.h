//===- AccumulatorScaling.h - an 8-bit GEMM's scales on its sums -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// How a consumer warpgroup of the warp-specialized wgmma kernel applies an
// FP8 GEMM's scales (#tile.scaling) to its accumulator, element by element
// in the layout of passes/hopper/AccumulatorFragments.h (thread t holds rows
// 16(t/32) + (t mod 32)/4 (+ 8) of each 64-row slice and columns 8j +
// 2(t mod 4) (+ 1)):
//
//   - per 128-K block, where the partial sums are promoted
//     (ScalingAttr::promotesPartialSums): sum += partial · sa(i, kb) ·
//     sb(kb, j), the factors being the block scales (1 for an operand
//     scaled per tensor, row or column). The thread's scales of A (one per
//     row it holds) and of B (one per 128 columns) are read from the
//     stage's entry of the block-scale ring (dialect/BlockScaleRing.h,
//     filled by passes/hopper/BlockScaleProducer.h) once the stage is full,
//     or, without a ring, loaded from global memory a step ahead
//     (passes/hopper/PromotingMainLoop.h);
//   - once, after the main loop: acc · sa(i) · sb(j) with the scales per
//     tensor, row and column (a block-scaled operand's factor is 1 here),
//     the row factors loaded before the main loop, the column factors
//     before it or, in a promoting kernel, after it.
//
// Reads clamp their indices into the scale operands, so the rows and
// columns of a tile past M or N (which store nothing) read valid memory.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_HOPPER_ACCUMULATORSCALING_H
#define GEMM_OPT_PASSES_HOPPER_ACCUMULATORSCALING_H

#include "passes/common/OperandScales.h"
#include "passes/hopper/BlockScaleRingMemory.h"
#include "passes/hopper/HopperKernelPlan.h"

namespace gemm_opt {

class AccumulatorScaling {
public:
  /// `ring`: the block-scale ring, if the kernel has one.
  AccumulatorScaling(mlir::OpBuilder &b, mlir::Location loc,
                     const HopperKernelPlan &plan, OperandScales scales,
                     BlockScaleRingMemory ring = {})
      : b(b), loc(loc), plan(plan), scales(scales), ring(ring) {}

  /// Whether the main loop promotes partial sums every 128 K elements.
  bool promotes() const {
    return scales && scales.scaling.promotesPartialSums();
  }

  /// Whether either operand is scaled per 128 K elements.
  bool hasBlockScales() const {
    return scales && scales.scaling.hasBlockScales();
  }

  /// Whether the block scales come from the block-scale ring.
  bool readsBlockScaleRing() const { return static_cast<bool>(ring); }

  /// The block scales of the K step in `stage`, read from its ring entry,
  /// for the warpgroup tile at (row, col) of the block tile, (rowC, colC)
  /// of C; as loadBlockFactors returns them.
  llvm::SmallVector<mlir::Value> readBlockFactors(mlir::Value stage,
                                                  mlir::Value row,
                                                  mlir::Value col,
                                                  mlir::Value colC);

  /// The block scales of K block `kBlock` for the warpgroup tile at (rowC,
  /// colC) of C, as loaded: A's for each row the thread holds (if A has
  /// block scales), then B's for each 128-column block (if B has); empty
  /// without block scales. Nothing uses them until promote.
  /// `kBlock` is clamped to the last K block.
  llvm::SmallVector<mlir::Value> loadBlockFactors(mlir::Value kBlock,
                                                  mlir::Value rowC,
                                                  mlir::Value colC);

  /// sum + partial · factors (as loadBlockFactors returned them; empty: 1),
  /// `sum` the warpgroup's WM×WN sums and `partial` a WM×W accumulator of
  /// its columns [firstColumn, firstColumn + W); the products of A's and
  /// B's scales are formed here.
  mlir::Value promote(mlir::Value sum, mlir::Value partial,
                      llvm::ArrayRef<mlir::Value> factors,
                      int64_t firstColumn = 0);

  /// The scales per tensor, row and column of the warpgroup tile at (rowC,
  /// colC) of C, as factors of each row and column the thread holds (null
  /// where 1).
  struct OutputFactors {
    llvm::SmallVector<mlir::Value> rows, columns;
  };
  /// The row factors (per tensor and per row: two or four registers).
  /// Load them before the main loop, so their latency hides.
  void loadRowFactors(OutputFactors &factors, mlir::Value rowC);
  /// The column factors (per column: a quarter of the warpgroup tile's
  /// columns, 64 registers at N = 256). A fast-accumulating kernel loads
  /// them before its main loop; a promoting one after it: held across
  /// the loop beside the sums and a partial accumulator, they spill.
  void loadColumnFactors(OutputFactors &factors, mlir::Value colC);

  /// The accumulator multiplied by `factors`; `acc` itself where they are
  /// all 1.
  mlir::Value scaleAccumulator(mlir::Value acc, const OutputFactors &factors);

private:
  mlir::Value index(int64_t v);
  /// The thread's index in its warpgroup.
  mlir::Value thread();
  /// Rows of C the thread holds, slice by slice (2 per 64-row slice).
  llvm::SmallVector<mlir::Value> fragmentRows(mlir::Value rowC);
  /// The 128-column blocks the warpgroup tile covers: block c of the
  /// tile (c = 8j / 128 for fragment group j) is colC / 128 + c.
  int64_t columnBlocks() const;
  /// min(i, extent - 1).
  mlir::Value clamp(mlir::Value i, mlir::Value extent);
  mlir::Value multiply(mlir::Value x, mlir::Value y);

  mlir::OpBuilder &b;
  mlir::Location loc;
  const HopperKernelPlan &plan;
  OperandScales scales;
  BlockScaleRingMemory ring;
};

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_HOPPER_ACCUMULATORSCALING_H
