//===- ScheduleVerifier.h - is a schedule possible for a GEMM ---*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_DIALECT_SCHEDULEVERIFIER_H
#define GEMM_OPT_DIALECT_SCHEDULEVERIFIER_H

#include "dialect/TileDialect.h"

namespace gemm_opt::tile {

/// Checks that `schedule` can compute `op` (a GEMM on matrices of types `a`,
/// `b`, `c`, with the fused `epilogue` or none) on the schedule's chip: tile divisibility across levels, the MMA
/// shape against the element types and chip, thread and shared-memory limits,
/// swizzle widths against row bytes, the copy distribution or TMA boxes, and
/// the Hopper features (clusters, warp specialization and its registers,
/// persistent grids, staged epilogues) against the chip and MMA. Reports the
/// first problem at `op`'s location. Whether the lowering implements the
/// schedule is the tile-check-chip pass's question, not this one's.
mlir::LogicalResult verifyGemmSchedule(mlir::Operation *op,
                                       ScheduleAttr schedule,
                                       EpilogueAttr epilogue,
                                       mlir::MemRefType a, mlir::MemRefType b,
                                       mlir::MemRefType c);

} // namespace gemm_opt::tile

#endif // GEMM_OPT_DIALECT_SCHEDULEVERIFIER_H
