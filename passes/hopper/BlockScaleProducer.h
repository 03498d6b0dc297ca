//===- BlockScaleProducer.h - block scales into shared memory -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The second warp of the warp-specialized kernel's producer warpgroup in a
// block-scaled FP8 GEMM (dialect/BlockScaleRing.h): it walks the block's
// segments and K steps as the TMA warp does (passes/hopper/TmaProducer.h),
// and for each step
//
//   1. loads the step's block scales from global memory: A's of each row of
//      the block tile (lane l: rows l, l + 32, ...) and B's of each 128
//      columns (lane l: the l-th), rows and columns past the matrix clamped
//      to its last;
//   2. waits until the stage is empty;
//   3. stores them into the stage's entry of the ring;
//   4. arrives on the stage's "full" barrier, every lane (its arrival
//      releases its stores), so the barrier completes once the TMA bytes
//      and the 32 arrivals are in.
//
// The loads are issued before the wait, so their latency overlaps it; the
// consumers (passes/hopper/AccumulatorScaling.h) read the scales from the
// ring once the stage is full, with no global-memory latency in their loop.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_HOPPER_BLOCKSCALEPRODUCER_H
#define GEMM_OPT_PASSES_HOPPER_BLOCKSCALEPRODUCER_H

#include "passes/common/OperandScales.h"
#include "passes/hopper/BlockScaleRingMemory.h"
#include "passes/hopper/KernelBlock.h"

namespace gemm_opt {

/// Arrivals on each "full" barrier by the block-scale warp.
constexpr int64_t kBlockScaleArrivals = 32;

class BlockScaleProducer : KernelBlock {
public:
  BlockScaleProducer(const KernelBlock &block, OperandScales scales,
                     BlockScaleRingMemory ring)
      : KernelBlock(block), scales(scales), ring(ring.layout),
        memory(ring.memory) {}

  /// The producer warpgroup's code for thread `inGroup` of it: the second
  /// warp fills the ring, the others do nothing.
  void build(mlir::Value inGroup);

private:
  mlir::Value index(int64_t v);
  /// The block scales of K block `kBlock` for the tile at (rowBase,
  /// colBase), read from `scales` (a batch entry's), as lane `lane` holds
  /// them: A's then B's.
  llvm::SmallVector<mlir::Value> load(const OperandScales &scales,
                                      mlir::Value lane, mlir::Value kBlock,
                                      mlir::Value rowBase,
                                      mlir::Value colBase);
  /// Stores `values` (as load returned them) into entry `stage`.
  void store(mlir::Value lane, mlir::Value stage,
             llvm::ArrayRef<mlir::Value> values);
  /// min(i, extent - 1).
  mlir::Value clamp(mlir::Value i, mlir::Value extent);

  OperandScales scales;
  tile::BlockScaleRing ring;
  mlir::Value memory;
};

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_HOPPER_BLOCKSCALEPRODUCER_H
