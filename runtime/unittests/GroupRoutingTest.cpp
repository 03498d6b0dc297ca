//===- GroupRoutingTest.cpp - rows per group of grouped GEMMs (no GPU) ----===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The routings gemm-run generates and takes (runtime/GroupRouting.h): sums,
// bounds, determinism for a seed, the edge cases, the list parser and the
// offsets of the contiguous layout.

#include "runtime/GroupRouting.h"
#include "runtime/RuntimeError.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <numeric>

using namespace llvm;
using namespace gemm_opt::runtime;

namespace {

int64_t sum(ArrayRef<int32_t> rows) {
  return std::accumulate(rows.begin(), rows.end(), int64_t(0));
}

std::vector<int32_t> make(int64_t groups, int64_t tokens,
                          std::optional<int64_t> capacity,
                          RoutingDistribution distribution, uint64_t seed) {
  Expected<std::vector<int32_t>> rows =
      makeGroupRows(groups, tokens, capacity, distribution, seed);
  EXPECT_TRUE(static_cast<bool>(rows)) << toString(rows.takeError());
  return rows ? *rows : std::vector<int32_t>();
}

std::string errorOf(Error err) {
  return err ? summarizeError(std::move(err)).message : "";
}

TEST(GroupRoutingTest, EvenSplitsTheTokens) {
  EXPECT_EQ(make(4, 10, std::nullopt, RoutingDistribution::Even, 1),
            (std::vector<int32_t>{3, 3, 2, 2}));
  EXPECT_EQ(make(3, 0, std::nullopt, RoutingDistribution::Even, 1),
            (std::vector<int32_t>{0, 0, 0}));
  // Fewer tokens than groups: groups of 1 row and of none.
  EXPECT_EQ(make(4, 2, 8, RoutingDistribution::Even, 1),
            (std::vector<int32_t>{1, 1, 0, 0}));
}

TEST(GroupRoutingTest, SkewedSumsBoundsAndDeterminism) {
  for (int64_t groups : {1, 8, 64, 256}) {
    for (uint64_t seed : {1, 2, 77}) {
      std::vector<int32_t> rows =
          make(groups, 32768, std::nullopt, RoutingDistribution::Skewed, seed);
      ASSERT_EQ(rows.size(), static_cast<size_t>(groups));
      EXPECT_EQ(sum(rows), 32768);
      EXPECT_TRUE(llvm::all_of(rows, [](int32_t r) { return r >= 0; }));
      EXPECT_EQ(rows, make(groups, 32768, std::nullopt,
                           RoutingDistribution::Skewed, seed));
      // Zipf: the largest group holds 1 / H_G of the tokens.
      if (groups == 8) {
        EXPECT_GT(*std::max_element(rows.begin(), rows.end()), 32768 / 4);
      }
    }
  }
  EXPECT_NE(make(64, 8192, std::nullopt, RoutingDistribution::Skewed, 1),
            make(64, 8192, std::nullopt, RoutingDistribution::Skewed, 2));
}

TEST(GroupRoutingTest, SkewedKnownCounts) {
  // Weights 10^6 / r for ranks 1..4: 1000000, 500000, 333333, 250000
  // (W = 2083333); 100 tokens give 48, 24, 15, 12 and the one left over
  // goes to rank 1. The seeded order puts them on groups.
  std::vector<int32_t> rows =
      make(4, 100, std::nullopt, RoutingDistribution::Skewed, 1);
  std::vector<int32_t> sorted = rows;
  std::sort(sorted.rbegin(), sorted.rend());
  EXPECT_EQ(sorted, (std::vector<int32_t>{49, 24, 15, 12}));
}

TEST(GroupRoutingTest, SkewedMatchesTheBenchmarkScript) {
  // What bench/grouped-moe.py's group_rows computes for the same seeds: the
  // two must stay in step (gemm-run --group-rows takes its --print-counts).
  EXPECT_EQ(make(8, 1000, std::nullopt, RoutingDistribution::Skewed, 1),
            (std::vector<int32_t>{368, 92, 123, 184, 45, 74, 62, 52}));
  EXPECT_EQ(make(5, 77, std::nullopt, RoutingDistribution::Skewed, 42),
            (std::vector<int32_t>{34, 17, 12, 6, 8}));
}

TEST(GroupRoutingTest, SkewedWithCapacity) {
  // The masked layout: no group above M_max, the tokens all placed, and
  // groups of 0 rows where the tokens are few.
  for (uint64_t seed : {1, 5, 9}) {
    std::vector<int32_t> rows =
        make(64, 3000, 64, RoutingDistribution::Skewed, seed);
    EXPECT_EQ(sum(rows), 3000);
    EXPECT_TRUE(llvm::all_of(rows, [](int32_t r) { return r <= 64; }));
  }
  std::vector<int32_t> full =
      make(8, 8 * 16, 16, RoutingDistribution::Skewed, 3);
  EXPECT_TRUE(llvm::all_of(full, [](int32_t r) { return r == 16; }));
  std::vector<int32_t> sparse =
      make(256, 40, 128, RoutingDistribution::Skewed, 3);
  EXPECT_EQ(sum(sparse), 40);
  EXPECT_TRUE(llvm::is_contained(sparse, 0));
  EXPECT_TRUE(llvm::is_contained(sparse, 1));
}

TEST(GroupRoutingTest, RefusesWhatCannotBeMet) {
  EXPECT_EQ(
      errorOf(makeGroupRows(0, 10, std::nullopt, RoutingDistribution::Even, 1)
                  .takeError()),
      "the group count must be at least 1, not 0");
  EXPECT_EQ(errorOf(makeGroupRows(4, 100, 16, RoutingDistribution::Skewed, 1)
                        .takeError()),
            "100 tokens do not fit 4 groups of at most 16 rows");
  EXPECT_NE(
      errorOf(makeGroupRows(4, -1, std::nullopt, RoutingDistribution::Even, 1)
                  .takeError()),
      "");
}

TEST(GroupRoutingTest, ExplicitLists) {
  Expected<std::vector<int64_t>> list = parseGroupRowList("0,1, 129,-3");
  ASSERT_TRUE(static_cast<bool>(list)) << toString(list.takeError());
  EXPECT_EQ(*list, (std::vector<int64_t>{0, 1, 129, -3}));
  EXPECT_EQ(errorOf(parseGroupRowList("1,,2").takeError()),
            "'' in '1,,2' is not an integer");

  // Edge cases pass through unchanged.
  Expected<std::vector<int32_t>> masked =
      checkGroupRows({0, 1, 129, 256}, GroupedLayout::Masked, 4, 256, "--x");
  ASSERT_TRUE(static_cast<bool>(masked)) << toString(masked.takeError());
  EXPECT_EQ(*masked, (std::vector<int32_t>{0, 1, 129, 256}));

  EXPECT_EQ(errorOf(checkGroupRows({0, -1, 2}, GroupedLayout::Masked, 3, 8,
                                   "--group-rows")
                        .takeError()),
            "--group-rows: group 1 has -1 rows; counts must not be negative");
  EXPECT_EQ(errorOf(checkGroupRows({1, 2}, GroupedLayout::Masked, 3, 8,
                                   "--group-rows")
                        .takeError()),
            "--group-rows: has 2 entries; --groups=3 needs one per group");
  EXPECT_EQ(errorOf(checkGroupRows({1, 9, 2}, GroupedLayout::Masked, 3, 8,
                                   "--group-rows")
                        .takeError()),
            "--group-rows: group 1 has 9 rows, more than M_max = -m = 8 of "
            "the masked layout");
  EXPECT_EQ(errorOf(checkGroupRows({100, 29}, GroupedLayout::Contiguous, 2, 128,
                                   "--group-rows")
                        .takeError()),
            "--group-rows: the rows add up to 129, but the contiguous "
            "layout's groups cover exactly T = -m = 128 rows");
  // A contiguous group may hold more than any M_max.
  EXPECT_TRUE(static_cast<bool>(checkGroupRows(
      {0, 1, 127}, GroupedLayout::Contiguous, 3, 128, "--group-rows")));
}

TEST(GroupRoutingTest, Offsets) {
  EXPECT_EQ(getGroupOffsets({0, 1, 129, 2}),
            (std::vector<int32_t>{0, 0, 1, 130, 132}));
  EXPECT_EQ(getGroupOperand(GroupedLayout::Masked, {3, 0, 5}),
            (std::vector<int32_t>{3, 0, 5}));
  EXPECT_EQ(getGroupOperand(GroupedLayout::Contiguous, {3, 0, 5}),
            (std::vector<int32_t>{0, 3, 3, 8}));
}

} // namespace
