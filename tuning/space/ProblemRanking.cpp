//===- ProblemRanking.cpp - the model's shortlist for one problem ---------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "ProblemRanking.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>
#include <tuple>

using namespace llvm;
using namespace gemm_opt;
using namespace gemm_opt::tune;

/// Predictions closer than this (relative) are the same to the model.
static constexpr double kSamePrediction = 1e-4;

std::string gemm_opt::tune::getStructureKey(const AnalyzedCandidate &c) {
  tile::ScheduleAttr s = c.analysis.schedule;
  return formatv("{0}:{1}{2}x{3}x{4}:{5}x{6}:sk{7}:{8}{9}",
                 s.isWgmma() ? "wgmma" : "sync",
                 c.candidate.transposed ? "ccc:" : "", s.getBlockM(),
                 s.getBlockN(), s.getBlockK(), s.getWarpM(), s.getWarpN(),
                 s.getSplitK(), s.isPersistent() ? "persistent:" : "",
                 tile::stringifyEpilogueStore(s.getEpilogueStore()));
}

/// Predicted times in one bin (1e-4 wide in log space) are the same to the
/// model.
static int64_t getPredictionBin(double seconds) {
  return std::llround(std::log(seconds) / std::log1p(kSamePrediction));
}

/// Among candidates the model predicts the same time for, which to try
/// first (smaller first): one tile per block before a persistent grid (where
/// the model credits persistence nothing, e.g. one tile per SM, its tile
/// loop only costs: 64x64 s12 at 128x4096x4096 measured 0.89x cuBLAS
/// persistent, 0.98x not), the deeper pipeline (more slack on the load
/// latency, the term the model is least sure of), the tma store (the
/// vector epilogue's staging reads are 2-way bank conflicted), then more
/// producer and consumer registers (ptxas spilled 20-32 bytes in three
/// 24/208-register candidates, none in 40/232 ones).
static std::tuple<int, int64_t, int, int64_t, int64_t>
getTieBreakKey(tile::ScheduleAttr s) {
  tile::WarpSpecializationAttr registers = s.getSpecialization();
  return {s.isPersistent() ? 1 : 0, -s.getStages(),
          s.getEpilogueStore() == tile::EpilogueStore::tma ? 0 : 1,
          registers ? -registers.getProducerRegisters() : 0,
          registers ? -registers.getConsumerRegisters() : 0};
}

std::optional<analysis::GemmShape>
gemm_opt::tune::getKernelShape(const Candidate &candidate,
                               const analysis::GemmShape &shape) {
  if (!candidate.transposed)
    return shape;
  if (shape.m > kTransposedMaxM)
    return std::nullopt;
  return analysis::GemmShape{shape.n, shape.m, shape.k};
}

bool gemm_opt::tune::isSamePrediction(double x, double y) {
  return std::abs(x - y) <= kSamePrediction * std::max(x, y);
}

ModelOrder
gemm_opt::tune::orderByModel(const std::vector<AnalyzedCandidate> &candidates,
                             const analysis::GemmShape &shape,
                             const analysis::ChipPerformance &device) {
  ModelOrder order;
  // Candidates of one block tile, split and raster read the same operand
  // bytes (at the same concurrency): simulated once.
  analysis::OperandTrafficCache traffic;
  for (auto [index, c] : llvm::enumerate(candidates)) {
    std::optional<analysis::GemmShape> kernelShape =
        getKernelShape(c.candidate, shape);
    if (!kernelShape) {
      ++order.notRunnable;
      continue;
    }
    const analysis::ScheduleAnalysis &a = c.analysis;
    Expected<analysis::ShapePrediction> prediction =
        analysis::predictShape(a.schedule, device, a.registers, a.occupancy,
                               a.tile, *kernelShape, &traffic);
    if (!prediction) {
      consumeError(prediction.takeError());
      ++order.notRunnable;
      continue;
    }
    order.ranking.push_back({index, std::move(*prediction), 0, false});
  }
  llvm::stable_sort(order.ranking,
                    [&](const RankedCandidate &x, const RankedCandidate &y) {
                      int64_t binX = getPredictionBin(x.prediction.seconds),
                              binY = getPredictionBin(y.prediction.seconds);
                      if (binX != binY)
                        return binX < binY;
                      const AnalyzedCandidate &cx = candidates[x.index],
                                              &cy = candidates[y.index];
                      auto keyX = getTieBreakKey(cx.analysis.schedule),
                           keyY = getTieBreakKey(cy.analysis.schedule);
                      if (keyX != keyY)
                        return keyX < keyY;
                      return cx.candidate.name < cy.candidate.name;
                    });
  for (auto [index, ranked] : llvm::enumerate(order.ranking))
    ranked.overallRank = index + 1;
  return order;
}

