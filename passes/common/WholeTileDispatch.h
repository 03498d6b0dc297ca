//===- WholeTileDispatch.h - the host's choice of a GEMM's kernel -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// An mma.sync schedule with `ragged = true` compiles two kernels into one
// gpu.module (tile-outline-kernel): the any-shape kernel, and the kernel of
// the same schedule without `ragged`, which needs whole tiles and 16-byte
// aligned rows and runs 10-20 % faster where it may run. The host launches
// the whole-tile kernel when buildTakesWholeTiles holds and the any-shape
// kernel otherwise; the bundle entry describes the pair the same way
// ("whole_tile_variant", runtime/KernelSpec.h) for the runtime's choice.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_COMMON_WHOLETILEDISPATCH_H
#define GEMM_OPT_PASSES_COMMON_WHOLETILEDISPATCH_H

#include "dialect/DiscardableAttributes.h"
#include "dialect/TileDialect.h"
#include "mlir/IR/Builders.h"

namespace gemm_opt {

/// Name of the unit attribute on the whole-tile kernel of a pair; the
/// metadata describes it inside the entry of the any-shape kernel of its
/// gpu.module.
inline llvm::StringRef wholeTileVariantAttrName() {
  return tile::attr::wholeTileVariant;
}

/// The alignment, in bytes, of every operand's address, leading dimension
/// and batch stride that a whole-tile kernel needs: one 16-byte cp.async
/// chunk or vector access.
inline constexpr int64_t WholeTileAlignmentBytes = 16;

/// An i1 that holds when the kernel of `wholeTiles` (the whole-tile
/// variant of `gemm`'s schedule) can run `gemm`: M, N and K are multiples
/// of its block tile, and A, B, C, the bias and the residual each start at
/// a 16-byte aligned address with leading dimensions and batch strides of
/// 16-byte multiples.
mlir::Value buildTakesWholeTiles(mlir::OpBuilder &b, mlir::Location loc,
                                 tile::GemmOp gemm,
                                 tile::ScheduleAttr wholeTiles);

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_COMMON_WHOLETILEDISPATCH_H
