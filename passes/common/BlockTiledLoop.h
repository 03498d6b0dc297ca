//===- BlockTiledLoop.h - the K loop that tile-block-tile writes -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// tile-block-tile leaves, per kernel, one K loop
//
//   %acc = tile.alloc_accumulator
//   scf.for %k = ... {
//     %a = memref.subview %A[%row, %k] ...   // the block's A tile
//     %b = memref.subview %B[%k, %col] ...   // the block's B tile
//     tile.block_mma %acc, %a, %b
//   }
//   tile.store_accumulator %acc, %C-tile
//
// which each path's lowering (cp.async + mma.sync, TMA + wgmma, SIMT)
// rewrites. This is the one matcher of that shape.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_COMMON_BLOCKTILEDLOOP_H
#define GEMM_OPT_PASSES_COMMON_BLOCKTILEDLOOP_H

#include "dialect/TileDialect.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

namespace gemm_opt {

struct BlockTiledLoop {
  tile::BlockMmaOp mma;
  mlir::memref::SubViewOp viewA, viewB;
  /// The block tile's first row of A (and C) and first column of B (and C).
  mlir::Value rowA, colB;
  /// Set when matched with `withAccumulator`.
  mlir::gpu::GPUFuncOp kernel;
  tile::AllocAccumulatorOp alloc;
  tile::StoreAccumulatorOp store;
};

/// Matches `loop` if it is the K loop above with a block MMA of `kind`; with
/// `withAccumulator` it must also sit in a kernel with the accumulator's
/// allocation and store. Explains a mismatch through `rewriter`.
mlir::FailureOr<BlockTiledLoop>
matchBlockTiledLoop(mlir::scf::ForOp loop, tile::MmaKind kind,
                    mlir::PatternRewriter &rewriter, bool withAccumulator);

/// Reports every block MMA of `kind` left under `root` after a lowering that
/// rewrites block-tiled loops (one that is not in such a loop): "of
/// `schedule` is not in a block-tiled K loop over global tiles: run
/// tile-block-tile before `pass`". Fails if there was one.
mlir::LogicalResult reportUnloweredBlockMmas(mlir::Operation *root,
                                             tile::MmaKind kind,
                                             llvm::StringRef schedule,
                                             llvm::StringRef pass);

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_COMMON_BLOCKTILEDLOOP_H
