//===- OperandTrafficCache.cpp - DRAM traffic memoised by input -----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "analysis/OperandTrafficCache.h"

using namespace gemm_opt::analysis;

double OperandTrafficCache::computeOperandDramBytes(tile::ScheduleAttr schedule,
                                                    int64_t m, int64_t n,
                                                    int64_t k,
                                                    int64_t concurrent,
                                                    double l2Bytes) {
  OperandTrafficInputs inputs = OperandTrafficInputs::get(schedule);
  Key key = std::tuple_cat(inputs.asTuple(),
                           std::make_tuple(m, n, k, concurrent, l2Bytes));
  auto [found, inserted] = bytes.try_emplace(key, 0.0);
  if (inserted)
    found->second =
        analysis::computeOperandDramBytes(inputs, m, n, k, concurrent, l2Bytes);
  return found->second;
}
