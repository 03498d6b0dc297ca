//===- PersistentPredictionTest.cpp - the model on persistent grids -------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What the static model credits a persistent grid and the tma store with
// (analysis/PerformanceModel.h): a persistent block starts once, and with
// the tma store only its last tile's store of C is exposed. On a shape of
// one round of tiles per SM there is nothing to overlap, and the walks
// predict the same.
//
//===----------------------------------------------------------------------===//

#include "CandidateChecker.h"
#include "CandidateSpace.h"

#include "analysis/ScheduleAnalysis.h"

#include "gtest/gtest.h"

using namespace gemm_opt;
using namespace gemm_opt::tune;

namespace {

class PersistentPredictionTest : public ::testing::Test {
protected:
  void SetUp() override {
    checker = std::make_unique<CandidateChecker>("sm_90a");
    for (const Candidate &c : enumerateCandidates("sm_90a", "bf16", {"wgmma"}))
      space.push_back(c);
  }

  /// The model's exposed start and store time of the named candidate.
  double exposedOverhead(llvm::StringRef name,
                         const analysis::GemmShape &shape) {
    auto it = llvm::find_if(space,
                            [&](const Candidate &c) { return c.name == name; });
    EXPECT_NE(it, space.end()) << name.str();
    if (it == space.end())
      return -1;
    CheckCounts counts;
    tile::ScheduleAttr schedule = checker->check(*it, counts);
    EXPECT_TRUE(schedule) << name.str();
    if (!schedule)
      return -1;
    llvm::Expected<analysis::ScheduleAnalysis> analysis =
        analysis::analyzeSchedule(schedule, device, shape);
    EXPECT_TRUE(bool(analysis)) << name.str();
    if (!analysis) {
      llvm::consumeError(analysis.takeError());
      return -1;
    }
    return analysis->prediction->exposedOverheadSeconds;
  }

  std::unique_ptr<CandidateChecker> checker;
  std::vector<Candidate> space;
  analysis::ChipPerformance device = *analysis::lookupDevicePerformance("h200");
};

const char *kOneBlockPerTile = "wgmma_bf16_128x256x64_w64x256_s3_r40_232_rm8";
const char *kPersistent = "wgmma_bf16_128x256x64_w64x256_s3_r40_232_p_rm8";
const char *kPersistentTma =
    "wgmma_bf16_128x256x64_w64x256_s3_r40_232_p_rm8_tma";

TEST_F(PersistentPredictionTest, PersistentBlocksStartOnceTmaStoresOverlap) {
  // 512 tiles of 128x256 over 132 SMs, one block each: four rounds.
  analysis::GemmShape shape{4096, 4096, 4096};
  double plain = exposedOverhead(kOneBlockPerTile, shape);
  double persistent = exposedOverhead(kPersistent, shape);
  double persistentTma = exposedOverhead(kPersistentTma, shape);
  double start = device.blockStartUs * 1e-6;
  double store =
      128.0 * 256 * 2 / (device.dramTBps * 1e12 / device.multiprocessors);
  EXPECT_NEAR(plain, 4 * (start + store), 1e-9);
  EXPECT_NEAR(persistent, start + 4 * store, 1e-9);
  EXPECT_NEAR(persistentTma, start + store, 1e-9);
}

TEST_F(PersistentPredictionTest, OneRoundOfTilesHasNothingToOverlap) {
  // 128 tiles of 128x256 for 132 SMs.
  analysis::GemmShape shape{2048, 2048, 2048};
  double plain = exposedOverhead(kOneBlockPerTile, shape);
  EXPECT_DOUBLE_EQ(exposedOverhead(kPersistent, shape), plain);
  EXPECT_DOUBLE_EQ(exposedOverhead(kPersistentTma, shape), plain);
}

} // namespace
