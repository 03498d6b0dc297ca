//===- OperandTraffic.h - DRAM bytes of A and B through the L2 -*- C++ -*-===//
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
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_ANALYSIS_OPERANDTRAFFIC_H
#define GEMM_OPT_ANALYSIS_OPERANDTRAFFIC_H

#include "dialect/TileDialect.h"

#include <cstdint>
#include <utility>

namespace gemm_opt::analysis {

/// Block row and column of tile `id` in the launch order of `schedule`
/// (#tile.grid: strips `group` tiles wide; without it, row-major).
std::pair<int64_t, int64_t> getRasterTile(tile::ScheduleAttr schedule,
                                          int64_t id, int64_t tilesM,
                                          int64_t tilesN);

/// DRAM bytes of A and B for an M×N×K problem whose blocks run
/// `concurrent` at a time through an L2 of `l2Bytes`.
double computeOperandDramBytes(tile::ScheduleAttr schedule, int64_t m,
                               int64_t n, int64_t k, int64_t concurrent,
                               double l2Bytes);

} // namespace gemm_opt::analysis

#endif // GEMM_OPT_ANALYSIS_OPERANDTRAFFIC_H
