//===- TimingTest.cpp - Timing statistics ---------------------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/Timing.h"

#include "gtest/gtest.h"

using namespace gemm_opt::runtime;

namespace {

TEST(TimingTest, Summaries) {
  TimingStats odd = summarizeTimings({3.0, 1.0, 2.0, 10.0, 4.0});
  EXPECT_EQ(odd.runs, 5u);
  EXPECT_EQ(odd.medianMs, 3.0);
  EXPECT_EQ(odd.minMs, 1.0);
  EXPECT_EQ(odd.maxMs, 10.0);
  EXPECT_DOUBLE_EQ(odd.meanMs, 4.0);
  TimingStats even = summarizeTimings({4.0, 1.0, 2.0, 3.0});
  EXPECT_EQ(even.medianMs, 2.5);
  EXPECT_EQ(summarizeTimings({}).runs, 0u);
}

TEST(TimingTest, Tflops) {
  // 2 * 4096^3 flops in 1 ms is 137.4 TFLOP/s.
  double flops = 2.0 * 4096.0 * 4096.0 * 4096.0;
  EXPECT_NEAR(getTflops(flops, 1.0), 137.438953472, 1e-9);
  EXPECT_EQ(getTflops(flops, 0.0), 0.0);
}

TEST(TimingTest, FlushSize) {
  EXPECT_EQ(L2Flusher::getFlushBytes(int64_t(50) << 20), size_t(256) << 20);
  EXPECT_EQ(L2Flusher::getFlushBytes(int64_t(200) << 20), size_t(400) << 20);
}

} // namespace
