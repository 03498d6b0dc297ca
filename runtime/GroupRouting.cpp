//===- GroupRouting.cpp - Rows per group of a grouped GEMM ----------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/GroupRouting.h"

#include "runtime/HostMatrix.h"
#include "runtime/RuntimeError.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

#include <limits>
#include <numeric>

using namespace llvm;

namespace gemm_opt {
namespace runtime {

namespace {

/// The seeded order of the groups (the file comment's shuffle).
std::vector<int64_t> shuffleGroups(int64_t groups, uint64_t seed) {
  std::vector<int64_t> order(static_cast<size_t>(groups));
  std::iota(order.begin(), order.end(), 0);
  for (int64_t i = groups - 1; i >= 1; --i) {
    uint64_t draw =
        splitMix64(seed * 0x9E3779B97F4A7C15ull + static_cast<uint64_t>(i));
    int64_t j = static_cast<int64_t>(draw % static_cast<uint64_t>(i + 1));
    std::swap(order[static_cast<size_t>(i)], order[static_cast<size_t>(j)]);
  }
  return order;
}

/// Zipf counts by rank: rank r (0-based here) weighs floor(10^6 / (r + 1)).
std::vector<int64_t> getZipfCounts(int64_t groups, int64_t tokens) {
  std::vector<int64_t> weights;
  for (int64_t rank = 0; rank < groups; ++rank)
    weights.push_back(1000000 / (rank + 1));
  int64_t total = std::accumulate(weights.begin(), weights.end(), int64_t(0));
  std::vector<int64_t> counts;
  int64_t assigned = 0;
  for (int64_t weight : weights) {
    // tokens < 2^31 and weight <= 10^6: the product fits in 64 bits.
    counts.push_back(tokens * weight / total);
    assigned += counts.back();
  }
  for (int64_t rank = 0; assigned < tokens; rank = (rank + 1) % groups) {
    ++counts[static_cast<size_t>(rank)];
    ++assigned;
  }
  return counts;
}

/// Moves the rows above `capacity` on to the next ranks with room.
void capCounts(std::vector<int64_t> &counts, int64_t capacity) {
  size_t groups = counts.size();
  for (size_t rank = 0; rank < groups; ++rank) {
    int64_t excess = counts[rank] - capacity;
    if (excess <= 0)
      continue;
    counts[rank] = capacity;
    for (size_t step = 1; step < groups && excess > 0; ++step) {
      int64_t &next = counts[(rank + step) % groups];
      int64_t moved = std::min(excess, capacity - next);
      if (moved <= 0)
        continue;
      next += moved;
      excess -= moved;
    }
  }
}

} // namespace

StringRef getRoutingDistributionName(RoutingDistribution distribution) {
  return distribution == RoutingDistribution::Even ? "even" : "skewed";
}

Expected<std::vector<int32_t>> makeGroupRows(int64_t groups, int64_t tokens,
                                             std::optional<int64_t> capacity,
                                             RoutingDistribution distribution,
                                             uint64_t seed) {
  constexpr int64_t maxRows = std::numeric_limits<int32_t>::max();
  if (groups < 1)
    return makeBadInputError("the group count must be at least 1, not " +
                             Twine(groups));
  if (tokens < 0 || tokens > maxRows)
    return makeBadInputError("the token count " + Twine(tokens) +
                             " is outside [0, " + Twine(maxRows) + "]");
  if (capacity && (*capacity < 0 || tokens > groups * *capacity))
    return makeBadInputError(Twine(tokens) + " tokens do not fit " +
                             Twine(groups) + " groups of at most " +
                             Twine(*capacity) + " rows");
  std::vector<int64_t> byRank;
  if (distribution == RoutingDistribution::Even) {
    for (int64_t group = 0; group < groups; ++group)
      byRank.push_back(tokens / groups + (group < tokens % groups ? 1 : 0));
  } else {
    byRank = getZipfCounts(groups, tokens);
  }
  if (capacity)
    capCounts(byRank, *capacity);
  // Even counts keep the groups' own order; skewed ones go to the groups
  // in the seeded order.
  std::vector<int64_t> order(static_cast<size_t>(groups));
  if (distribution == RoutingDistribution::Skewed)
    order = shuffleGroups(groups, seed);
  else
    std::iota(order.begin(), order.end(), 0);
  std::vector<int32_t> rows(static_cast<size_t>(groups), 0);
  for (size_t rank = 0; rank < byRank.size(); ++rank)
    rows[static_cast<size_t>(order[rank])] = static_cast<int32_t>(byRank[rank]);
  return rows;
}

Expected<std::vector<int64_t>> parseGroupRowList(StringRef list) {
  SmallVector<StringRef, 16> items;
  list.split(items, ',');
  std::vector<int64_t> values;
  for (StringRef item : items) {
    int64_t value = 0;
    if (item.trim().getAsInteger(10, value))
      return makeBadInputError("'" + item + "' in '" + list +
                               "' is not an integer");
    values.push_back(value);
  }
  return values;
}

Expected<std::vector<int32_t>> checkGroupRows(ArrayRef<int64_t> list,
                                              GroupedLayout layout,
                                              int64_t groups, int64_t rows,
                                              StringRef flag) {
  auto refuse = [&](const Twine &why) {
    return makeBadInputError(flag + ": " + why);
  };
  if (static_cast<int64_t>(list.size()) != groups)
    return refuse("has " + Twine(list.size()) + " entries; --groups=" +
                  Twine(groups) + " needs one per group");
  int64_t total = 0;
  for (auto [group, count] : enumerate(list)) {
    if (count < 0)
      return refuse("group " + Twine(group) + " has " + Twine(count) +
                    " rows; counts must not be negative");
    if (layout == GroupedLayout::Masked && count > rows)
      return refuse("group " + Twine(group) + " has " + Twine(count) +
                    " rows, more than M_max = -m = " + Twine(rows) +
                    " of the masked layout");
    total += count;
    if (total > std::numeric_limits<int32_t>::max())
      return refuse("the rows add up to more than the i32 range");
  }
  if (layout == GroupedLayout::Contiguous && total != rows)
    return refuse("the rows add up to " + Twine(total) +
                  ", but the contiguous layout's groups cover exactly T = "
                  "-m = " +
                  Twine(rows) + " rows");
  return std::vector<int32_t>(list.begin(), list.end());
}

std::vector<int32_t> getGroupOffsets(ArrayRef<int32_t> rows) {
  std::vector<int32_t> offsets = {0};
  for (int32_t count : rows)
    offsets.push_back(offsets.back() + count);
  return offsets;
}

std::vector<int32_t> getGroupOperand(GroupedLayout layout,
                                     ArrayRef<int32_t> rows) {
  if (layout == GroupedLayout::Masked)
    return std::vector<int32_t>(rows.begin(), rows.end());
  return getGroupOffsets(rows);
}

} // namespace runtime
} // namespace gemm_opt
