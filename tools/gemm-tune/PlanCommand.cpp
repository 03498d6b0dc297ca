//===- PlanCommand.cpp - gemm-tune plan -----------------------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Enumerate → check (verifier + tile-check-chip) → analyze each legal
// candidate once → rank per problem with the static model (ProblemRanking.h:
// a shortlist and exploration controls) → compile the union of the picks →
// write
//   DIR/manifest.json  the plan: counts, rankings, candidates and bundles
//   DIR/runs.tsv       one line per (problem, compiled pick) for
//                      scripts/tune-measure.sh (candidate, dtype, M, N, K,
//                      bundle, the problem's layouts for gemm-run:
//                      "row,row,row"), every problem's first pick first,
//                      then every problem's second, ...: a run stopped at a
//                      deadline loses the model's last picks, not whole
//                      problems. A transposed candidate's kernel takes
//                      column-major operands and runs the row-major problem
//                      as its transpose (gemm-run does, given the layouts)
//   DIR/bin/gemm-run   when a gemm-run was found or given
//
//===----------------------------------------------------------------------===//

#include "AnalyzedSpace.h"
#include "runtime/bundle/OutputFile.h"
#include "BundleCompiler.h"
#include "CandidateChecker.h"
#include "ProblemRanking.h"
#include "TuneCommands.h"

#include "analysis/ScheduleAnalysis.h"
#include "tuning/TuningDatabase.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"

#include <algorithm>

using namespace llvm;
using namespace gemm_opt;
using namespace gemm_opt::tune;
using analysis::GemmShape;

namespace {

int badInput(const Twine &message) {
  WithColor::error(errs(), "gemm-tune plan") << message << "\n";
  return ExitBadInput;
}

std::string shapeName(const GemmShape &s) {
  return formatv("{0}x{1}x{2}", s.m, s.n, s.k);
}

json::Object countsJSON(StringRef dtype, const CheckCounts &c) {
  json::Object illegal, unsupported;
  for (const auto &[reason, count] : c.illegalReasons)
    illegal[reason] = count;
  for (const auto &[reason, count] : c.unsupportedReasons)
    unsupported[reason] = count;
  return json::Object{{"dtype", dtype},
                      {"enumerated", c.enumerated},
                      {"illegal", c.illegal},
                      {"unsupported", c.unsupported},
                      {"legal", c.legal},
                      {"illegal_reasons", std::move(illegal)},
                      {"unsupported_reasons", std::move(unsupported)}};
}

/// The layouts of a candidate's operands, as bundles and gemm-run name
/// them: every operand column-major for a transposed candidate.
json::Object kernelLayouts(const Candidate &candidate) {
  StringRef layout = candidate.transposed ? "col" : "row";
  return json::Object{{"a", layout}, {"b", layout}, {"c", layout}};
}

/// An error unless the plan can be written to `directory`: an existing
/// writable directory, or a new one in an existing writable directory
/// (checked before the minutes of work, not after).
Error checkPlanDirectory(StringRef directory) {
  if (sys::fs::exists(directory)) {
    if (!sys::fs::is_directory(directory))
      return createStringError(
          formatv("-o: '{0}' exists and is not a directory", directory));
    if (sys::fs::access(directory, sys::fs::AccessMode::Write))
      return createStringError(
          formatv("-o: cannot write into '{0}'", directory));
    return Error::success();
  }
  StringRef parent = sys::path::parent_path(directory);
  if (parent.empty())
    parent = ".";
  if (!sys::fs::is_directory(parent))
    return createStringError(formatv(
        "-o: cannot create '{0}': '{1}' {2}", directory, parent,
        sys::fs::exists(parent) ? "is not a directory" : "does not exist"));
  if (sys::fs::access(parent, sys::fs::AccessMode::Write))
    return createStringError(formatv(
        "-o: cannot create '{0}': '{1}' is not writable", directory, parent));
  return Error::success();
}

/// The gemm-translate / gemm-run next to this executable.
std::string siblingTool(StringRef name) {
  std::string self = sys::fs::getMainExecutable(nullptr, nullptr);
  SmallString<256> path(sys::path::parent_path(self));
  sys::path::append(path, name);
  return sys::fs::can_execute(path) ? std::string(path) : std::string();
}

} // namespace

