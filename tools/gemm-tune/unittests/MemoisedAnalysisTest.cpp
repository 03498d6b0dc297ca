//===- MemoisedAnalysisTest.cpp - shortcuts of the space's analysis -------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The candidate space is analysed through shortcuts that must not change a
// result: raster twins take each other's check verdict, judged on other
// threads (SpaceCheck.h),
// bank conflicts are simulated once per input (analysis/BankConflictCache.h)
// and DRAM traffic once per input and shape (analysis/OperandTrafficCache.h).
// Each is compared here with the direct computation on a sample of the
// space, whose results the shortcuts take from other candidates.
//
//===----------------------------------------------------------------------===//

#include "AnalyzedSpace.h"
#include "SpaceCheck.h"

#include "analysis/BankConflicts.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include "gtest/gtest.h"

using namespace gemm_opt;
using namespace gemm_opt::tune;

namespace {

/// Every kSampleStride-th raster twin group, or analysed candidate, is
/// compared: a spread over tiles, depths, register splits and walks.
constexpr size_t kSampleStride = 5;

void expectSameCounts(const CheckCounts &x, const CheckCounts &y) {
  EXPECT_EQ(x.enumerated, y.enumerated);
  EXPECT_EQ(x.illegal, y.illegal);
  EXPECT_EQ(x.unsupported, y.unsupported);
  EXPECT_EQ(x.legal, y.legal);
  EXPECT_EQ(x.illegalReasons, y.illegalReasons);
  EXPECT_EQ(x.unsupportedReasons, y.unsupportedReasons);
  EXPECT_EQ(x.reasonExamples, y.reasonExamples);
}

class TwinVerdictTest : public ::testing::TestWithParam<const char *> {};

// Every raster twin of the sampled groups, checked on its own, gets the
// verdict, drop reason and schedule that checkCandidates gives it from its
// twin, judged and parsed by a helper checker on one of four threads (so
// the schedules are compared as text: they live in other contexts).
TEST_P(TwinVerdictTest, TwinsCompileAlike) {
  std::vector<Candidate> space =
      enumerateCandidates("sm_90a", GetParam(), {"sync", "wgmma"});
  llvm::StringMap<size_t> groups;
  std::vector<Candidate> sampled;
  for (const Candidate &candidate : space) {
    auto group =
        groups.try_emplace(getRasterTwinKey(candidate), groups.size()).first;
    if (group->second % kSampleStride == 0)
      sampled.push_back(candidate);
  }
  CandidateChecker checker("sm_90a");
  CheckCounts direct, reused;
  std::vector<CandidateCheck> fromTwins =
      checkCandidates(checker, sampled, reused, std::nullopt, /*threads=*/4);
  ASSERT_EQ(fromTwins.size(), sampled.size());
  auto print = [](tile::ScheduleAttr schedule) {
    std::string text;
    llvm::raw_string_ostream os(text);
    if (schedule)
      os << mlir::Attribute(schedule);
    return text;
  };
  llvm::StringSet<> judged;
  size_t reusedLegal = 0, reusedIllegal = 0;
  for (auto [candidate, fromTwin] : llvm::zip_equal(sampled, fromTwins)) {
    tile::ScheduleAttr own = checker.check(candidate, direct);
    EXPECT_EQ(print(own), print(fromTwin.schedule)) << candidate.name;
    EXPECT_FALSE(fromTwin.analysis.has_value());
    if (!judged.insert(getRasterTwinKey(candidate)).second)
      ++(own ? reusedLegal : reusedIllegal);
  }
  expectSameCounts(direct, reused);
  EXPECT_GT(reusedLegal, 0u);
  EXPECT_GT(reusedIllegal, 0u);
}

INSTANTIATE_TEST_SUITE_P(ElementTypes, TwinVerdictTest,
                         ::testing::Values("bf16", "e4m3"));

/// The analysed bf16 space (both families), as the chooser analyses it.
class MemoisedAnalysisTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    SpaceOptions options;
    options.chip = "sm_90a";
    options.dtypes = {"bf16"};
    options.families = {"sync", "wgmma"};
    device = *analysis::lookupDevicePerformance("h100");
    checker = new CandidateChecker(options.chip);
    llvm::Expected<AnalyzedSpace> analyzed =
        analyzeSpace(*checker, options, "bf16", device, llvm::nulls());
    ASSERT_TRUE(bool(analyzed)) << llvm::toString(analyzed.takeError());
    space = new AnalyzedSpace(std::move(*analyzed));
  }
  static void TearDownTestSuite() {
    delete space;
    space = nullptr;
    delete checker;
    checker = nullptr;
  }

  static CandidateChecker *checker;
  static AnalyzedSpace *space;
  static analysis::ChipPerformance device;
};

