//===- AccumulatorFragments.h - a wgmma accumulator's registers -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A warpgroup's wgmma accumulator (!nvgpu.warpgroup.accumulator of WM×WN
// f32) element by element: convert-nvgpu-to-nvvm lowers it to an LLVM struct
// of WM/64 structs of WN/2 f32, one per 64-row slice, and an unrealized
// cast to that struct type (and back) folds away in that conversion. Thread
// t of the warpgroup holds, in element 4j + 2h + p of slice i, C(64i +
// 16(t/32) + (t mod 32)/4 + 8h, 8j + 2(t mod 4) + p) of the WM×WN tile (PTX
// ISA, wgmma D fragments). Fragments are numbered slice by slice.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_HOPPER_ACCUMULATORFRAGMENTS_H
#define GEMM_OPT_PASSES_HOPPER_ACCUMULATORFRAGMENTS_H

#include "mlir/IR/Builders.h"

namespace gemm_opt {

/// The `warpM`·`warpN`/128 f32 a thread holds of accumulator `acc`.
llvm::SmallVector<mlir::Value> extractFragments(mlir::OpBuilder &b,
                                                mlir::Location loc,
                                                mlir::Value acc, int64_t warpM,
                                                int64_t warpN);

/// The rows of the WM×WN tile whose fragments thread `thread` (its index
/// in the warpgroup) holds: 16·(t/32) + (t mod 32)/4 + 8h + 64i, in the
/// order (slice i, h); offset by `origin` where it is given (the tile's
/// first row in C).
llvm::SmallVector<mlir::Value>
getFragmentRows(mlir::OpBuilder &b, mlir::Location loc, mlir::Value thread,
                int64_t warpM, mlir::Value origin = {});

/// An accumulator of type `accType` holding `fragments` (as extracted).
mlir::Value buildAccumulator(mlir::OpBuilder &b, mlir::Location loc,
                             mlir::Type accType,
                             llvm::ArrayRef<mlir::Value> fragments,
                             int64_t warpM, int64_t warpN);

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_HOPPER_ACCUMULATORFRAGMENTS_H
