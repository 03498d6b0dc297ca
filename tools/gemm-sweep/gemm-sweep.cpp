//===- gemm-sweep.cpp - Randomized correctness sweep over kernel bundles --===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//   gemm-sweep ARTIFACTS-DIR [--cases 200] [--seed S] [--case I]
//              [--fp8-cases N] [--fp8-case J]
//              [--grouped-cases N] [--grouped-case J]
//              [--json-out FILE] [--device I] [--no-cublas] [--cover DIR]
//   gemm-sweep ARTIFACTS-DIR [--cases 200] [--seed S] --plan-cover OUT
//
// Loads every bundle of ARTIFACTS-DIR (kernel.json there and one directory
// down), draws the cases of the seed (SweepCase.h), runs each on a kernel
// whose metadata claims it, or has it refused by a kernel of its types and
// layouts where one is loaded (SweepKernelChoice.h, SweepRunner.h), and
// prints a table per outcome and reason, the types and layouts no loaded
// kernel has (with their case counts), and one line per failure with the
// command that replays it. FP8 kernels get cases of their own after the
// others (Fp8SweepCase.h), and so do grouped kernels, each case a set of
// gemm-run's grouped flags whose failure prints the gemm-run command that
// replays it (GroupedSweepCase.h). --cover DIR adds DIR's bundles as
// kernels to choose from (not to aim cases at); --plan-cover OUT writes,
// without a GPU, a schedule for each combination no loaded kernel claims
// (SweepCoverPlan.h).
//
// Exit codes: 0 no failure, 1 a failed case or a bundle that does not load,
// 2 bad usage or no bundle, 3 no CUDA driver or device.
//
//===----------------------------------------------------------------------===//

#include "tools/ToolVersion.h"
#include "tools/gemm-sweep/Fp8SweepCase.h"
#include "tools/gemm-sweep/GroupedSweepCase.h"
#include "tools/gemm-sweep/SweepBundles.h"
#include "tools/gemm-sweep/SweepCase.h"
#include "tools/gemm-sweep/SweepCoverPlan.h"
#include "tools/gemm-sweep/SweepKernelChoice.h"
#include "tools/gemm-sweep/SweepReport.h"
#include "tools/gemm-sweep/SweepRunner.h"

#include "runtime/Device.h"
#include "runtime/Report.h"
#include "runtime/RuntimeError.h"
#include "runtime/Validation.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <limits>
#include <optional>
#include <string>

using namespace llvm;
using namespace gemm_opt::runtime;
using namespace gemm_opt::sweep;

namespace {

cl::OptionCategory sweepCategory("gemm-sweep options");

cl::opt<std::string> artifactsDirectory(
    cl::Positional, cl::Required,
    cl::desc("<directory of kernel bundles (device-artifacts)>"),
    cl::cat(sweepCategory));
cl::opt<unsigned> caseCount("cases", cl::init(200), cl::value_desc("N"),
                            cl::desc("Number of cases to draw (1 to "
                                     "1000000)"),
                            cl::cat(sweepCategory));
cl::opt<unsigned long long> seed("seed", cl::init(1), cl::value_desc("S"),
                                 cl::desc("Seed the cases are drawn from"),
                                 cl::cat(sweepCategory));
cl::opt<long long> onlyCase("case", cl::init(-1), cl::value_desc("I"),
                            cl::desc("Run only case I of the seed (replay)"),
                            cl::cat(sweepCategory));
cl::opt<long long> fp8CaseCount(
    "fp8-cases", cl::init(-1), cl::value_desc("N"),
    cl::desc("FP8 cases to draw besides the others, spread over the FP8 "
             "kernels (default: an eighth of --cases, at least one per FP8 "
             "kernel; 0: none)"),
    cl::cat(sweepCategory));
cl::opt<long long> onlyFp8Case("fp8-case", cl::init(-1), cl::value_desc("J"),
                               cl::desc("Run only FP8 case J of the seed "
                                        "(replay)"),
                               cl::cat(sweepCategory));
cl::opt<long long> groupedCaseCount(
    "grouped-cases", cl::init(-1), cl::value_desc("N"),
    cl::desc("Grouped (mixture-of-experts) cases to draw besides the others, "
             "spread over the grouped kernels (default: an eighth of "
             "--cases, at least one per grouped kernel; 0: none)"),
    cl::cat(sweepCategory));
cl::opt<long long> onlyGroupedCase("grouped-case", cl::init(-1),
                                   cl::value_desc("J"),
                                   cl::desc("Run only grouped case J of the "
                                            "seed (replay)"),
                                   cl::cat(sweepCategory));
cl::opt<std::string> jsonOut("json-out",
                             cl::desc("Also write every case as JSON"),
                             cl::value_desc("FILE"), cl::cat(sweepCategory));
cl::opt<int> deviceOrdinal("device", cl::init(0), cl::value_desc("I"),
                           cl::desc("CUDA device to use"),
                           cl::cat(sweepCategory));
cl::opt<bool> noCublas("no-cublas",
                       cl::desc("Check against fp64 only (for "
                                "compute-sanitizer runs)"),
                       cl::cat(sweepCategory));

cl::opt<std::string> coverDirectory(
    "cover",
    cl::desc("Also choose kernels from the bundles of DIR (made by "
             "scripts/prepare-sweep-cover.sh); cases are not aimed at them"),
    cl::value_desc("DIR"), cl::cat(sweepCategory));
cl::opt<std::string> planCoverDirectory(
    "plan-cover",
    cl::desc("Write a schedule (DIR/<name>.mlir) for each combination of "
             "types, layouts, epilogue and batching that no loaded kernel "
             "claims, and stop (no GPU needed; DIR's parent must exist)"),
    cl::value_desc("DIR"), cl::cat(sweepCategory));

int reportError(Error err) {
  ErrorSummary summary = summarizeError(std::move(err));
  errs() << "gemm-sweep: error: " << summary.message << "\n";
  return summary.exitCode;
}

} // namespace

