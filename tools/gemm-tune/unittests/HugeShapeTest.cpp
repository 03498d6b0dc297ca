//===- HugeShapeTest.cpp - the static model at the limits of the shapes ---===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The model takes M, N and K up to 2^31 - 1 (gemm-run's limit) in time
// that does not grow with the shape: its rounds of blocks per SM are
// counted, not walked, and sweeps of more than kMaxSimulatedBlocks blocks
// take the L2's steady state instead of the wave-by-wave simulation. Past
// the limit it answers with an error, not a wrapped tile count.
//
//===----------------------------------------------------------------------===//

#include "CandidateChecker.h"
#include "CandidateSpace.h"

#include "analysis/OperandTraffic.h"
#include "analysis/ScheduleAnalysis.h"

#include "gtest/gtest.h"

#include <cmath>

using namespace gemm_opt;
using namespace gemm_opt::tune;
using analysis::GemmShape;

namespace {

constexpr int64_t kMax = analysis::kMaxShapeExtent;

class HugeShapeTest : public ::testing::Test {
protected:
  void SetUp() override {
    checker = std::make_unique<CandidateChecker>("sm_90a");
    space = enumerateCandidates("sm_90a", "bf16", {"sync", "wgmma"});
  }

  tile::ScheduleAttr schedule(llvm::StringRef name) {
    auto it = llvm::find_if(space,
                            [&](const Candidate &c) { return c.name == name; });
    EXPECT_NE(it, space.end()) << name.str();
    if (it == space.end())
      return {};
    CheckCounts counts;
    tile::ScheduleAttr result = checker->check(*it, counts);
    EXPECT_TRUE(result) << name.str();
    return result;
  }

  std::unique_ptr<CandidateChecker> checker;
  std::vector<Candidate> space;
  analysis::ChipPerformance device = *analysis::lookupDevicePerformance("h100");
};

TEST(VerifyShapeTest, TakesGemmRunsRange) {
  EXPECT_FALSE(bool(analysis::verifyShape({1, 1, 1})));
  EXPECT_FALSE(bool(analysis::verifyShape({kMax, kMax, kMax})));
  for (GemmShape shape :
       {GemmShape{0, 1, 1}, GemmShape{1, -1, 1}, GemmShape{1, 1, kMax + 1},
        GemmShape{INT64_MAX, INT64_MAX, INT64_MAX}}) {
    llvm::Error error = analysis::verifyShape(shape);
    ASSERT_TRUE(bool(error));
    EXPECT_NE(llvm::toString(std::move(error)).find("[1, 2^31 - 1]"),
              std::string::npos);
  }
}

TEST_F(HugeShapeTest, LargestShapesArePredictedAndCounted) {
  for (llvm::StringRef name :
       {"wgmma_bf16_128x256x64_w64x256_s3_r40_232_p_rm8_tma",
        "wgmma_bf16_64x64x64_w64x64_s5_r40_232_sk2",
        "wgmma_bf16_ccc_128x16x64_w64x16_s6_r40_232_rn8"})
    for (GemmShape shape :
         {GemmShape{kMax, kMax, 64}, GemmShape{kMax, 4096, 4096},
          GemmShape{kMax, kMax, kMax}}) {
      tile::ScheduleAttr s = schedule(name);
      ASSERT_TRUE(s);
      llvm::Expected<analysis::ScheduleAnalysis> analysis =
          analysis::analyzeSchedule(s, device, shape);
      ASSERT_TRUE(bool(analysis)) << llvm::toString(analysis.takeError());
      const analysis::ShapePrediction &p = *analysis->prediction;
      int64_t tilesM = (shape.m + s.getBlockM() - 1) / s.getBlockM();
      int64_t tilesN = (shape.n + s.getBlockN() - 1) / s.getBlockN();
      EXPECT_EQ(p.tiles, tilesM * tilesN) << name.str();
      EXPECT_EQ(p.blocks, p.tiles * s.getSplitK()) << name.str();
      EXPECT_GT(p.waves, 0);
      EXPECT_TRUE(std::isfinite(p.seconds) && p.seconds > 0) << name.str();
      EXPECT_TRUE(std::isfinite(p.tflops) && p.tflops > 0) << name.str();
      EXPECT_LE(p.tflops, device.tensorHalfTflops) << name.str();
      // Every byte of A and B at least once.
      EXPECT_GE(p.dramBytes, (double(shape.m) + shape.n) * shape.k * 2);
    }
}

TEST_F(HugeShapeTest, ShapesPastTheLimitAreErrors) {
  tile::ScheduleAttr s =
      schedule("wgmma_bf16_128x256x64_w64x256_s3_r40_232_p_rm8_tma");
  ASSERT_TRUE(s);
  llvm::Expected<analysis::ScheduleAnalysis> analysis =
      analysis::analyzeSchedule(s, device, GemmShape{kMax + 1, 4096, 4096});
  ASSERT_FALSE(bool(analysis));
  EXPECT_EQ(llvm::toString(analysis.takeError()),
            "invalid shape 2147483648x4096x4096: M=2147483648 (must be in "
            "[1, 2^31 - 1])");
}

TEST_F(HugeShapeTest, SteadyStateFollowsTheSimulation) {
  // Shapes the L2 cannot hold, simulated wave by wave (fewer than
  // kMaxSimulatedBlocks blocks) and estimated from the steady state:
  // row-major and strips along M and N, with and without split_k.
  struct Case {
    const char *name;
    GemmShape shape;
  } cases[] = {
      {"wgmma_bf16_128x256x64_w64x256_s3_r40_232_p_rm8_tma",
       {16384, 16384, 4096}},
      {"wgmma_bf16_128x128x64_w64x128_s3_r40_232_p_tma", {16384, 16384, 4096}},
      {"wgmma_bf16_64x64x64_w64x64_s5_r40_232_sk2", {16384, 16384, 4096}},
      {"wgmma_bf16_ccc_128x16x64_w64x16_s6_r40_232_rn8", {131072, 4096, 4096}},
      {"sync_bf16_64x64x64_w32x32_s2_asw64_bsw128_rm8", {8192, 65536, 8192}},
  };
  for (const Case &c : cases) {
    tile::ScheduleAttr s = schedule(c.name);
    ASSERT_TRUE(s);
    const GemmShape &shape = c.shape;
    double simulated = analysis::computeOperandDramBytes(
        s, shape.m, shape.n, shape.k, device.multiprocessors, device.l2Bytes);
    double estimated = analysis::estimateOperandDramBytes(
        s, shape.m, shape.n, shape.k, device.multiprocessors, device.l2Bytes);
    EXPECT_NEAR(estimated / simulated, 1.0, 0.1) << c.name;
  }
}

} // namespace
