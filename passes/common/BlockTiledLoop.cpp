//===- BlockTiledLoop.cpp - the K loop that tile-block-tile writes --------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "passes/common/BlockTiledLoop.h"

using namespace mlir;
using namespace gemm_opt;
using namespace gemm_opt::tile;

FailureOr<BlockTiledLoop>
gemm_opt::matchBlockTiledLoop(scf::ForOp loop, MmaKind kind,
                              PatternRewriter &rewriter, bool withAccumulator) {
  BlockTiledLoop match;
  for (Operation &op : loop.getBody()->without_terminator()) {
    if (auto candidate = dyn_cast<BlockMmaOp>(op))
      match.mma = candidate;
    else if (!isa<memref::SubViewOp>(op))
      return rewriter.notifyMatchFailure(loop, "not a block-MMA K loop");
  }
  if (!match.mma || match.mma.getSchedule().getMma().getKind() != kind)
    return rewriter.notifyMatchFailure(
        loop, "no " + stringifyMmaKind(kind) + " block MMA");
  match.viewA = match.mma.getA().getDefiningOp<memref::SubViewOp>();
  match.viewB = match.mma.getB().getDefiningOp<memref::SubViewOp>();
  if (!match.viewA || !match.viewB)
    return rewriter.notifyMatchFailure(loop, "operands are not tile views");
  Value iv = loop.getInductionVar();
  SmallVector<OpFoldResult> offsetsA = match.viewA.getMixedOffsets();
  SmallVector<OpFoldResult> offsetsB = match.viewB.getMixedOffsets();
  match.rowA = dyn_cast<Value>(offsetsA[0]);
  match.colB = dyn_cast<Value>(offsetsB[1]);
  if (!match.rowA || !match.colB || dyn_cast<Value>(offsetsA[1]) != iv ||
      dyn_cast<Value>(offsetsB[0]) != iv)
    return rewriter.notifyMatchFailure(loop, "unexpected tile offsets");
  if (!withAccumulator)
    return match;
  match.kernel = loop->getParentOfType<gpu::GPUFuncOp>();
  match.alloc = match.mma.getAcc().getDefiningOp<AllocAccumulatorOp>();
  for (Operation *user : match.mma.getAcc().getUsers())
    if (auto candidate = dyn_cast<StoreAccumulatorOp>(user))
      match.store = candidate;
  if (!match.kernel || !match.alloc || !match.store)
    return rewriter.notifyMatchFailure(loop, "not a block-tiled kernel");
  return match;
}

LogicalResult gemm_opt::reportUnloweredBlockMmas(Operation *root, MmaKind kind,
                                                 StringRef schedule,
                                                 StringRef pass) {
  bool left = false;
  root->walk([&](BlockMmaOp mma) {
    if (mma.getSchedule().getMma().getKind() != kind)
      return;
    mma.emitOpError() << "of " << schedule
                      << " is not in a block-tiled K loop over global tiles: "
                         "run tile-block-tile before "
                      << pass;
    left = true;
  });
  return failure(left);
}
