//===- SimtScheduleVerifier.h - checks of an ffma (SIMT) schedule -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The checks of verifyGemmSchedule that concern `#tile.mma<ffma, [TM, TN, 1]>`
// schedules, the plain fp32 GEMM on the CUDA cores: each thread of a warp
// owns a TM×TN register tile of the warp's WM×WN tile of C, made of 4×4
// sub-tiles so that its A and B fragments are 128-bit shared-memory loads.
// Each reports the first problem at `op`'s location.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_DIALECT_SIMTSCHEDULEVERIFIER_H
#define GEMM_OPT_DIALECT_SIMTSCHEDULEVERIFIER_H

#include "dialect/ChipInfo.h"
#include "dialect/TileDialect.h"

namespace gemm_opt::tile {

/// Rows and columns of the 4×4 sub-tiles a thread tile is made of: one
/// 128-bit shared-memory load per sub-tile row of A and of B per K step.
inline constexpr int64_t kSimtSubTile = 4;

/// Element types of an ffma schedule: A, B and C are f32 (fma.rn.f32 on f32
/// operands).
mlir::LogicalResult verifyFfmaElementTypes(mlir::Operation *op,
                                           ElementTypesAttr elements);

/// The tile hierarchy of an ffma schedule: the thread tile [TM, TN, 1] is
/// made of 4×4 sub-tiles, the warp tile is 32 thread tiles, the block tile
/// a whole number of warp tiles, and the accumulators and operand fragments
/// fit in a thread's registers.
mlir::LogicalResult verifyThreadTiling(mlir::Operation *op,
                                       ScheduleAttr schedule,
                                       const ChipInfo &chip);

/// Registers a thread of an ffma schedule needs at least: the TM×TN
/// accumulators, two K steps of A and B fragments (the next one loads while
/// the current one multiplies), the A tile in flight from global memory
/// (with 2 stages it passes through registers), and about 16 for addresses
/// and indices.
int64_t estimateSimtRegisters(ScheduleAttr schedule);

/// Registers an ffma kernel needs beyond estimateSimtRegisters: its guarded
/// main loop (passes/simt/SimtMma.cpp) sits beside the interior one.
inline constexpr int64_t kSimtGuardedLoopRegisters = 8;

/// Blocks of an ffma schedule that should share an SM on `chip`: as many as
/// the register file holds at the estimate plus kSimtGuardedLoopRegisters
/// (and one more K step of fragments where BK exceeds 8), rounded up to a
/// multiple of 8 (ptxas allocates in 8s), and the SM's
/// thread limit allows. With more
/// than one, the kernel asks ptxas for it (nvvm.minctasm): unasked, -O3
/// spends registers on addresses it could recompute and drops to one.
int64_t planSimtBlocksPerMultiprocessor(ScheduleAttr schedule,
                                        const ChipInfo &chip);

} // namespace gemm_opt::tile

#endif // GEMM_OPT_DIALECT_SIMTSCHEDULEVERIFIER_H
