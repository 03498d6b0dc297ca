//===- IngestCommand.cpp - gemm-tune ingest -------------------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Joins a plan's manifest with the measurements of scripts/tune-measure.sh:
//   {"format": "gemm-tune-results-1",
//    "runs": [{"candidate": ..., "dtype": ..., "m": ..., "n": ..., "k": ...,
//              "exit_code": 0, "result": <gemm-run --json-out> | null}]}
// For each problem the fastest passing candidate goes into the tuning
// database; the table says how the model ranked it (its rank among the
// problem's picks, shortlist, raster twins and exploration controls alike,
// failed runs included: one more than the picks the model predicted faster,
// so picks it cannot tell apart share a rank), and the summary computes
// issue 5's done-when metric: the share of problems whose measured best is
// in the model's top 5 (target 80%), and how far measured TFLOP/s are from
// the predictions.
//
//===----------------------------------------------------------------------===//

#include "ProblemRanking.h"
#include "TuneCommands.h"

#include "runtime/bundle/JsonNestingLimit.h"
#include "tuning/TuningDatabase.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"

#include <cmath>

using namespace llvm;
using namespace gemm_opt;
using namespace gemm_opt::tune;

namespace {

int badInput(const Twine &message) {
  WithColor::error(errs(), "gemm-tune ingest") << message << "\n";
  return ExitBadInput;
}

Expected<json::Value> readJSON(StringRef path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> buffer = MemoryBuffer::getFile(path);
  if (!buffer)
    return createStringError(formatv("cannot read '{0}': {1}", path,
                                     buffer.getError().message()));
  Expected<json::Value> value =
      parseJsonWithNestingLimit((*buffer)->getBuffer());
  if (!value)
    return createStringError(formatv("'{0}' is not JSON: {1}", path,
                                     toString(value.takeError())));
  return value;
}

// The manifest and the results as ingest reads them. Every field is
// checked for its type where it is read (llvm::json::ObjectMapper), so bad
// input is an error that names the field's path ("expected object at
// manifest.problems[0].ranking[1]"), never a crash or a silent default.

struct RankingEntry {
  std::string candidate;
  double predictedUs = 0, predictedTflops = 0;
};

struct PlanProblem {
  std::string dtype;
  int64_t m = 0, n = 0, k = 0;
  std::vector<RankingEntry> ranking;
};

struct PlanLayouts {
  std::string a = "row", b = "row", c = "row";
};

struct PlanCandidate {
  std::string name, schedule;
  std::optional<std::vector<int64_t>> block, requiresDivisible;
  std::optional<PlanLayouts> layouts;
};

struct Manifest {
  std::string format, chip;
  std::vector<PlanProblem> problems;
  std::vector<PlanCandidate> candidates;
};

struct Measurement {
  double tflops = 0, cublasTflops = 0, ratio = 0;
  std::string device;
};

struct Run {
  std::string candidate, dtype;
  int64_t m = 0, n = 0, k = 0;
  /// A passing, timed run's measurement; nothing for the others.
  std::optional<Measurement> measurement;
};

struct Results {
  std::string format;
  std::vector<Run> runs;
};

/// Zero allowed or not, for mapFinite.
enum class Zero { Refused, Allowed };

/// Maps an optional number, which must be finite and above zero (or at
/// least zero with Zero::Allowed): a negative or infinite TFLOP/s is a
/// broken measurement, not the best one; a prediction may be 0.
bool mapFinite(const json::Object &object, StringLiteral key, double &out,
               json::Path path, Zero zero) {
  const json::Value *value = object.get(key);
  if (!value)
    return true;
  if (!fromJSON(*value, out, path.field(key)))
    return false;
  bool allowZero = zero == Zero::Allowed;
  if (std::isfinite(out) && (out > 0 || (allowZero && out == 0)))
    return true;
  if (allowZero)
    path.field(key).report("expected a finite number, not negative");
  else
    path.field(key).report("expected a finite positive number");
  return false;
}

/// Maps a required M, N or K, which must be in the model's range.
bool mapExtent(const json::Object &object, StringLiteral key, int64_t &out,
               json::Path path) {
  const json::Value *value = object.get(key);
  if (!value) {
    path.field(key).report("missing value");
    return false;
  }
  if (!fromJSON(*value, out, path.field(key)))
    return false;
  if (out >= 1 && out <= analysis::kMaxShapeExtent)
    return true;
  path.field(key).report("expected an integer in [1, 2^31 - 1]");
  return false;
}

/// A triple of block sizes ("block", "requires_divisible"), each positive.
bool mapTriple(const json::Object &object, StringLiteral key,
               std::optional<std::vector<int64_t>> &out, json::Path path) {
  const json::Value *value = object.get(key);
  if (!value)
    return true;
  out.emplace();
  if (!fromJSON(*value, *out, path.field(key)))
    return false;
  if (out->size() != 3) {
    path.field(key).report("expected 3 integers");
    return false;
  }
  for (auto [i, value] : llvm::enumerate(*out))
    if (value < 1) {
      path.field(key).index(i).report("expected a positive integer");
      return false;
    }
  return true;
}

bool fromJSON(const json::Value &value, RankingEntry &out, json::Path path) {
  json::ObjectMapper mapper(value, path);
  return mapper && mapper.map("candidate", out.candidate) &&
         mapFinite(*value.getAsObject(), "predicted_us", out.predictedUs,
                   path, Zero::Allowed) &&
         mapFinite(*value.getAsObject(), "predicted_tflops",
                   out.predictedTflops, path, Zero::Allowed);
}

bool fromJSON(const json::Value &value, PlanProblem &out, json::Path path) {
  json::ObjectMapper mapper(value, path);
  if (!mapper || !mapper.map("dtype", out.dtype))
    return false;
  const json::Object &object = *value.getAsObject();
  return mapExtent(object, "m", out.m, path) &&
         mapExtent(object, "n", out.n, path) &&
         mapExtent(object, "k", out.k, path) &&
         mapper.map("ranking", out.ranking);
}

bool fromJSON(const json::Value &value, PlanLayouts &out, json::Path path) {
  json::ObjectMapper mapper(value, path);
  // Plans before transposed candidates did not say: row-major.
  if (!mapper)
    return false;
  for (auto [key, layout] :
       {std::pair<StringLiteral, std::string *>("a", &out.a),
        {"b", &out.b},
        {"c", &out.c}}) {
    if (!mapper.mapOptional(key, *layout))
      return false;
    if (*layout != "row" && *layout != "col") {
      path.field(key).report("expected \"row\" or \"col\"");
      return false;
    }
  }
  return true;
}

bool fromJSON(const json::Value &value, PlanCandidate &out, json::Path path) {
  json::ObjectMapper mapper(value, path);
  return mapper && mapper.map("name", out.name) &&
         mapper.mapOptional("schedule", out.schedule) &&
         mapTriple(*value.getAsObject(), "block", out.block, path) &&
         mapTriple(*value.getAsObject(), "requires_divisible",
                   out.requiresDivisible, path) &&
         mapper.map("layouts", out.layouts);
}

/// Maps the document's "format", which must be `expected`; `refusal` is
/// the error otherwise (json::Path reports string literals only).
bool mapFormat(json::ObjectMapper &mapper, std::string &format,
               StringLiteral expected, StringLiteral refusal,
               json::Path path) {
  if (!mapper || !mapper.map("format", format))
    return false;
  if (format == expected)
    return true;
  path.field("format").report(refusal);
  return false;
}

bool fromJSON(const json::Value &value, Manifest &out, json::Path path) {
  json::ObjectMapper mapper(value, path);
  if (!mapFormat(mapper, out.format, "gemm-tune-plan-1",
                 "expected \"gemm-tune-plan-1\"", path))
    return false;
  return mapper.map("chip", out.chip) && mapper.map("problems", out.problems) &&
         mapper.mapOptional("candidates", out.candidates);
}

/// A gemm-run result: a measurement when it passed and was timed.
bool mapResult(const json::Value &value, std::optional<Measurement> &out,
               json::Path path) {
  out.reset();
  if (value.getAsNull())
    return true;
  json::ObjectMapper mapper(value, path);
  std::string status;
  if (!mapper || !mapper.mapOptional("status", status))
    return false;
  if (status != "pass")
    return true;
  const json::Object &result = *value.getAsObject();
  const json::Value *timingValue = result.get("timing");
  if (!timingValue)
    return true;
  json::Path timingPath = path.field("timing");
  const json::Object *timing = timingValue->getAsObject();
  if (!timing) {
    timingPath.report("expected object");
    return false;
  }
  Measurement m;
  for (auto [key, tflops] :
       {std::pair<StringLiteral, double *>("gemm_opt", &m.tflops),
        {"cublas", &m.cublasTflops}}) {
    const json::Value *side = timing->get(key);
    if (!side)
      continue;
    if (!side->getAsObject()) {
      timingPath.field(key).report("expected object");
      return false;
    }
    if (!mapFinite(*side->getAsObject(), "tflops", *tflops,
                   timingPath.field(key), Zero::Refused))
      return false;
  }
  if (!mapFinite(*timing, "ratio_to_cublas", m.ratio, timingPath,
                 Zero::Refused))
    return false;
  if (const json::Value *device = result.get("device")) {
    json::ObjectMapper deviceMapper(*device, path.field("device"));
    if (!deviceMapper || !deviceMapper.mapOptional("name", m.device))
      return false;
  }
  // Passed but not timed (no gemm_opt TFLOP/s): not a measurement.
  if (m.tflops > 0)
    out = m;
  return true;
}

bool fromJSON(const json::Value &value, Run &out, json::Path path) {
  json::ObjectMapper mapper(value, path);
  if (!mapper || !mapper.map("candidate", out.candidate) ||
      !mapper.map("dtype", out.dtype))
    return false;
  const json::Object &object = *value.getAsObject();
  if (!mapExtent(object, "m", out.m, path) ||
      !mapExtent(object, "n", out.n, path) ||
      !mapExtent(object, "k", out.k, path))
    return false;
  const json::Value *result = object.get("result");
  return !result || mapResult(*result, out.measurement, path.field("result"));
}

bool fromJSON(const json::Value &value, Results &out, json::Path path) {
  json::ObjectMapper mapper(value, path);
  if (!mapFormat(mapper, out.format, "gemm-tune-results-1",
                 "expected \"gemm-tune-results-1\"", path))
    return false;
  return mapper.map("runs", out.runs);
}

/// Reads `path` into `out`; the error names the file and the bad field's
/// path from `rootName` ("manifest.problems[0].ranking[1]").
template <typename T>
Error readFile(StringRef path, StringRef rootName, StringRef what, T &out) {
  Expected<json::Value> value = readJSON(path);
  if (!value)
    return value.takeError();
  json::Path::Root root(rootName);
  if (!fromJSON(*value, out, root))
    return createStringError(formatv("'{0}' is not {1}: {2}", path, what,
                                     toString(root.getError())));
  return Error::success();
}

std::string problemKey(StringRef candidate, StringRef dtype, int64_t m,
                       int64_t n, int64_t k) {
  return formatv("{0}|{1}|{2}x{3}x{4}", candidate, dtype, m, n, k);
}

/// Spearman's rank correlation of the model's order and the measured one
/// over the candidates measured (1: same order).
double rankCorrelation(const std::vector<double> &measured) {
  size_t n = measured.size();
  if (n < 2)
    return NAN;
  std::vector<size_t> order(n);
  for (size_t i = 0; i < n; ++i)
    order[i] = i;
  llvm::stable_sort(order, [&](size_t x, size_t y) {
    return measured[x] > measured[y];
  });
  double sum = 0;
  for (size_t measuredRank = 0; measuredRank < n; ++measuredRank) {
    double d = double(order[measuredRank]) - double(measuredRank);
    sum += d * d;
  }
  return 1 - 6 * sum / (double(n) * (double(n) * n - 1));
}

} // namespace

