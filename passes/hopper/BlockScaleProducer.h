//===- BlockScaleProducer.h - block scales into shared memory -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The second warp of the warp-specialized kernel's producer warpgroup in a
// block-scaled FP8 GEMM (dialect/BlockScaleRing.h): it walks the block's
// segments and K steps as the TMA warp does (passes/hopper/TmaProducer.h)
// and puts each step's block scales into the stage's entry of the ring: A's
// of each row of the block tile (lane l: rows l, l + 32, ...) and B's of
// each 128 columns (lane l < the tile's column blocks: the l-th); a row or
// column block past the matrix is never stored. The schedule picks one of
// two ways (#tile.warp_specialization's async_scale_copies):
//
// - Through registers (the default): load the step's scales (rows and
//   columns past the matrix clamped to its last), wait until
//   the stage is empty, store them and arrive on the stage's "full"
//   barrier, every lane (its arrival releases its stores). The loads are
//   issued before the wait, so with the pipeline full they are in by the
//   time the stage frees. Each step's loads wait for the previous step's
//   arrival, though, so filling S stages takes S load latencies.
// - Asynchronously: wait until the stage is empty, copy the scales with
//   4-byte cp.async straight into the ring (past the matrix: nothing read,
//   0 written) and arrive through
//   cp.async.mbarrier.arrive.noinc, which lands once the lane's copies
//   have. The warp never waits for global memory, so the stages fill
//   within about one latency, and no scale passes through its registers.
//
// Either way the "full" barrier completes once the TMA bytes and the 32
// lanes' arrivals are in, and the consumers (passes/hopper/
// AccumulatorScaling.h) read the scales from the ring, with no
// global-memory latency in their loop.
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
  /// One 4-byte copy of a scale into the ring: from `storage`[position]
  /// to element `at` of the ring, reading nothing and writing 0 where
  /// `inside` is false, by the lanes where `owner` holds (all if null).
  struct ScaleCopy {
    mlir::Value storage, position, inside, at, owner;
  };
  /// The copies lane `lane` makes of the block scales of K block `kBlock`
  /// for the tile at (rowBase, colBase), read from `scales` (a batch
  /// entry's), into entry `stage` of the ring: A's then B's.
  llvm::SmallVector<ScaleCopy> describe(const OperandScales &scales,
                                        mlir::Value lane, mlir::Value kBlock,
                                        mlir::Value rowBase,
                                        mlir::Value colBase, mlir::Value stage);
  /// Through registers: the scales lane `lane` holds for K block `kBlock`
  /// of the tile at (rowBase, colBase), read from `scales` (a batch
  /// entry's), A's then B's, rows and columns past the matrix clamped to its
  /// last ...
  llvm::SmallVector<mlir::Value> load(const OperandScales &scales,
                                      mlir::Value lane, mlir::Value kBlock,
                                      mlir::Value rowBase,
                                      mlir::Value colBase);
  /// ... and their stores into entry `stage`.
  void store(mlir::Value lane, mlir::Value stage,
             llvm::ArrayRef<mlir::Value> values);
  /// min(i, extent - 1).
  mlir::Value clamp(mlir::Value i, mlir::Value extent);
  /// Asynchronously: one 4-byte cp.async.
  void copyAsync(const ScaleCopy &copy);
  /// A 2-D scale operand's storage as a 1-D unit-stride memref from its
  /// base buffer, and where its elements lie in it.
  struct FlatScales {
    mlir::Value storage, offset;
    llvm::SmallVector<mlir::Value, 2> sizes, strides;
    /// The position of element (i, j) in `storage`.
    mlir::Value position(mlir::OpBuilder &b, mlir::Location loc, mlir::Value i,
                         mlir::Value j) const;
  };
  FlatScales flatten(mlir::Value scales);
  OperandScales scales;
  tile::BlockScaleRing ring;
  mlir::Value memory;
};

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_HOPPER_BLOCKSCALEPRODUCER_H
