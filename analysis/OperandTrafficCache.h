//===- OperandTrafficCache.h - DRAM traffic memoised by input ---*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// computeOperandDramBytes, memoised by everything it reads: the schedule's
// OperandTrafficInputs, the shape, the concurrency and the L2. Ranking a
// candidate space on one shape asks for the same traffic once per stage
// count, warp tile, store and register split of a tile, split and raster,
// and on large shapes the simulation is most of the ranking's cost.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_ANALYSIS_OPERANDTRAFFICCACHE_H
#define GEMM_OPT_ANALYSIS_OPERANDTRAFFICCACHE_H

#include "analysis/OperandTraffic.h"

#include <map>
#include <tuple>

namespace gemm_opt::analysis {

class OperandTrafficCache {
public:
  /// computeOperandDramBytes(schedule, m, n, k, concurrent, l2Bytes),
  /// simulated on the first call with its inputs.
  double computeOperandDramBytes(tile::ScheduleAttr schedule, int64_t m,
                                 int64_t n, int64_t k, int64_t concurrent,
                                 double l2Bytes);

  /// Distinct inputs simulated so far.
  size_t size() const { return bytes.size(); }

private:
  using Key = decltype(std::tuple_cat(
      OperandTrafficInputs().asTuple(),
      std::tuple<int64_t, int64_t, int64_t, int64_t, double>()));
  std::map<Key, double> bytes;
};

} // namespace gemm_opt::analysis

#endif // GEMM_OPT_ANALYSIS_OPERANDTRAFFICCACHE_H
