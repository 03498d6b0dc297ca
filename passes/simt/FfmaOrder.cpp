//===- FfmaOrder.cpp - the order of a SIMT thread's FFMAs -----------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "passes/simt/FfmaOrder.h"

using namespace gemm_opt;

FmaOrder gemm_opt::fmaOrderFor(FmaOrder requested) {
  return requested == FmaOrder::Auto ? FmaOrder::Rows : requested;
}

bool gemm_opt::needsPtxasO1(int64_t tm, int64_t tn) { return tm * tn >= 128; }

llvm::SmallVector<std::pair<int64_t, int64_t>>
gemm_opt::outerProductOrder(int64_t tm, int64_t tn, FmaOrder mode) {
  llvm::SmallVector<std::pair<int64_t, int64_t>> order;
  if (fmaOrderFor(mode) == FmaOrder::Rows) {
    for (int64_t i = 0; i < tm; ++i)
      for (int64_t step = 0; step < tn; ++step)
        order.push_back({i, i % 2 == 0 ? step : tn - 1 - step});
    return order;
  }
  for (int64_t p = 0; p < tm / 2; ++p) {
    for (int64_t step = 0; step < tn / 2; ++step) {
      int64_t q = p % 2 == 0 ? step : tn / 2 - 1 - step;
      order.push_back({2 * p + 1, 2 * q});
      order.push_back({2 * p, 2 * q + 1});
      order.push_back({2 * p, 2 * q});
      order.push_back({2 * p + 1, 2 * q + 1});
    }
  }
  return order;
}