ProblemRanking
gemm_opt::tune::rankProblem(const std::vector<AnalyzedCandidate> &candidates,
                            StringRef dtype, const analysis::GemmShape &shape,
                            const analysis::ChipPerformance &device,
                            const RankingOptions &options) {
  ProblemRanking problem;
  problem.dtype = dtype.str();
  problem.shape = shape;
  ModelOrder order = orderByModel(candidates, shape, device);
  std::vector<RankedCandidate> &ranking = order.ranking;
  problem.runnable = ranking.size();
  problem.notRunnable = order.notRunnable;

  // The shortlist; the predicted times taken per structure.
  StringMap<std::vector<double>> taken;
  size_t shortlistEnd = ranking.size();
  for (auto [index, ranked] : llvm::enumerate(ranking)) {
    if (problem.picks.size() == options.top) {
      shortlistEnd = index;
      break;
    }
    std::vector<double> &times =
        taken[getStructureKey(candidates[ranked.index])];
    if (times.size() == options.variants || llvm::any_of(times, [&](double t) {
          return isSamePrediction(t, ranked.prediction.seconds);
        }))
      continue;
    times.push_back(ranked.prediction.seconds);
    problem.picks.push_back(ranked);
  }

  // The raster twins of the first picks, each after its pick.
  if (options.twins > 0) {
    StringMap<std::vector<const RankedCandidate *>> byTwinKey;
    for (const RankedCandidate &ranked : ranking)
      byTwinKey[getRasterTwinKey(candidates[ranked.index].candidate)].push_back(
          &ranked);
    StringMap<bool> picked;
    for (const RankedCandidate &pick : problem.picks)
      picked[candidates[pick.index].candidate.name] = true;
    std::vector<RankedCandidate> withTwins;
    for (auto [position, pick] : llvm::enumerate(problem.picks)) {
      withTwins.push_back(pick);
      if (position >= options.twins)
        continue;
      for (const RankedCandidate *twin :
           byTwinKey[getRasterTwinKey(candidates[pick.index].candidate)]) {
        if (!picked.try_emplace(candidates[twin->index].candidate.name, true)
                 .second)
          continue;
        RankedCandidate copy = *twin;
        copy.twin = true;
        withTwins.push_back(std::move(copy));
      }
    }
    problem.picks = std::move(withTwins);
  }

  // The exploration controls: the best of each structure the shortlist
  // lacks (all ranked after the shortlist's last pick), evenly spread.
  std::vector<const RankedCandidate *> others;
  StringMap<bool> seen;
  for (size_t i = shortlistEnd; i < ranking.size(); ++i) {
    std::string key = getStructureKey(candidates[ranking[i].index]);
    if (taken.count(key) || !seen.try_emplace(key, true).second)
      continue;
    others.push_back(&ranking[i]);
  }
  size_t count = std::min<size_t>(options.explore, others.size());
  for (size_t i = 0; i < count; ++i) {
    // The i-th of `count` evenly spaced positions, first and last included.
    size_t at = count == 1 ? 0 : i * (others.size() - 1) / (count - 1);
    RankedCandidate pick = *others[at];
    pick.explore = true;
    problem.picks.push_back(std::move(pick));
  }
  return problem;
}