int gemm_opt::tune::runIngest(const IngestOptions &options) {
  SmallString<256> manifestPath(options.directory);
  sys::path::append(manifestPath, "manifest.json");
  Manifest plan;
  if (Error error =
          readFile(manifestPath, "manifest", "a gemm-tune plan manifest", plan))
    return badInput(toString(std::move(error)));
  Results measured;
  if (Error error = readFile(options.results, "results",
                             "a gemm-tune-results-1 file (scripts/"
                             "tune-measure.sh writes one)",
                             measured))
    return badInput(toString(std::move(error)));

  StringMap<Measurement> byRun;
  int64_t failedRuns = 0;
  for (const Run &run : measured.runs) {
    if (!run.measurement) {
      ++failedRuns;
      continue;
    }
    byRun[problemKey(run.candidate, run.dtype, run.m, run.n, run.k)] =
        *run.measurement;
  }

  StringMap<const PlanCandidate *> candidates;
  for (const PlanCandidate &c : plan.candidates)
    candidates[c.name] = &c;

  tuning::TuningDatabase database;
  if (sys::fs::exists(options.database)) {
    Expected<tuning::TuningDatabase> existing =
        tuning::TuningDatabase::load(options.database);
    if (!existing)
      return badInput(toString(existing.takeError()));
    database = std::move(*existing);
  }

  const std::string &chip = plan.chip;
  raw_ostream &os = outs();
  os << formatv("{0,-5} {1,-15} {2,9} {3,9} {4,6} {5,5} {6,5} {7,9} {8,6}  {9}\n",
                "dtype", "shape", "TFLOP/s", "cuBLAS", "ratio", "rank", "top5",
                "model#1", "rho", "best measured candidate");
  int64_t problemsWithResults = 0, inTopFive = 0;
  std::vector<double> measuredOverPredicted;
  for (const PlanProblem &problem : plan.problems) {
    const std::string &dtype = problem.dtype;
    int64_t m = problem.m, n = problem.n, k = problem.k;
    std::string shape = formatv("{0}x{1}x{2}", m, n, k);
    const std::vector<RankingEntry> &ranking = problem.ranking;
    std::optional<size_t> bestIndex;
    std::string bestName;
    Measurement best;
    double bestPredicted = 0, modelFirst = NAN;
    // Measured TFLOP/s by predicted time (raster twins follow their pick,
    // not the model's order).
    std::vector<std::pair<double, double>> measuredByPrediction;
    std::vector<double> predictedUs;
    for (const RankingEntry &entry : ranking)
      predictedUs.push_back(entry.predictedUs);
    for (auto [i, entry] : llvm::enumerate(ranking)) {
      const std::string &name = entry.candidate;
      auto it = byRun.find(problemKey(name, dtype, m, n, k));
      if (it == byRun.end())
        continue;
      measuredByPrediction.push_back({predictedUs[i], it->second.tflops});
      if (i == 0)
        modelFirst = it->second.tflops;
      if (double predicted = entry.predictedTflops; predicted > 0)
        measuredOverPredicted.push_back(it->second.tflops / predicted);
      if (!bestIndex || it->second.tflops > best.tflops) {
        bestIndex = i;
        bestName = name;
        best = it->second;
        bestPredicted = entry.predictedTflops;
      }
    }
    if (!bestIndex) {
      os << formatv("{0,-5} {1,-15} no passing measurement\n", dtype, shape);
      continue;
    }
    ++problemsWithResults;
    double bestPredictedUs = predictedUs[*bestIndex];
    int64_t rank =
        1 + llvm::count_if(predictedUs, [&](double us) {
          return us < bestPredictedUs && !isSamePrediction(us, bestPredictedUs);
        });
    inTopFive += rank <= 5;
    llvm::stable_sort(measuredByPrediction,
                      [](auto &x, auto &y) { return x.first < y.first; });
    std::vector<double> measuredInModelOrder;
    for (auto [us, tflops] : measuredByPrediction)
      measuredInModelOrder.push_back(tflops);
    os << formatv("{0,-5} {1,-15} {2,9:F1} {3,9:F1} {4,6:F3} {5,5} {6,5} "
                  "{7,9:F1} {8,6:F2}  {9}\n",
                  dtype, shape, best.tflops, best.cublasTflops, best.ratio,
                  rank, rank <= 5 ? "yes" : "no", modelFirst,
                  rankCorrelation(measuredInModelOrder), bestName);

    tuning::TuningEntry entry;
    entry.problem = {chip, dtype, dtype, dtype, m, n, k};
    entry.device = best.device;
    entry.candidate = bestName;
    if (const PlanCandidate *c = candidates.lookup(bestName)) {
      entry.schedule = c->schedule;
      auto readTriple = [&](const std::optional<std::vector<int64_t>> &values,
                            std::array<int64_t, 3> &out) {
        if (values)
          llvm::copy(*values, out.begin());
      };
      readTriple(c->block, entry.block);
      // A transposed candidate's kernel takes every operand column-major
      // (plans before them do not say: row-major).
      if (c->layouts)
        entry.kernelLayouts = {c->layouts->a, c->layouts->b, c->layouts->c};
      // Plans before split_k did not say: their kernels needed whole tiles.
      entry.divisibility = entry.block;
      readTriple(c->requiresDivisible, entry.divisibility);
    }
    entry.measuredTflops = best.tflops;
    entry.cublasTflops = best.cublasTflops;
    entry.ratioToCublas = best.ratio;
    entry.predictedTflops = bestPredicted;
    entry.modelRank = rank;
    database.insert(std::move(entry));
  }
  os << formatv("\n{0} problems measured; {1} runs failed or were not "
                "timed\n",
                problemsWithResults, failedRuns);
  if (!problemsWithResults)
    return badInput("no passing measurement matches the plan");
  double share = double(inTopFive) / problemsWithResults;
  os << formatv("done-when: the measured best was in the model's top 5 for "
                "{0} of {1} problems ({2:F0}%; target 80%): {3}\n",
                inTopFive, problemsWithResults, 100 * share,
                share >= 0.8 ? "met" : "not met");
  if (!measuredOverPredicted.empty()) {
    llvm::sort(measuredOverPredicted);
    size_t count = measuredOverPredicted.size();
    os << formatv("model: measured / predicted TFLOP/s median {0:F2} "
                  "(range {1:F2}-{2:F2} over {3} runs)\n",
                  measuredOverPredicted[count / 2],
                  measuredOverPredicted.front(), measuredOverPredicted.back(),
                  count);
  }
  if (Error error = database.save(options.database))
    return badInput(toString(std::move(error)));
  os << "tuning database: " << options.database << "\n";
  return ExitSuccess;
}
