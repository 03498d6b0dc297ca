//===- RankCommand.cpp - gemm-tune rank -----------------------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Where the static model puts chosen candidates (e.g. the hand-written
// winners of bench/schedules) in its order of all legal candidates that
// run each problem:
//
//   gemm-tune rank --dtypes bf16 --families wgmma --shapes benchmark \
//       --match '_s3_r40_232_p_rm4_tma$'
//
// prints per problem the matching candidates' overall rank, the first rank
// of the candidates the model predicts the same time for (it breaks such
// ties by name), and the prediction. With --modules DIR it also writes each
// matching legal candidate's module, the one plan hands to gemm-translate.
//
//===----------------------------------------------------------------------===//

#include "AnalyzedSpace.h"
#include "TuneCommands.h"

#include "tuning/TuningDatabase.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/WithColor.h"

using namespace llvm;
using namespace gemm_opt;
using namespace gemm_opt::tune;

static int badInput(const Twine &message) {
  WithColor::error(errs(), "gemm-tune rank") << message << "\n";
  return ExitBadInput;
}

/// Writes `candidate`'s module to DIR/<name>.mlir.
static Error writeModule(StringRef directory, const Candidate &candidate) {
  SmallString<256> path(directory);
  sys::path::append(path, candidate.name + ".mlir");
  return writeCandidateModule(path, candidate);
}

/// The rank of the first candidate in `order` that the model predicts the
/// same time for as the one at `position` (its own rank when none).
static int64_t firstTiedRank(const ModelOrder &order, size_t position) {
  double seconds = order.ranking[position].prediction.seconds;
  while (
      position > 0 &&
      isSamePrediction(order.ranking[position - 1].prediction.seconds, seconds))
    --position;
  return order.ranking[position].overallRank;
}

int gemm_opt::tune::runRank(const RankOptions &options) {
  Expected<analysis::ChipPerformance> device = resolveSpaceOptions(options);
  if (!device)
    return badInput(toString(device.takeError()));
  if (options.dtypes.empty() || options.families.empty() ||
      options.shapes.empty())
    return badInput("--dtypes, --families and --shapes must not be empty");
  Regex match(options.match);
  if (std::string error; !match.isValid(error))
    return badInput(formatv("--match: {0}", error));
  if (!options.moduleDirectory.empty())
    if (std::error_code ec =
            sys::fs::create_directories(options.moduleDirectory))
      return badInput(formatv("cannot create '{0}': {1}",
                              options.moduleDirectory, ec.message()));

  CandidateChecker checker(options.chip);

  raw_ostream &os = outs();
  for (const std::string &dtype : options.dtypes) {
    Expected<AnalyzedSpace> space =
        analyzeSpace(checker, options, dtype, *device, os);
    if (!space)
      return badInput(toString(space.takeError()));
    printCheckCounts(os, dtype, space->counts);
    if (Error error = checkSomeLegal(options, dtype, space->counts))
      return badInput(toString(std::move(error)));
    int64_t matching = 0;
    for (const AnalyzedCandidate &c : space->legal) {
      if (!match.match(c.candidate.name))
        continue;
      ++matching;
      if (!options.moduleDirectory.empty())
        if (Error error = writeModule(options.moduleDirectory, c.candidate))
          return badInput(toString(std::move(error)));
    }
    os << formatv("{0}: {1} legal candidates match '{2}'\n", dtype, matching,
                  options.match);

    for (const analysis::GemmShape &shape : options.shapes) {
      ModelOrder order = orderByModel(space->legal, shape, *device);
      os << formatv(
          "\n{0} {1}x{2}x{3} ({4}): {5} legal candidates run it, "
          "{6} do not; the best predicted {7:F1} TFLOP/s on {8}\n",
          dtype, shape.m, shape.n, shape.k,
          tuning::classifyShape(shape.m, shape.n, shape.k),
          order.ranking.size(), order.notRunnable,
          order.ranking.empty() ? 0.0 : order.ranking.front().prediction.tflops,
          device->device);
      os << formatv("  {0,7}  {1,9}  {2,9}  {3,9}  {4,-17}  {5}\n", "rank",
                    "ties from", "TFLOP/s", "time us", "bound", "candidate");
      for (auto [position, ranked] : llvm::enumerate(order.ranking)) {
        const Candidate &candidate = space->legal[ranked.index].candidate;
        if (!match.match(candidate.name))
          continue;
        os << formatv("  {0,7}  {1,9}  {2,9:F1}  {3,9:F1}  {4,-17}  {5}\n",
                      ranked.overallRank, firstTiedRank(order, position),
                      ranked.prediction.tflops, ranked.prediction.seconds * 1e6,
                      ranked.prediction.bound, candidate.name);
      }
    }
  }
  return ExitSuccess;
}
