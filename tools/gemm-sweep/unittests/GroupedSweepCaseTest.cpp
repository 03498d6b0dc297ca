//===- GroupedSweepCaseTest.cpp - grouped case generation of gemm-sweep ---===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tools/gemm-sweep/GroupedSweepCase.h"

#include "runtime/GroupedBenchmark.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <set>

using namespace gemm_opt::runtime;
using namespace gemm_opt::sweep;

namespace {

/// The test bundles: bf16_tile and the grouped examples' bundles, masked
/// and contiguous (tools/gemm-sweep/test-bundles).
class GroupedSweepCaseTest : public ::testing::Test {
protected:
  void SetUp() override {
    llvm::Expected<SweepBundles> loaded =
        loadSweepBundles(GEMM_SWEEP_TEST_BUNDLES);
    ASSERT_TRUE(static_cast<bool>(loaded))
        << llvm::toString(loaded.takeError());
    bundles = std::move(*loaded);
    ASSERT_TRUE(bundles.loadErrors.empty());
  }

  SweepBundles bundles;
};

TEST_F(GroupedSweepCaseTest, GroupedKernelsAreNoOrdinaryTargets) {
  ASSERT_EQ(bundles.groupedKernels.size(), 2u);
  std::set<GroupedLayout> layouts;
  for (const SweepKernel &kernel : bundles.groupedKernels)
    layouts.insert(*kernel.spec->grouped);
  EXPECT_EQ(layouts.size(), 2u);
  // Only bf16_tile is chosen from, or aimed at, by the ordinary cases.
  ASSERT_EQ(bundles.kernels.size(), 1u);
  EXPECT_FALSE(bundles.kernels[0].spec->grouped);
  EXPECT_EQ(bundles.capabilities.size(), 1u);
  EXPECT_EQ(bundles.getTargets().size(), 1u);
  // A cover directory's grouped kernels are no cases' kernels either.
  ASSERT_FALSE(
      static_cast<bool>(bundles.addCoverBundles(GEMM_SWEEP_TEST_BUNDLES)));
  EXPECT_EQ(bundles.groupedKernels.size(), 2u);
  EXPECT_EQ(bundles.kernels.size(), 2u);
}

TEST_F(GroupedSweepCaseTest, CasesReplayAndTakeTurns) {
  for (uint64_t index = 0; index < 100; ++index) {
    GroupedSweepCase sweepCase = generateGroupedSweepCase(11, index, bundles);
    EXPECT_EQ(sweepCase.index, index);
    EXPECT_EQ(sweepCase.kernel, index % 2);
    auto command = [&](const GroupedSweepCase &of) {
      return getGroupedRunCommand(of, "b/kernel.json", "k", true);
    };
    // Alone or among the others, the same seed and index give the same
    // case; another seed gives other cases.
    EXPECT_EQ(command(generateGroupedSweepCase(11, index, bundles)),
              command(sweepCase));
    EXPECT_NE(command(generateGroupedSweepCase(12, index, bundles)),
              command(sweepCase));
  }
}

/// Every case is one the runtime takes (as gemm-run checks it before any
/// device work), within the budget, and the cases reach the edges the
/// sweep is for.
TEST_F(GroupedSweepCaseTest, CasesFitTheKernelsAndReachTheEdges) {
  std::set<int64_t> groupCounts;
  std::set<std::string> routings;
  int emptyGroups = 0, oneRowGroups = 0, raggedGroups = 0, raggedPastTile = 0;
  int listsWithEveryEdge = 0, masked = 0, noTokens = 0;
  for (uint64_t index = 0; index < 600; ++index) {
    GroupedSweepCase sweepCase = generateGroupedSweepCase(5, index, bundles);
    const KernelSpec &spec = *bundles.groupedKernels[sweepCase.kernel].spec;
    const GroupedRequest &request = sweepCase.request;
    std::string command =
        getGroupedRunCommand(sweepCase, "b/kernel.json", spec.name, true);
    llvm::Expected<GroupedProblem> problem = makeGroupedProblem(spec, request);
    ASSERT_TRUE(static_cast<bool>(problem))
        << command << ": " << llvm::toString(problem.takeError());
    llvm::Error launch = checkGroupedLaunch(spec, *problem);
    ASSERT_FALSE(static_cast<bool>(launch))
        << command << ": " << llvm::toString(std::move(launch));

    // 16-byte rows, K kept small, every operand within the budget.
    EXPECT_EQ(request.n % 8, 0) << command;
    EXPECT_EQ(request.k % 8, 0) << command;
    EXPECT_LE(request.k, 512) << command;
    int64_t groups = *request.groups;
    bool isMasked = problem->layout == GroupedLayout::Masked;
    int64_t aRows = isMasked ? groups * request.m : request.m;
    EXPECT_GE(request.m, 1) << command;
    EXPECT_LE(aRows * request.k, GroupedOperandElements) << command;
    EXPECT_LE((aRows + (isMasked ? 0 : 2 * GroupedGuardRows)) * request.n,
              GroupedOperandElements)
        << command;
    EXPECT_LE(groups * request.n * request.k, GroupedOperandElements)
        << command;

    int64_t blockRows = getGroupedBlockRows(spec);
    EXPECT_EQ(blockRows, 128);
    bool empty = false, one = false, ragged = false;
    for (int32_t rows : problem->groupRows) {
      empty |= rows == 0;
      one |= rows == 1;
      ragged |= rows > 1 && rows % blockRows != 0;
      raggedPastTile += rows > blockRows && rows % blockRows != 0;
    }
    emptyGroups += empty;
    oneRowGroups += one;
    raggedGroups += ragged;
    if (request.groupRows) {
      EXPECT_GE(groups, 3) << command;
      EXPECT_TRUE(empty && one && ragged) << command;
      listsWithEveryEdge += empty && one && ragged;
      routings.insert("list");
    } else {
      routings.insert(getRoutingDistributionName(*request.routing).str());
    }
    masked += isMasked;
    noTokens += isMasked && problem->getTokens() == 0;
    groupCounts.insert(groups);
  }
  EXPECT_EQ(masked, 300);
  EXPECT_EQ(routings, (std::set<std::string>{"even", "list", "skewed"}));
  EXPECT_GT(listsWithEveryEdge, 100);
  EXPECT_GT(emptyGroups, 200);
  EXPECT_GT(oneRowGroups, 200);
  EXPECT_GT(raggedGroups, 200);
  EXPECT_GT(raggedPastTile, 50);
  EXPECT_GT(noTokens, 5);
  for (int64_t groups : {1, 2, 3, 8, 16, 64, 256})
    EXPECT_TRUE(groupCounts.count(groups)) << "G = " << groups;
  EXPECT_LE(*groupCounts.rbegin(), 256);
  EXPECT_GT(groupCounts.size(), 40u);
}

TEST_F(GroupedSweepCaseTest, CommandLineIsGemmRunsFlags) {
  GroupedSweepCase list;
  list.index = 4;
  list.request.groups = 4;
  list.request.groupRows = "0,1,129,7";
  list.request.m = 137;
  list.request.n = 64;
  list.request.k = 32;
  list.request.seed = 5000019;
  EXPECT_EQ(getGroupedRunCommand(list, "art/c/kernel.json", "k_contig", true),
            "gemm-run art/c/kernel.json --kernel k_contig -m 137 -n 64 -k 32 "
            "--groups 4 --group-rows 0,1,129,7 --seed 5000019 --no-timing");
  EXPECT_EQ(
      describeGroupedSweepCase(list, GroupedLayout::Contiguous, {0, 1, 129, 7}),
      "grouped contiguous G=4 T=137 N=64 K=32 b=row list rows "
      "0,1,129,7");

  GroupedSweepCase routed;
  routed.request.groups = 256;
  routed.request.routing = RoutingDistribution::Skewed;
  routed.request.tokens = 0;
  routed.request.m = 129;
  routed.request.n = 8;
  routed.request.k = 512;
  routed.request.seed = 1;
  routed.request.bLayout = MatrixLayout::Col;
  EXPECT_EQ(getGroupedRunCommand(routed, "m/kernel.json", "k", false),
            "gemm-run m/kernel.json --kernel k -m 129 -n 8 -k 512 --groups "
            "256 --routing skewed --tokens 0 --seed 1 --no-timing "
            "--no-cublas");
  std::vector<int32_t> rows(20, 0);
  EXPECT_EQ(describeGroupedSweepCase(routed, GroupedLayout::Masked, rows),
            "grouped masked G=256 M_max=129 N=8 K=512 b=col skewed tokens=0 "
            "rows 0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,...");
}

TEST_F(GroupedSweepCaseTest, Fp8KernelsGetSixteenByteRowsAndFp8Inputs) {
  // The bf16 kernels' cases have no 8-bit inputs.
  for (uint64_t index = 0; index < 8; ++index)
    EXPECT_FALSE(generateGroupedSweepCase(3, index, bundles).fp8Inputs);
  // The contiguous test kernel as an FP8 one with block scales.
  auto contiguous =
      llvm::find_if(bundles.groupedKernels, [](const SweepKernel &kernel) {
        return kernel.spec->grouped == GroupedLayout::Contiguous;
      });
  ASSERT_NE(contiguous, bundles.groupedKernels.end());
  KernelSpec fp8 = *contiguous->spec;
  fp8.aType = fp8.bType = ElementType::F8E4M3FN;
  fp8.scaling =
      ScalingSpec{ScaleMode::Block1x128, ScaleMode::Block128x128, false};
  bundles.groupedKernels.clear();
  bundles.groupedKernels.push_back({"fp8/kernel.json", &fp8, std::nullopt});
  std::set<Fp8InputDistribution> inputs;
  bool raggedKBlock = false;
  for (uint64_t index = 0; index < 200; ++index) {
    GroupedSweepCase sweepCase = generateGroupedSweepCase(11, index, bundles);
    ASSERT_TRUE(sweepCase.fp8Inputs.has_value());
    inputs.insert(*sweepCase.fp8Inputs);
    EXPECT_EQ(sweepCase.request.n % 16, 0);
    EXPECT_EQ(sweepCase.request.k % 16, 0);
    raggedKBlock |= sweepCase.request.k % ScaleBlockElements != 0 &&
                    sweepCase.request.k > ScaleBlockElements;
    EXPECT_NE(
        getGroupedRunCommand(sweepCase, "fp8/kernel.json", "k", true)
            .find(" --fp8-inputs " +
                  getFp8InputDistributionName(*sweepCase.fp8Inputs).str() +
                  " --seed "),
        std::string::npos);
  }
  EXPECT_EQ(inputs.size(), 2u);
  EXPECT_TRUE(raggedKBlock);
}

} // namespace
