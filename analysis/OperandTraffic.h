//===- OperandTraffic.h - DRAM bytes of A and B through the L2 -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// How many bytes of A and B a GEMM reads from DRAM: the blocks run in
// waves (SMs × resident blocks at a time, in the schedule's raster order,
// split_k splits one after another), each wave reads the block rows of A
// and block columns of B (over its split's K range) its tiles touch, and
// the L2 keeps what the latest waves read up to its capacity, least
// recently used out first. A panel read again while still in L2 costs no
// DRAM traffic. When A and B fit in L2 that is each byte once; when they do
// not, the raster decides how much a wave finds of what the previous ones
// read (e.g. 4096^3 bf16, 64 MiB of operands on a 60 MiB L2: strips of 4
// tiles along M keep all of A resident and read each B column once).
// Sweeps of more than kMaxSimulatedBlocks blocks are not simulated (it
// would take as long as the block count) but estimated from the raster's
// steady state.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_ANALYSIS_OPERANDTRAFFIC_H
#define GEMM_OPT_ANALYSIS_OPERANDTRAFFIC_H

#include "dialect/TileDialect.h"

#include <cstdint>
#include <tuple>
#include <utility>

namespace gemm_opt::analysis {

/// Everything the DRAM traffic model reads of a schedule: its block tile,
/// split_k, the operands' element size and the raster. Schedules that
/// differ only in what is not here (stages, warp tiles, persistence, store,
/// register split) read the same bytes for the same shape and concurrency.
struct OperandTrafficInputs {
  int64_t blockM = 0, blockN = 0, splitK = 1, elementBytes = 0;
  tile::RasterOrder raster = tile::RasterOrder::along_n;
  int64_t group = 1;

  static OperandTrafficInputs get(tile::ScheduleAttr schedule);
  auto asTuple() const {
    return std::make_tuple(blockM, blockN, splitK, elementBytes, raster, group);
  }
};

/// Block row and column of tile `id` in the launch order `raster` in strips
/// `group` tiles wide (#tile.grid; without it, row-major: along_n, 1).
std::pair<int64_t, int64_t> getRasterTile(tile::RasterOrder raster,
                                          int64_t group, int64_t id,
                                          int64_t tilesM, int64_t tilesN);

/// The same in the launch order of `schedule`.
std::pair<int64_t, int64_t> getRasterTile(tile::ScheduleAttr schedule,
                                          int64_t id, int64_t tilesM,
                                          int64_t tilesN);

/// Blocks up to which computeOperandDramBytes simulates the L2 wave by
/// wave (every shape the tuner plans for has fewer; near 2^31 x 2^31 the
/// simulation would take hours).
constexpr int64_t kMaxSimulatedBlocks = int64_t(1) << 20;

/// DRAM bytes of A and B for an M×N×K problem whose blocks run
/// `concurrent` at a time through an L2 of `l2Bytes`: simulated, or
/// beyond kMaxSimulatedBlocks blocks estimateOperandDramBytes.
double computeOperandDramBytes(const OperandTrafficInputs &schedule, int64_t m,
                               int64_t n, int64_t k, int64_t concurrent,
                               double l2Bytes);
inline double computeOperandDramBytes(tile::ScheduleAttr schedule, int64_t m,
                                      int64_t n, int64_t k, int64_t concurrent,
                                      double l2Bytes) {
  return computeOperandDramBytes(OperandTrafficInputs::get(schedule), m, n, k,
                                 concurrent, l2Bytes);
}

/// The same from the raster's steady state, in constant time: each
/// split's operand across the strips once, the one along them once in the
/// first strip and then, per wave, what the L2 no longer holds of the
/// panels the wave reads (each last read a strip ago); each byte once if A
/// and B fit in L2.
double estimateOperandDramBytes(const OperandTrafficInputs &schedule, int64_t m,
                                int64_t n, int64_t k, int64_t concurrent,
                                double l2Bytes);
inline double estimateOperandDramBytes(tile::ScheduleAttr schedule, int64_t m,
                                       int64_t n, int64_t k, int64_t concurrent,
                                       double l2Bytes) {
  return estimateOperandDramBytes(OperandTrafficInputs::get(schedule), m, n, k,
                                  concurrent, l2Bytes);
}

} // namespace gemm_opt::analysis

#endif // GEMM_OPT_ANALYSIS_OPERANDTRAFFIC_H
