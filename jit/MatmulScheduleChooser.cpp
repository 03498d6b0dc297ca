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
#include "compiler/ScheduleCompilation.h"
#include "jit/ScheduleDescription.h"
#include "runtime/RuntimeError.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>

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

static MatrixOrder flip(MatrixOrder order) {
  return order == MatrixOrder::RowMajor ? MatrixOrder::ColumnMajor
                                        : MatrixOrder::RowMajor;
}

std::string renderMatmulModule(const MatmulProblem &problem,
                               const jit::FusedEpilogueDescription &epilogue,
                               const std::string &schedule, bool transposed,
                               const std::string &name) {
  jit::ScheduleDescription what;
  what.name = name;
  what.aType = transposed ? problem.bType : problem.aType;
  what.bType = transposed ? problem.aType : problem.bType;
  what.cType = problem.cType;
  MatrixOrder a = transposed ? flip(problem.orderB) : problem.orderA;
  MatrixOrder b = transposed ? flip(problem.orderA) : problem.orderB;
  MatrixOrder c = transposed ? flip(problem.orderC) : problem.orderC;
  what.aLayout = getOrderName(a);
  what.bLayout = getOrderName(b);
  what.cLayout = getOrderName(c);
  what.batched = problem.batch > 1;
  what.fused = epilogue;
  return jit::renderGemmModule(what, schedule);
}

bool verifiesMatmulModule(const std::string &module, std::string &why) {
  Expected<std::unique_ptr<ScheduleCompilation>> parsed =
      ScheduleCompilation::parse(module, "matmul");
  if (parsed)
    return true;
  why = toString(parsed.takeError());
  return false;
}

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

static int64_t getBucket(int64_t extent) {
  return int64_t(std::lround(std::log2(double(extent))));
}

std::optional<MatmulSchedule> MatmulScheduleChooser::chooseFromDatabase(
    const MatmulProblem &problem,
    const jit::FusedEpilogueDescription &epilogue) {
  // The database measures single row-major GEMMs.
  bool rowMajor = problem.orderA == MatrixOrder::RowMajor &&
                  problem.orderB == MatrixOrder::RowMajor &&
                  problem.orderC == MatrixOrder::RowMajor;
  if (!database || !rowMajor || problem.batch > 1 || problem.allowTf32)
    return std::nullopt;
  tuning::ProblemKey key{problem.chip,  problem.aType, problem.bType,
                         problem.cType, problem.m,     problem.n,
                         problem.k};
  std::optional<tuning::TuningDatabase::Match> match = database->lookup(key);
  if (!match)
    return std::nullopt;
  const tuning::TuningEntry &entry = *match->entry;
  const tuning::ProblemKey &at = entry.problem;
  if (!match->exact && (getBucket(at.m) != getBucket(problem.m) ||
                        getBucket(at.n) != getBucket(problem.n) ||
                        getBucket(at.k) != getBucket(problem.k)))
    return std::nullopt;
  bool transposed = entry.runsTransposed();
  if (transposed && epilogue.bias != "none")
    return std::nullopt;
  MatmulSchedule chosen;
  chosen.schedule = entry.schedule;
  chosen.module =
      renderMatmulModule(problem, epilogue, entry.schedule, transposed);
  std::string why;
  if (!verifiesMatmulModule(chosen.module, why))
    return std::nullopt;
  chosen.reason =
      formatv("tuning database: {0} measured at {1}x{2}x{3} on {4} ({5:F2}x "
              "cuBLAS){6}",
              entry.candidate, at.m, at.n, at.k, entry.device,
              entry.ratioToCublas,
              match->exact ? "" : ", the same shape bucket")
          .str();
  return chosen;
}