int gemm_opt::tune::runPlan(const PlanOptions &options) {
  Expected<analysis::ChipPerformance> device = resolveSpaceOptions(options);
  if (!device)
    return badInput(toString(device.takeError()));
  if (options.dtypes.empty() || options.families.empty() ||
      options.shapes.empty())
    return badInput("--dtypes, --families and --shapes must not be empty");
  if (options.top == 0 || options.jobs == 0 || options.variants == 0)
    return badInput("--top, --variants and -j must be at least 1");
  std::string gemmTranslate = options.gemmTranslate.empty()
                                  ? siblingTool("gemm-translate")
                                  : options.gemmTranslate;
  bool compile = !options.directory.empty() && options.compile;
  if (compile && !sys::fs::can_execute(gemmTranslate))
    return badInput(formatv("--gemm-translate: '{0}' is not an executable",
                            gemmTranslate));
  if (!options.directory.empty())
    if (Error error = checkPlanDirectory(options.directory))
      return badInput(toString(std::move(error)));

  CandidateChecker checker(options.chip);

  // Enumerate, check, and analyze each legal candidate once (registers,
  // occupancy, bank conflicts do not depend on the shape).
  raw_ostream &os = outs();
  StringMap<std::vector<AnalyzedCandidate>> legal;
  json::Array enumeration;
  for (const std::string &dtype : options.dtypes) {
    Expected<AnalyzedSpace> space =
        analyzeSpace(checker, options, dtype, *device, os);
    if (!space)
      return badInput(toString(space.takeError()));
    printCheckCounts(os, dtype, space->counts);
    if (Error error = checkSomeLegal(options, dtype, space->counts))
      return badInput(toString(std::move(error)));
    enumeration.push_back(countsJSON(dtype, space->counts));
    legal[dtype] = std::move(space->legal);
  }

  RankingOptions ranking{options.top, options.variants, options.explore,
                         options.twins};
  std::vector<ProblemRanking> problems;
  for (const std::string &dtype : options.dtypes)
    for (const GemmShape &shape : options.shapes)
      problems.push_back(
          rankProblem(legal[dtype], dtype, shape, *device, ranking));

  // The union of every problem's picks, in first-seen order.
  std::vector<Candidate> selected;
  std::vector<const AnalyzedCandidate *> selectedAnalysis;
  StringMap<size_t> selectedIndex;
  for (const ProblemRanking &problem : problems) {
    const std::vector<AnalyzedCandidate> &candidates = legal[problem.dtype];
    size_t controls = llvm::count_if(
        problem.picks, [](const RankedCandidate &r) { return r.explore; });
    size_t twins = llvm::count_if(
        problem.picks, [](const RankedCandidate &r) { return r.twin; });
    std::string twinText =
        options.twins ? formatv(", {0} raster twins (t)", twins).str() : "";
    os << formatv("\n{0} {1} ({2}): {3} legal candidates run it, {4} do "
                  "not; the static model's top {5} on {6} (at most {7} per "
                  "block and warp tile, split_k, grid and store){9} and {8} "
                  "controls (x):\n",
                  problem.dtype, shapeName(problem.shape),
                  tuning::classifyShape(problem.shape.m, problem.shape.n,
                                        problem.shape.k),
                  problem.runnable, problem.notRunnable,
                  problem.picks.size() - controls - twins, device->device,
                  options.variants, controls, twinText);
    os << formatv("  {0,5}  {1,7}  {2,9}  {3,9}  {4,-17}  {5}\n", "rank",
                  "overall", "TFLOP/s", "time us", "bound", "candidate");
    for (auto [rank, ranked] : llvm::enumerate(problem.picks)) {
      const AnalyzedCandidate &c = candidates[ranked.index];
      const char *mark = ranked.explore ? "x" : (ranked.twin ? "t" : " ");
      os << formatv("  {0,4}{1}  {2,7}  {3,9:F1}  {4,9:F1}  {5,-17}  {6}\n",
                    rank + 1, mark, ranked.overallRank,
                    ranked.prediction.tflops, ranked.prediction.seconds * 1e6,
                    ranked.prediction.bound, c.candidate.name);
      if (selectedIndex.try_emplace(c.candidate.name, selected.size()).second) {
        selected.push_back(c.candidate);
        selectedAnalysis.push_back(&c);
      }
    }
  }
  // A problem no legal candidate runs (mma.sync kernels need shapes their
  // block tile divides) is left out of the runs; a plan of none is no plan.
  for (const ProblemRanking &problem : problems)
    if (problem.picks.empty())
      WithColor::warning(errs(), "gemm-tune plan")
          << formatv("no legal {0} candidate runs {1}\n", problem.dtype,
                     shapeName(problem.shape));
  if (selected.empty())
    return badInput("no legal candidate runs any of the problems (mma.sync "
                    "kernels need shapes their block tile divides; wgmma ones "
                    "take any)");
  if (options.directory.empty())
    return ExitSuccess;

  if (std::error_code ec = sys::fs::create_directories(options.directory))
    return badInput(formatv("cannot create '{0}': {1}", options.directory,
                            ec.message()));
  std::vector<CompileResult> compiled(selected.size());
  if (compile)
    compiled = compileBundles(selected, options.directory, gemmTranslate,
                              options.jobs, options.keepPtx);
  int failures = 0;
  json::Array candidatesJSON;
  for (auto [candidate, analyzed, result] :
       llvm::zip_equal(selected, selectedAnalysis, compiled)) {
    tile::ScheduleAttr schedule = analyzed->analysis.schedule;
    bool ragged = analysis::acceptsRaggedShapes(schedule);
    json::Object entry{
        {"name", candidate.name},
        {"family", candidate.family},
        {"dtype", candidate.dtype},
        {"schedule", candidate.schedule},
        {"block", json::Array{schedule.getBlockM(), schedule.getBlockN(),
                              schedule.getBlockK()}},
        {"split_k", schedule.getSplitK()},
        {"layouts", kernelLayouts(candidate)},
        {"runs_transposed", candidate.transposed},
        {"requires_divisible",
         ragged ? json::Array{1, 1, 1}
                : json::Array{schedule.getBlockM(), schedule.getBlockN(),
                              schedule.getBlockK()}},
        {"compiled", result.compiled}};
    if (compile)
      entry["bundle"] = result.bundle;
    if (compile && !result.compiled) {
      ++failures;
      entry["error"] = result.error;
      WithColor::warning(errs(), "gemm-tune plan")
          << candidate.name << " did not compile: " << result.error << "\n";
    }
    candidatesJSON.push_back(std::move(entry));
  }

  // The manifest and the run list (rank by rank across problems).
  json::Array problemsJSON;
  size_t longest = 0;
  for (const ProblemRanking &problem : problems) {
    const std::vector<AnalyzedCandidate> &candidates = legal[problem.dtype];
    longest = std::max(longest, problem.picks.size());
    json::Array rankingJSON;
    for (auto [rank, ranked] : llvm::enumerate(problem.picks)) {
      const analysis::ShapePrediction &p = ranked.prediction;
      rankingJSON.push_back(
          json::Object{{"candidate", candidates[ranked.index].candidate.name},
                       {"rank", int64_t(rank + 1)},
                       {"overall_rank", ranked.overallRank},
                       {"explore", ranked.explore},
                       {"twin", ranked.twin},
                       {"predicted_us", p.seconds * 1e6},
                       {"predicted_tflops", p.tflops},
                       {"bound", p.bound}});
    }
    problemsJSON.push_back(json::Object{
        {"dtype", problem.dtype},
        {"m", problem.shape.m},
        {"n", problem.shape.n},
        {"k", problem.shape.k},
        {"shape_class", tuning::classifyShape(problem.shape.m, problem.shape.n,
                                              problem.shape.k)},
        {"legal_runnable", problem.runnable},
        {"not_runnable", problem.notRunnable},
        {"ranking", std::move(rankingJSON)}});
  }
  std::string runs;
  int64_t runCount = 0;
  for (size_t rank = 0; compile && rank < longest; ++rank)
    for (const ProblemRanking &problem : problems) {
      if (rank >= problem.picks.size())
        continue;
      const Candidate &candidate =
          legal[problem.dtype][problem.picks[rank].index].candidate;
      const CompileResult &result = compiled[selectedIndex[candidate.name]];
      if (!result.compiled)
        continue;
      // The problems are row-major; a transposed candidate runs them as
      // C^T = B^T * A^T.
      runs += formatv("{0}\t{1}\t{2}\t{3}\t{4}\t{5}\trow,row,row\n",
                      candidate.name, problem.dtype, problem.shape.m,
                      problem.shape.n, problem.shape.k, result.bundle);
      ++runCount;
    }
  json::Object manifest{{"format", "gemm-tune-plan-1"},
                        {"chip", options.chip},
                        {"device", device->device},
                        {"top", int64_t(options.top)},
                        {"variants", int64_t(options.variants)},
                        {"explore", int64_t(options.explore)},
                        {"twins", int64_t(options.twins)},
                        {"enumeration", std::move(enumeration)},
                        {"problems", std::move(problemsJSON)},
                        {"candidates", std::move(candidatesJSON)}};
  auto writeFile = [&](StringRef name, auto write) -> bool {
    SmallString<256> path(options.directory);
    sys::path::append(path, name);
    std::string text;
    raw_string_ostream contents(text);
    write(contents);
    if (Error error = writeOutputFile(path, text)) {
      WithColor::error(errs(), "gemm-tune plan") << toString(std::move(error))
                                                 << "\n";
      return false;
    }
    return true;
  };
  if (!writeFile("manifest.json", [&](raw_ostream &file) {
        file << formatv("{0:2}", json::Value(std::move(manifest))) << "\n";
      }))
    return ExitBadInput;
  if (compile && !writeFile("runs.tsv", [&](raw_ostream &file) { file << runs; }))
    return ExitBadInput;

  std::string gemmRun =
      options.gemmRun.empty() ? siblingTool("gemm-run") : options.gemmRun;
  if (compile && !gemmRun.empty()) {
    SmallString<256> bin(options.directory);
    sys::path::append(bin, "bin");
    sys::fs::create_directories(bin);
    sys::path::append(bin, "gemm-run");
    if (std::error_code ec = sys::fs::copy_file(gemmRun, bin))
      return badInput(formatv("cannot copy '{0}': {1}", gemmRun, ec.message()));
    sys::fs::setPermissions(bin, sys::fs::all_read | sys::fs::all_exe |
                                     sys::fs::owner_write);
  }
  os << formatv("\nplan written to {0}: {1} candidates{2}\n", options.directory,
                selected.size(),
                compile
                    ? formatv(", {0} compiled, {1} failed; {2} runs",
                              selected.size() - failures, failures, runCount)
                          .str()
                    : std::string(" (not compiled)"));
  return failures ? ExitFailure : ExitSuccess;
}
