//===- SpaceCheck.cpp - which candidates of a space compile, in parallel --===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "SpaceCheck.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"

#include <algorithm>
#include <atomic>

using namespace llvm;
using namespace gemm_opt;
using namespace gemm_opt::tune;

/// Sets of twins a thread takes at least: fewer are not worth its context.
static constexpr size_t MinSetsPerThread = 64;
static constexpr unsigned MaxThreads = 16;

namespace {
/// The candidates of a space by sets of raster twins, and what was found.
struct TwinSets {
  /// The members of each set, in enumeration order.
  std::vector<std::vector<size_t>> sets;
  /// Per candidate, its set.
  std::vector<size_t> setOf;
  /// Per set, the verdict of its first member.
  std::vector<CheckVerdict> verdicts;
  /// Per candidate: its own verdict where it differs from its set's (a
  /// member whose schedule does not parse alone is judged itself).
  std::vector<std::optional<CheckVerdict>> ownVerdicts;
  std::vector<CandidateCheck> checks;
};
} // namespace

/// Judges set `s`'s first member with `checker`, then parses (and analyses)
/// every member of a legal set; the first keeps its module's schedule.
static void checkSet(CandidateChecker &checker, ArrayRef<Candidate> space,
                     std::optional<AnalyzeSchedule> analyze, size_t s,
                     TwinSets &found) {
  const std::vector<size_t> &members = found.sets[s];
  tile::ScheduleAttr judged; // The first member's, from its module.
  found.verdicts[s] = checker.judge(space[members.front()], judged);
  if (!found.verdicts[s].legal)
    return;
  for (size_t i : members) {
    tile::ScheduleAttr schedule =
        i == members.front() ? judged : checker.parseSchedule(space[i]);
    if (!schedule) {
      // Not like its twins after all: judged on its own.
      found.ownVerdicts[i] = checker.judge(space[i], schedule);
      if (!found.ownVerdicts[i]->legal)
        continue;
    }
    found.checks[i].schedule = schedule;
    if (analyze)
      found.checks[i].analysis.emplace((*analyze)(schedule));
  }
}

std::vector<CandidateCheck> gemm_opt::tune::checkCandidates(
    CandidateChecker &checker, ArrayRef<Candidate> space, CheckCounts &counts,
    std::optional<AnalyzeSchedule> analyze, unsigned threads) {
  TwinSets found;
  StringMap<size_t> byTwinKey;
  for (size_t i = 0; i < space.size(); ++i) {
    auto [set, first] =
        byTwinKey.try_emplace(getRasterTwinKey(space[i]), found.sets.size());
    if (first)
      found.sets.emplace_back();
    found.sets[set->second].push_back(i);
    found.setOf.push_back(set->second);
  }
  found.verdicts.resize(found.sets.size());
  found.ownVerdicts.resize(space.size());
  found.checks.resize(space.size());

  if (threads == 0)
    threads =
        std::min(hardware_concurrency().compute_thread_count(), MaxThreads);
  threads = static_cast<unsigned>(std::min<size_t>(
      threads, (found.sets.size() + MinSetsPerThread - 1) / MinSetsPerThread));
  if (threads <= 1) {
    for (size_t s = 0; s < found.sets.size(); ++s)
      checkSet(checker, space, analyze, s, found);
  } else {
    ArrayRef<std::unique_ptr<CandidateChecker>> helpers =
        checker.getHelpers(threads);
    std::atomic<size_t> next{0};
    DefaultThreadPool pool(hardware_concurrency(threads));
    for (const std::unique_ptr<CandidateChecker> &helper : helpers)
      pool.async([&, own = helper.get()] {
        for (size_t s = next++; s < found.sets.size(); s = next++)
          checkSet(*own, space, analyze, s, found);
      });
    pool.wait();
  }

  // Counted in enumeration order, as one checker counts them (the first
  // example of each drop reason is kept).
  for (size_t i = 0; i < space.size(); ++i)
    (found.ownVerdicts[i] ? *found.ownVerdicts[i]
                          : found.verdicts[found.setOf[i]])
        .countIn(counts);
  return std::move(found.checks);
}