int main(int argc, char **argv) {
  cl::HideUnrelatedOptions(sweepCategory);
  gemm_opt::setToolVersionPrinter();
  static const std::string help =
      "\nExit codes: 0 no failure, 1 a failed case or a bundle that does not "
      "load, 2 bad usage or no bundle, 3 no CUDA driver or device.\n" +
      describeTolerances() +
      " NaN/Inf never passes; small outputs are checked against fp64 in "
      "full, big ones at samples.\n";
  static cl::extrahelp extraHelp(help);
  if (!cl::ParseCommandLineOptions(
          argc, argv,
          "gemm-sweep: randomized correctness sweep of kernel bundles against "
          "cuBLAS and fp64\n",
          &errs()))
    return ExitBadInput;

  // Before anything is drawn: the cases are all held in memory.
  if (Error err = checkSweepCaseCount(caseCount))
    return reportError(std::move(err));
  for (auto [count, flag] :
       {std::pair<long long, StringRef>(fp8CaseCount, "--fp8-cases"),
        {groupedCaseCount, "--grouped-cases"}})
    if (count > static_cast<long long>(MaxSweepCases))
      return reportError(makeBadInputError(flag + " " + std::to_string(count) +
                                           " is out of range: draw 0 to " +
                                           std::to_string(MaxSweepCases)));
  static_assert(MaxSweepCases <= std::numeric_limits<unsigned>::max(),
                "--cases is an unsigned option");
  outs() << "gemm-sweep: seed " << seed << "\n";
  outs().flush();
  if (onlyCase >= 0 && static_cast<unsigned long long>(onlyCase) >= caseCount)
    errs() << "gemm-sweep: note: case " << onlyCase << " is past --cases "
           << caseCount << "; replaying it anyway\n";

  Expected<SweepBundles> bundles = loadSweepBundles(artifactsDirectory);
  if (!bundles)
    return reportError(bundles.takeError());
  std::vector<SweepTarget> targets = bundles->getTargets();
  if (!coverDirectory.empty())
    if (Error err = bundles->addCoverBundles(coverDirectory))
      return reportError(std::move(err));
  std::vector<SweepCase> cases;
  std::vector<Fp8SweepCase> fp8Cases;
  std::vector<size_t> fp8Kernels = bundles->getFp8Kernels();
  bool replay = onlyCase >= 0 || onlyFp8Case >= 0 || onlyGroupedCase >= 0;
  if (onlyCase >= 0)
    cases.push_back(
        generateSweepCase(seed, static_cast<uint64_t>(onlyCase), targets));
  else if (!replay)
    cases = generateSweepCases(seed, caseCount, targets);
  if (!fp8Kernels.empty()) {
    uint64_t first = onlyFp8Case >= 0 ? static_cast<uint64_t>(onlyFp8Case) : 0;
    uint64_t count = onlyFp8Case >= 0 ? 1
                     : replay         ? 0
                     : fp8CaseCount >= 0
                         ? static_cast<uint64_t>(fp8CaseCount)
                         : std::max<uint64_t>(caseCount / 8, fp8Kernels.size());
    for (uint64_t index = first; index < first + count; ++index)
      fp8Cases.push_back(
          generateFp8SweepCase(seed, index, *bundles, fp8Kernels));
  } else if (onlyFp8Case >= 0) {
    return reportError(makeBadInputError("--fp8-case: no FP8 kernel in " +
                                         artifactsDirectory));
  }
  std::vector<GroupedSweepCase> groupedCases;
  if (!bundles->groupedKernels.empty()) {
    uint64_t first =
        onlyGroupedCase >= 0 ? static_cast<uint64_t>(onlyGroupedCase) : 0;
    uint64_t count =
        onlyGroupedCase >= 0 ? 1
        : replay             ? 0
        : groupedCaseCount >= 0
            ? static_cast<uint64_t>(groupedCaseCount)
            : std::max<uint64_t>(caseCount / 8, bundles->groupedKernels.size());
    for (uint64_t index = first; index < first + count; ++index)
      groupedCases.push_back(generateGroupedSweepCase(seed, index, *bundles));
  } else if (onlyGroupedCase >= 0) {
    return reportError(makeBadInputError(
        "--grouped-case: no grouped kernel in " + artifactsDirectory));
  }
  if (!planCoverDirectory.empty()) {
    Expected<CoverPlanCounts> plan = writeCoverPlan(
        *bundles, cases, planCoverDirectory,
        artifactsDirectory + ", seed " + std::to_string(seed), outs());
    if (!plan)
      return reportError(plan.takeError());
    outs() << "gemm-sweep: " << cases.size() << " cases, " << plan->uncovered
           << " claimed by no loaded kernel: " << plan->written
           << " schedules written to " << planCoverDirectory << ", "
           << plan->unplannable << " cases without one\n";
    // A bundle that does not load fails the plan as it fails a sweep: the
    // plan covers what the loaded ones lack, and the broken one is not
    // among them.
    SweepSummary summary;
    summary.artifactsDirectory = artifactsDirectory;
    summary.seed = seed;
    summary.loadErrors = bundles->loadErrors;
    if (summary.countFailures())
      printSweepFailures(outs(), summary);
    return summary.countFailures() ? ExitMismatch : ExitPass;
  }

  Expected<DeviceInfo> device = openDevice(deviceOrdinal);
  if (!device)
    return reportError(device.takeError());
  outs() << "gemm-sweep: " << bundles->kernels.size() << " kernels"
         << (bundles->groupedKernels.empty()
                 ? std::string()
                 : " and " + std::to_string(bundles->groupedKernels.size()) +
                       " grouped ones")
         << " from " << bundles->bundles.size() << " bundles in "
         << artifactsDirectory
         << (coverDirectory.empty()
                 ? std::string()
                 : " (" +
                       std::to_string(bundles->kernels.size() -
                                      bundles->targetKernels) +
                       " from " + coverDirectory + ")")
         << " on " << device->name << " (" << device->getArchName() << ")\n";

  SweepSummary summary;
  summary.artifactsDirectory = artifactsDirectory;
  summary.seed = seed;
  summary.loadErrors = bundles->loadErrors;
  ProblemRunOptions options;
  options.seed = seed;
  options.cublasReference = !noCublas;
  auto record = [&](CaseResult result) {
    printCaseResult(outs(), result);
    outs().flush();
    summary.cases.push_back(std::move(result));
  };
  for (const SweepCase &sweepCase : cases)
    record(runSweepCase(*device, *bundles, sweepCase, options));
  for (const Fp8SweepCase &sweepCase : fp8Cases)
    record(runFp8SweepCase(*device, *bundles, sweepCase, seed, !noCublas));
  for (const GroupedSweepCase &sweepCase : groupedCases)
    record(runGroupedSweepCase(*device, *bundles, sweepCase, !noCublas));
  printSweepSummary(outs(), summary);
  int exitCode = summary.countFailures() ? ExitMismatch : ExitPass;
  if (!jsonOut.empty())
    if (Error err = writeJSONFile(jsonOut, toJSON(summary)))
      return std::max(exitCode, reportError(std::move(err)));
  return exitCode;
}
