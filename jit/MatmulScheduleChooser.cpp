//===- MatmulScheduleChooser.cpp - a schedule for any matmul problem ------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "jit/MatmulScheduleChooser.h"

#include "AnalyzedSpace.h"
#include "CandidateChecker.h"
#include "ProblemRanking.h"
#include "jit/DecodeSchedules.h"
#include "jit/Float32Schedules.h"
#include "jit/MatmulDatabaseChoice.h"
#include "jit/ScheduleDescription.h"
#include "runtime/RuntimeError.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <set>

using namespace llvm;

namespace gemm_opt {

using jit::MatrixOrder;

/// Candidates tried, in the model's order, before giving up on a problem
/// whose operands or epilogue the best ones cannot take.
static constexpr size_t kMaxModelAttempts = 64;

struct MatmulScheduleChooser::AnalyzedCandidates {
  /// Owns the context of the candidates' schedule attributes.
  std::unique_ptr<tune::CandidateChecker> checker;
  analysis::ChipPerformance device;
  std::vector<tune::AnalyzedCandidate> legal;
};

MatmulScheduleChooser::MatmulScheduleChooser(
    std::optional<tuning::TuningDatabase> database, std::string modelDevice)
    : database(std::move(database)), modelDevice(std::move(modelDevice)) {}

MatmulScheduleChooser::~MatmulScheduleChooser() = default;

/// The candidate space's name of the problem's input type.
static std::string getSpaceType(const MatmulProblem &problem) {
  return problem.aType;
}

Expected<const MatmulScheduleChooser::AnalyzedCandidates *>
MatmulScheduleChooser::getCandidates(const std::string &chip,
                                     const std::string &dtype) {
  std::lock_guard<std::mutex> guard(mutex);
  std::string key = chip + " " + dtype;
  auto found = analyzed.find(key);
  if (found != analyzed.end())
    return found->second.get();
  tune::SpaceOptions options;
  options.chip = chip;
  options.device = modelDevice;
  options.dtypes = {dtype};
  options.families = {"wgmma", "sync"};
  Expected<analysis::ChipPerformance> device =
      tune::resolveSpaceOptions(options);
  if (!device)
    return runtime::makeBadInputError("matmul: " +
                                      toString(device.takeError()));
  auto candidates = std::make_unique<AnalyzedCandidates>();
  candidates->checker = std::make_unique<tune::CandidateChecker>(chip);
  Expected<tune::AnalyzedSpace> space = tune::analyzeSpace(
      *candidates->checker, options, dtype, *device, nulls());
  if (!space)
    return space.takeError();
  candidates->device = *device;
  candidates->legal = std::move(space->legal);
  return (analyzed[key] = std::move(candidates)).get();
}

/// `schedule` with a stream-K grid (stream_k = spares) where it has a
/// persistent grid without a split: the twin worth measuring where the
/// tiles leave a partial last wave.
static std::optional<std::string> getStreamKTwin(StringRef schedule) {
  size_t grid = schedule.find("grid = #tile.grid<");
  if (grid == StringRef::npos)
    return std::nullopt;
  size_t end = schedule.find('>', grid);
  StringRef fields = schedule.slice(grid, end);
  if (end == StringRef::npos || !fields.contains("persistent = true") ||
      fields.contains("split_k") || fields.contains("stream_k"))
    return std::nullopt;
  return (schedule.take_front(end) + ", stream_k = spares" +
          schedule.drop_front(end))
      .str();
}

Expected<std::vector<MatmulSchedule>> MatmulScheduleChooser::chooseByModel(
    const MatmulProblem &problem, const jit::FusedEpilogueDescription &epilogue,
    size_t count) {
  std::string firstWhy;
  // The module of `schedule` in one orientation, if it verifies.
  auto tryModule = [&](const std::string &schedule, bool transposed,
                       const std::string &name) -> std::optional<std::string> {
    if (transposed && epilogue.bias != "none")
      return std::nullopt; // The bias would run along the other dimension.
    std::string module =
        renderMatmulModule(problem, epilogue, schedule, transposed, name);
    std::string why;
    if (verifiesMatmulModule(module, why))
      return module;
    if (firstWhy.empty())
      firstWhy = why;
    return std::nullopt;
  };

  std::vector<MatmulSchedule> chosen;
  if (problem.aType == "f32") {
    for (MatmulSchedule &f32 : getFloat32Schedules(problem)) {
      for (bool transposed : {false, true}) {
        if (std::optional<std::string> module =
                tryModule(f32.schedule, transposed, f32.candidate)) {
          f32.module = std::move(*module);
          f32.transposed = transposed;
          if (transposed)
            f32.reason += ", run as the transposed problem";
          chosen.push_back(std::move(f32));
          break;
        }
      }
      if (chosen.size() == count)
        break;
    }
    if (!chosen.empty())
      return chosen;
    return runtime::makeBadInputError(
        formatv("matmul: no f32 schedule computes {0}: {1}",
                getKernelClass(problem, epilogue), firstWhy));
  }

  Expected<const AnalyzedCandidates *> candidates =
      getCandidates(problem.chip, getSpaceType(problem));
  if (!candidates)
    return candidates.takeError();
  const AnalyzedCandidates &space = **candidates;
  analysis::GemmShape shape{problem.m, problem.n, problem.k};
  tune::ModelOrder order = tune::orderByModel(space.legal, shape, space.device);
  // Beyond the first, one candidate per structure (block and warp tile,
  // split, persistence, store): variants the model barely tells apart are
  // not worth measuring side by side.
  std::set<std::string> structures;
  size_t attempts = 0;
  for (const tune::RankedCandidate &ranked : order.ranking) {
    const tune::AnalyzedCandidate &analyzed = space.legal[ranked.index];
    const tune::Candidate &candidate = analyzed.candidate;
    // The bias would run along the other dimension of the transpose.
    if (candidate.transposed && epilogue.bias != "none")
      continue;
    if (structures.count(tune::getStructureKey(analyzed)))
      continue;
    if (attempts++ == kMaxModelAttempts)
      break;
    // A transposed candidate runs the problem as its transpose only.
    std::optional<std::string> module =
        tryModule(candidate.schedule, candidate.transposed, candidate.name);
    if (!module)
      continue;
    structures.insert(tune::getStructureKey(analyzed));
    MatmulSchedule schedule;
    schedule.module = std::move(*module);
    schedule.schedule = candidate.schedule;
    schedule.candidate = candidate.name;
    schedule.transposed = candidate.transposed;
    schedule.reason =
        formatv("static model: {0}, place {1} of {2} candidates that run "
                "{3}x{4}x{5}, predicted {6:F1} TFLOP/s on {7}",
                candidate.name, ranked.overallRank, order.ranking.size(),
                problem.m, problem.n, problem.k, ranked.prediction.tflops,
                space.device.device)
            .str();
    chosen.push_back(std::move(schedule));
    if (chosen.size() == count)
      break;
  }
  // The stream-K twin of the first persistent pick comes second.
  if (count > 1)
    for (size_t i = 0; i < chosen.size(); ++i) {
      std::optional<std::string> twin = getStreamKTwin(chosen[i].schedule);
      if (!twin)
        continue;
      MatmulSchedule schedule;
      schedule.candidate = chosen[i].candidate + "_streamk";
      schedule.transposed = chosen[i].transposed;
      std::optional<std::string> module =
          tryModule(*twin, schedule.transposed, schedule.candidate);
      if (!module)
        break;
      schedule.module = std::move(*module);
      schedule.schedule = std::move(*twin);
      schedule.reason =
          chosen[i].reason + "; its stream-K twin (stream_k = spares)";
      chosen.insert(chosen.begin() + 1, std::move(schedule));
      if (chosen.size() > count)
        chosen.pop_back();
      break;
    }
  if (!chosen.empty())
    return chosen;
  return runtime::makeBadInputError(formatv(
      "matmul: none of the model's first {0} of {1} candidates computes {2} "
      "at {3}x{4}x{5}; the first refusal: {6}",
      std::min(order.ranking.size(), kMaxModelAttempts), order.ranking.size(),
      getKernelClass(problem, epilogue), problem.m, problem.n, problem.k,
      firstWhy.empty() ? "none runs the shape" : firstWhy));
}

Expected<std::vector<MatmulSchedule>> MatmulScheduleChooser::chooseCandidates(
    const MatmulProblem &problem, const jit::FusedEpilogueDescription &epilogue,
    size_t count) {
  std::vector<MatmulSchedule> chosen;
  if (std::optional<MatmulSchedule> decode = getDecodeSchedule(problem)) {
    decode->module =
        renderMatmulModule(problem, epilogue, decode->schedule,
                           /*transposed=*/false, decode->candidate);
    std::string why;
    if (verifiesMatmulModule(decode->module, why))
      chosen.push_back(std::move(*decode));
  }
  if (database && chosen.size() < count)
    if (std::optional<MatmulSchedule> measured =
            chooseFromDatabase(*database, problem, epilogue))
      chosen.push_back(std::move(*measured));
  if (chosen.size() >= count)
    return chosen;
  Expected<std::vector<MatmulSchedule>> modelled =
      chooseByModel(problem, epilogue, count);
  if (!modelled) {
    if (!chosen.empty()) {
      consumeError(modelled.takeError());
      return chosen;
    }
    return modelled.takeError();
  }
  for (MatmulSchedule &schedule : *modelled) {
    if (chosen.size() == count)
      break;
    if (llvm::none_of(chosen, [&](const MatmulSchedule &c) {
          return c.schedule == schedule.schedule;
        }))
      chosen.push_back(std::move(schedule));
  }
  return chosen;
}

Expected<MatmulSchedule>
MatmulScheduleChooser::choose(const MatmulProblem &problem,
                              const jit::FusedEpilogueDescription &epilogue) {
  Expected<std::vector<MatmulSchedule>> chosen =
      chooseCandidates(problem, epilogue, 1);
  if (!chosen)
    return chosen.takeError();
  return std::move(chosen->front());
}

} // namespace gemm_opt
