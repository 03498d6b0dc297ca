//===- HopperScheduleVerifier.h - Hopper features of a schedule -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The checks of verifyGemmSchedule that concern Hopper's features: wgmma,
// TMA loads, thread-block clusters, warp specialization with register
// reallocation, persistent grids and staged epilogues. Each reports the first
// problem at `op`'s location.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_DIALECT_HOPPERSCHEDULEVERIFIER_H
#define GEMM_OPT_DIALECT_HOPPERSCHEDULEVERIFIER_H

#include "dialect/ChipInfo.h"
#include "dialect/MatrixLayouts.h"
#include "dialect/TileDialect.h"

namespace gemm_opt::tile {

/// Registers a wgmma consumer thread keeps besides its accumulators:
/// addresses, loop counters, barrier phases, descriptors.
inline constexpr int64_t kNonAccumulatorRegisters = 16;

/// The wgmma instruction against the chip and input type: sm_90a, f16/bf16
/// inputs with shape [64, N, 16] or f32 inputs (multiplied as tf32) with
/// [64, N, 8], N a multiple of 8 in [8, 256].
mlir::LogicalResult verifyWgmmaShape(mlir::Operation *op, MmaAttr mma,
                                     mlir::Type inputType,
                                     const ChipInfo &chip);

/// K of one wgmma instruction for `inputType`: 16 for f16/bf16, 8 for f32
/// (tf32); 32 bytes of each row either way.
int64_t getWgmmaK(mlir::Type inputType);

/// tf32 wgmma has no transpose: it reads operands from shared memory only
/// K-major; B must be column-major in a kernel (a column-major A is read
/// from registers).
mlir::LogicalResult verifyTf32Layouts(mlir::Operation *op,
                                      const GemmLayouts &layouts);

/// The block divides into warpgroup tiles [WM, WN], each a multiple of the
/// wgmma shape, and BK into wgmma K steps.
mlir::LogicalResult verifyWarpgroupTiling(mlir::Operation *op,
                                          ScheduleAttr schedule);

/// TMA loads need sm_90 or newer and swizzled shared layouts.
mlir::LogicalResult verifyTmaTarget(mlir::Operation *op, ScheduleAttr schedule,
                                    const ChipInfo &chip);

/// The TMA boxes of A and B are at most 256 elements in each dimension and
/// a K-major operand's box is exactly one swizzle width wide: A row-major
/// BM×BK, column-major BK × 128 bytes (panels along M); B row-major BK ×
/// one swizzle width (panels along N), column-major BN×BK.
mlir::LogicalResult verifyTmaBoxes(mlir::Operation *op, ScheduleAttr schedule,
                                   int64_t bytesA, int64_t bytesB,
                                   const GemmLayouts &layouts);

/// How a multicast cluster splits A's and B's tiles into per-block shares
/// (whole swizzle atoms; A K-major).
mlir::LogicalResult verifyMulticastSplit(mlir::Operation *op,
                                         ScheduleAttr schedule,
                                         const GemmLayouts &layouts);

/// Clusters, warp specialization, persistent grids and staged epilogue
/// stores against the chip, the load kind and the MMA kind.
mlir::LogicalResult verifyHopperFeatures(mlir::Operation *op,
                                         ScheduleAttr schedule,
                                         const ChipInfo &chip);

/// Registers of a wgmma schedule: with warp specialization, the reallocated
/// counts fit the block's registers and the consumers' hold the accumulator;
/// without, the accumulator fits what each thread can have.
mlir::LogicalResult verifyWgmmaRegisters(mlir::Operation *op,
                                         ScheduleAttr schedule,
                                         const ChipInfo &chip);

} // namespace gemm_opt::tile

#endif // GEMM_OPT_DIALECT_HOPPERSCHEDULEVERIFIER_H