CandidateChecker *MemoisedAnalysisTest::checker = nullptr;
AnalyzedSpace *MemoisedAnalysisTest::space = nullptr;
analysis::ChipPerformance MemoisedAnalysisTest::device;

TEST_F(MemoisedAnalysisTest, BankConflictsAsSimulated) {
  ASSERT_GT(space->legal.size(), 1000u);
  for (size_t i = 0; i < space->legal.size(); i += kSampleStride) {
    const AnalyzedCandidate &c = space->legal[i];
    SCOPED_TRACE(c.candidate.name);
    mlir::FailureOr<llvm::SmallVector<analysis::BankConflictReport>> simulated =
        analysis::simulateBankConflicts(c.analysis.schedule);
    ASSERT_TRUE(succeeded(simulated));
    const auto &memoised = c.analysis.bankConflicts;
    ASSERT_EQ(memoised.size(), simulated->size());
    for (size_t r = 0; r < memoised.size(); ++r) {
      EXPECT_EQ(memoised[r].buffer, (*simulated)[r].buffer);
      EXPECT_EQ(memoised[r].pattern, (*simulated)[r].pattern);
      EXPECT_EQ(memoised[r].layout, (*simulated)[r].layout);
      EXPECT_EQ(memoised[r].instructions, (*simulated)[r].instructions);
      EXPECT_EQ(memoised[r].wavefronts, (*simulated)[r].wavefronts);
      EXPECT_EQ(memoised[r].idealWavefronts, (*simulated)[r].idealWavefronts);
      EXPECT_EQ(memoised[r].byConstruction, (*simulated)[r].byConstruction);
    }
  }
}

// The model's order memoises DRAM traffic per shape: its predictions are
// those of predictShape alone, to the bit. The shapes: operands beyond L2
// (simulated wave by wave), a ragged one, and a small M that the transposed
// candidates take.
TEST_F(MemoisedAnalysisTest, PredictionsAsComputedAlone) {
  for (analysis::GemmShape shape : {analysis::GemmShape{4096, 4096, 4096},
                                    analysis::GemmShape{3000, 5000, 7000},
                                    analysis::GemmShape{16, 4096, 4096}}) {
    SCOPED_TRACE(std::to_string(shape.m) + "x" + std::to_string(shape.n) + "x" +
                 std::to_string(shape.k));
    ModelOrder order = orderByModel(space->legal, shape, device);
    ASSERT_GT(order.ranking.size(), 1000u);
    for (size_t i = 0; i < order.ranking.size(); i += kSampleStride) {
      const RankedCandidate &ranked = order.ranking[i];
      const AnalyzedCandidate &c = space->legal[ranked.index];
      const analysis::ScheduleAnalysis &a = c.analysis;
      llvm::Expected<analysis::ShapePrediction> alone =
          analysis::predictShape(a.schedule, device, a.registers, a.occupancy,
                                 a.tile, *getKernelShape(c.candidate, shape));
      ASSERT_TRUE(bool(alone)) << llvm::toString(alone.takeError());
      EXPECT_EQ(ranked.prediction.dramBytes, alone->dramBytes)
          << c.candidate.name;
      EXPECT_EQ(ranked.prediction.seconds, alone->seconds) << c.candidate.name;
    }
  }
}

} // namespace
