//===- DotScheduleVerifier.h - checks of a dot (thin GEMM) schedule -*- C++
//-*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The checks of verifyGemmSchedule that concern `#tile.mma<dot, ...>`
// schedules, the bandwidth-bound path for thin GEMMs (decode) on the CUDA
// cores, which read their operands with 16-byte loads straight out of
// global memory into registers. Their mma shape says which way a lane's
// load runs:
// - [1, 1, V], along K: each warp computes its WM×WN outputs as dot
//   products of K-contiguous rows of A and columns of B (B column-major;
//   passes/simt/DotKernel.h);
// - [1, V, U], along N: each lane reads V consecutive columns of U rows of
//   a row-major B per step, the warps of a block split its K step, and
//   they meet in shared memory (passes/simt/DotAlongNKernel.h).
// Each reports the first problem at `op`'s location, at the schedule field
// whose change is the way out.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_DIALECT_DOTSCHEDULEVERIFIER_H
#define GEMM_OPT_DIALECT_DOTSCHEDULEVERIFIER_H

#include "dialect/ChipInfo.h"
#include "dialect/MatrixLayouts.h"
#include "dialect/TileDialect.h"

namespace gemm_opt::tile {

/// Bytes each lane reads from a row of A or a column of B per load.
inline constexpr int64_t kDotLoadBytes = 16;

/// The most rows of K (U) a lane of a dot schedule along N loads per step.
inline constexpr int64_t kDotMaxRowsOfK = 16;

/// Whether the lanes of a dot schedule load along N (mma [1, V, U]) rather
/// than along K ([1, 1, V]).
inline bool isDotAlongN(ScheduleAttr schedule) {
  return schedule.isDot() && schedule.getMma().getN() > 1;
}

/// The warps of a block of a dot schedule that split its K step: BK / U
/// along N, one along K.
int64_t getDotWarpsAlongK(ScheduleAttr schedule);

/// Bytes of shared memory a block of a dot schedule uses: along N, the
/// BM×BN f32 partial sums of each warp along K, and 16 bytes for split_k's
/// "last block of the tile" flag; none along K.
int64_t getDotSharedMemoryBytes(ScheduleAttr schedule);

/// Registers a thread of a dot schedule needs at least: its accumulators
/// and one main-loop iteration's loads in flight. Along K: BM×WN
/// accumulators, BK/(32·V) 16-byte loads of each of the WN columns of B and
/// BM rows of A. Along N: BM×V accumulators, U 16-byte loads of B and BM·U
/// elements of A.
int64_t estimateDotRegisters(ScheduleAttr schedule);

/// Everything a dot schedule must be: bf16 or f16 A and B with an f32
/// accumulator; one direct stage and no shared layout (#tile.pad<0>); a
/// grid without persistence or stream_k, no specialization, clusters or
/// staging store; A and C row-major; no batch or groups; and the registers
/// and shared memory fit. Along K: mma [1, 1, V] with V elements in 16
/// bytes, the warp tile [BM, WN] with WN dividing BN, BK a multiple of
/// 32·V, B column-major and no split_k. Along N: mma [1, V, U], the warp
/// tile [BM, 32·V] dividing BN, BK a multiple of U, and B row-major.
mlir::LogicalResult verifyDotSchedule(mlir::Operation *op,
                                      ScheduleAttr schedule,
                                      const GemmLayouts &layouts,
                                      const ChipInfo &chip);

} // namespace gemm_opt::tile

#endif // GEMM_OPT_DIALECT_DOTSCHEDULEVERIFIER_H
