//===- DotScheduleVerifier.h - checks of a dot (thin GEMM) schedule -*- C++
//-*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The checks of verifyGemmSchedule that concern `#tile.mma<dot, [1, 1, V]>`
// schedules, the bandwidth-bound path for thin GEMMs (decode) on the CUDA
// cores: each warp computes its WM×WN outputs as dot products along K from
// 16-byte loads straight out of global memory (passes/simt/DotKernel.h).
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

/// Registers a thread of a dot schedule needs at least: the BM×WN
/// accumulators and one main-loop iteration's loads in flight (BK/(32·V)
/// 16-byte loads of each of the WN columns of B and BM rows of A).
int64_t estimateDotRegisters(ScheduleAttr schedule);

/// Everything a dot schedule must be: bf16 or f16 A and B with an f32
/// accumulator; mma [1, 1, V] with V elements in 16 bytes; the warp tile
/// [BM, WN] with WN dividing BN; BK a multiple of 32·V; one direct stage
/// and no shared layout (#tile.pad<0>); a plain grid without split_k or
/// persistence, no specialization, clusters or staging store; A row-major,
/// B column-major (K contiguous in both) and C row-major; no batch or
/// groups; and the registers fit.
mlir::LogicalResult verifyDotSchedule(mlir::Operation *op,
                                      ScheduleAttr schedule,
                                      const GemmLayouts &layouts,
                                      const ChipInfo &chip);

} // namespace gemm_opt::tile

#endif // GEMM_OPT_DIALECT_DOTSCHEDULEVERIFIER_H
