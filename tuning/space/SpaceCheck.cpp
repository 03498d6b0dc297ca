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

/// Candidates a thread judges at least: fewer are not worth its context.
static constexpr size_t MinCandidatesPerThread = 64;
static constexpr unsigned MaxThreads = 16;

/// Judges `space[indices[j]]` into `verdicts[j]` for every j.
static void judgeAll(CandidateChecker &checker, StringRef chip,
                     ArrayRef<Candidate> space, ArrayRef<size_t> indices,
                     std::vector<CheckVerdict> &verdicts, unsigned threads) {
  if (threads == 0)
    threads =
        std::min(hardware_concurrency().compute_thread_count(), MaxThreads);
  size_t wanted =
      (indices.size() + MinCandidatesPerThread - 1) / MinCandidatesPerThread;
  threads = static_cast<unsigned>(std::min<size_t>(threads, wanted));
  if (threads <= 1) {
    for (size_t j = 0; j < indices.size(); ++j)
      verdicts[j] = checker.judge(space[indices[j]]);
    return;
  }
  std::atomic<size_t> next{0};
  DefaultThreadPool pool(hardware_concurrency(threads));
  for (unsigned thread = 0; thread < threads; ++thread)
    pool.async([&] {
      CandidateChecker own(chip);
      for (size_t j = next++; j < indices.size(); j = next++)
        verdicts[j] = own.judge(space[indices[j]]);
    });
  pool.wait();
}

std::vector<tile::ScheduleAttr>
gemm_opt::tune::checkCandidates(CandidateChecker &checker, StringRef chip,
                                ArrayRef<Candidate> space, CheckCounts &counts,
                                unsigned threads) {
  // The first of each set of raster twins is judged; the others take its
  // verdict.
  std::vector<size_t> judged, verdictOf(space.size());
  StringMap<size_t> byTwinKey;
  for (size_t i = 0; i < space.size(); ++i) {
    auto [found, first] =
        byTwinKey.try_emplace(getRasterTwinKey(space[i]), judged.size());
    if (first)
      judged.push_back(i);
    verdictOf[i] = found->second;
  }
  std::vector<CheckVerdict> verdicts(judged.size());
  judgeAll(checker, chip, space, judged, verdicts, threads);

  std::vector<tile::ScheduleAttr> schedules(space.size());
  for (size_t i = 0; i < space.size(); ++i) {
    const CheckVerdict &verdict = verdicts[verdictOf[i]];
    if (verdict.legal)
      schedules[i] = checker.parseSchedule(space[i]);
    if (verdict.legal && !schedules[i]) {
      // Not like its twin after all: judged on its own.
      schedules[i] = checker.check(space[i], counts);
      continue;
    }
    verdict.countIn(counts);
  }
  return schedules;
}
