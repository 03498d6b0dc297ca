//===- WarpSpecializedKernel.h - the warp-specialized kernel -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Builds the body of the warp-specialized Hopper kernel (a TMA producer
// warpgroup, wgmma consumer warpgroups, mbarrier stages and the epilogue;
// passes/hopper/WarpSpecializedKernel.cpp describes it) that tile-warp-specialize
// puts in place of a block-tiled wgmma K loop.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_HOPPER_WARPSPECIALIZEDKERNEL_H
#define GEMM_OPT_PASSES_HOPPER_WARPSPECIALIZEDKERNEL_H

#include "passes/hopper/BlockWorkWalk.h"
#include "passes/common/OperandScales.h"
#include "passes/epilogue/FusedEpilogue.h"
#include "passes/hopper/HopperKernelPlan.h"
#include "passes/hopper/OptionalTensorMap.h"

#include <optional>

namespace gemm_opt {

/// The tensor maps of A and B as the TMA loads take them (3-D for a
/// batched kernel) and as wgmma's matrix descriptors take them (2-D boxes).
struct OperandDescriptors {
  mlir::Value loadA, loadB, mmaA, mmaB;
};

/// What the kernel body works on.
struct WarpSpecializedKernelOperands {
  /// The C tiles of the block (or of the persistent grid).
  BlockTiles tiles;
  /// K tiles of the whole K extent.
  mlir::Value kTiles;
  OperandDescriptors descriptors;
  /// C (the 2-D matrix, or the 3-D batched one's source).
  mlir::Value c;
  /// #tile.store<tma>: C's tensor map; else empty.
  OptionalTensorMap mapC;
  /// A residual staged by TMA (HopperKernelPlan::stagesResidual): its
  /// tensor map; else empty.
  OptionalTensorMap mapResidual;
  /// split_k or stream_k: the workspace of partial tiles and counters.
  std::optional<SplitKWorkspace> workspace;
  /// An 8-bit GEMM's scales (passes/hopper/AccumulatorScaling.h); else
  /// empty.
  OperandScales scales;
};

/// Builds the kernel body for `schedule` (planned as `plan`, with epilogue
/// `fused`) at the builder's insertion point.
void buildWarpSpecializedKernel(mlir::OpBuilder &b, mlir::Location loc,
                                tile::ScheduleAttr schedule,
                                const HopperKernelPlan &plan,
                                FusedEpilogue fused,
                                const WarpSpecializedKernelOperands &operands);

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_HOPPER_WARPSPECIALIZEDKERNEL_H
