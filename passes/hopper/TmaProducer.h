//===- TmaProducer.h - the warp-specialized kernel's producer -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The last warpgroup of the warp-specialized wgmma kernel: after giving up
// registers (setmaxnreg), one warp walks the block's segments and their K
// steps (passes/hopper/BlockWorkWalk.h); for the n-th K step overall it waits
// until stage n % S is empty (passes/hopper/StageRing.h), expects the stage's
// bytes on its "full" barrier, and one thread issues the TMA loads of A
// and B into it (passes/hopper/WgmmaStageOperands.h says how each layout is
// boxed). The other three warps retire at once. A kernel that stages an
// epilogue operand has the same warp load it into the consumers' staging
// parts, a panel per K step, once their stores are done reading them
// (passes/hopper/WarpSpecializedKernel.cpp).
//
// In a thread-block cluster with multicast, the blocks of a cluster row
// share A's tile and those of a column B's: each producer loads its share
// (1/CN of A's rows, 1/CM of B's load units) once and multicasts it into
// every block that needs it.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_HOPPER_TMAPRODUCER_H
#define GEMM_OPT_PASSES_HOPPER_TMAPRODUCER_H

#include "passes/hopper/BatchedTmaLoad.h"
#include "passes/hopper/KernelBlock.h"

namespace gemm_opt {

class TmaProducer : KernelBlock {
public:
  /// The producer of `block`; `broadcast`: which batched operands are
  /// broadcast (batch stride 0).
  TmaProducer(const KernelBlock &block, BatchBroadcast broadcast)
      : KernelBlock(block), broadcast(broadcast) {}

  /// What the producing warp issues after K step `step` (index) of the
  /// block's `tile`-th segment `segment`, once that step's loads are.
  using AfterStepLoads = llvm::function_ref<void(
      const BlockSegment &segment, mlir::Value tile, mlir::Value step)>;

  /// The producer warpgroup's code; `inGroup` is the thread's index in it,
  /// `descA` and `descB` the tensor maps the loads read; `afterStepLoads`
  /// (optional) adds loads of the producing warp's own.
  void build(mlir::Value inGroup, mlir::Value descA, mlir::Value descB,
             AfterStepLoads afterStepLoads = {});

private:
  mlir::Value index(int64_t v);
  /// The TMA load of A's BM×BK tile into `stage`; with multicast along N,
  /// of this block's share of its rows, sent to its whole cluster row.
  /// `batch`: the batch coordinate of a 3-D map, else null.
  void loadStageA(mlir::Value stage, mlir::Value k, mlir::Value rowBase,
                  mlir::Value batch, mlir::Value descA);
  /// The TMA loads of B's BK×BN tile into `stage`, one per swizzle-wide
  /// panel; with multicast along M, of every clusterM-th load unit from
  /// this block's cluster row on, sent to its whole cluster column. A unit
  /// is a panel, or a slice of whole swizzle atoms of one when the panels
  /// are fewer than the cluster rows: K rows of a row-major B's panels, N
  /// rows of a column-major B's single K-major panel. `batch`: as for A.
  void loadStageB(mlir::Value stage, mlir::Value k, mlir::Value colBase,
                  mlir::Value batch, mlir::Value descB);

  BatchBroadcast broadcast;
};

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_HOPPER_TMAPRODUCER_H