/// The schedules f32 problems take: the candidate space has no f32 type.
static MatmulSchedule getFloat32Schedule(const MatmulProblem &problem) {
  jit::ScheduleDescription s;
  s.chip = problem.chip;
  s.aType = s.bType = s.cType = "f32";
  if (problem.allowTf32) {
    s.block = {128, 256, 32};
    s.mma = {64, 256, 8};
    s.stages = 4;
    s.grid = jit::GridDescription{true, "along_m", 16, 1, "spares"};
    s.storeRounds = 4;
  } else {
    s.block = {128, 128, 8};
    s.warp = {32, 64};
    s.mmaKind = "ffma";
    s.mma = {8, 8, 1};
    s.smemA = {0, 4};
    s.smemB = {0, 0};
    s.stages = 2;
    s.load = "cp_async";
    s.specialization.reset();
    s.grid.reset();
    s.store.reset();
  }
  MatmulSchedule chosen;
  chosen.schedule = jit::renderScheduleAttribute(s);
  chosen.reason = problem.allowTf32
                      ? "the shipped tf32 wgmma schedule (f32 is outside "
                        "the tuner's candidate space)"
                      : "the shipped SIMT schedule (f32 is outside the "
                        "tuner's candidate space)";
  return chosen;
}

Expected<MatmulSchedule> MatmulScheduleChooser::chooseByModel(
    const MatmulProblem &problem,
    const jit::FusedEpilogueDescription &epilogue) {
  std::string firstWhy;
  // The module of `schedule` in one orientation, if it verifies.
  auto tryModule = [&](const std::string &schedule,
                       bool transposed) -> std::optional<std::string> {
    if (transposed && epilogue.bias != "none")
      return std::nullopt; // The bias would run along the other dimension.
    std::string module =
        renderMatmulModule(problem, epilogue, schedule, transposed);
    std::string why;
    if (verifiesMatmulModule(module, why))
      return module;
    if (firstWhy.empty())
      firstWhy = why;
    return std::nullopt;
  };

  if (problem.aType == "f32") {
    MatmulSchedule chosen = getFloat32Schedule(problem);
    for (bool transposed : {false, true}) {
      if (std::optional<std::string> module =
              tryModule(chosen.schedule, transposed)) {
        chosen.module = std::move(*module);
        if (transposed)
          chosen.reason += ", run as the transposed problem";
        return chosen;
      }
    }
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
  size_t attempts = 0;
  for (const tune::RankedCandidate &ranked : order.ranking) {
    const tune::Candidate &candidate = space.legal[ranked.index].candidate;
    // The bias would run along the other dimension of the transpose.
    if (candidate.transposed && epilogue.bias != "none")
      continue;
    if (attempts++ == kMaxModelAttempts)
      break;
    // A transposed candidate runs the problem as its transpose only.
    std::optional<std::string> module =
        tryModule(candidate.schedule, candidate.transposed);
    if (!module)
      continue;
    MatmulSchedule chosen;
    chosen.module = std::move(*module);
    chosen.schedule = candidate.schedule;
    chosen.reason =
        formatv("static model: {0}, place {1} of {2} candidates that run "
                "{3}x{4}x{5}, predicted {6:F1} TFLOP/s on {7}",
                candidate.name, ranked.overallRank, order.ranking.size(),
                problem.m, problem.n, problem.k, ranked.prediction.tflops,
                space.device.device)
            .str();
    return chosen;
  }
  return runtime::makeBadInputError(formatv(
      "matmul: none of the model's first {0} of {1} candidates computes {2} "
      "at {3}x{4}x{5}; the first refusal: {6}",
      std::min(order.ranking.size(), kMaxModelAttempts), order.ranking.size(),
      getKernelClass(problem, epilogue), problem.m, problem.n, problem.k,
      firstWhy.empty() ? "none runs the shape" : firstWhy));
}

Expected<MatmulSchedule>
MatmulScheduleChooser::choose(const MatmulProblem &problem,
                              const jit::FusedEpilogueDescription &epilogue) {
  if (std::optional<MatmulSchedule> measured =
          chooseFromDatabase(problem, epilogue))
    return std::move(*measured);
  return chooseByModel(problem, epilogue);
}

} // namespace gemm_opt
