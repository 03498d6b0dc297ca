//===- IngestCommand.cpp - gemm-tune ingest -------------------------------===//
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
  Expected<json::Value> value = json::parse((*buffer)->getBuffer());
  if (!value)
    return createStringError(formatv("'{0}' is not JSON: {1}", path,
                                     toString(value.takeError())));
  return value;
}

struct Measurement {
  double tflops = 0, cublasTflops = 0, ratio = 0;
  std::string device;
};

/// The measurement of a passing, timed gemm-run result, or nothing.
std::optional<Measurement> readMeasurement(const json::Object &run) {
  const json::Object *result = run.getObject("result");
  if (!result || result->getString("status") != "pass")
    return std::nullopt;
  const json::Object *timing = result->getObject("timing");
  const json::Object *mine = timing ? timing->getObject("gemm_opt") : nullptr;
  const json::Object *cublas = timing ? timing->getObject("cublas") : nullptr;
  if (!mine || !mine->getNumber("tflops"))
    return std::nullopt;
  Measurement m;
  m.tflops = *mine->getNumber("tflops");
  if (cublas && cublas->getNumber("tflops"))
    m.cublasTflops = *cublas->getNumber("tflops");
  m.ratio = timing->getNumber("ratio_to_cublas").value_or(0);
  if (const json::Object *device = result->getObject("device"))
    m.device = device->getString("name").value_or("").str();
  return m;
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
  Expected<json::Value> manifest = readJSON(manifestPath);
  if (!manifest)
    return badInput(toString(manifest.takeError()));
  Expected<json::Value> results = readJSON(options.results);
  if (!results)
    return badInput(toString(results.takeError()));
  const json::Object *plan = manifest->getAsObject();
  if (!plan || plan->getString("format") != "gemm-tune-plan-1")
    return badInput(formatv("'{0}' is not a gemm-tune plan manifest",
                            manifestPath));
  const json::Object *measured = results->getAsObject();
  const json::Array *runs = measured ? measured->getArray("runs") : nullptr;
  if (!measured || measured->getString("format") != "gemm-tune-results-1" ||
      !runs)
    return badInput(formatv("'{0}' is not a gemm-tune-results-1 file "
                            "(scripts/tune-measure.sh writes one)",
                            options.results));

  StringMap<Measurement> byRun;
  int64_t failedRuns = 0;
  for (const json::Value &value : *runs) {
    const json::Object *run = value.getAsObject();
    if (!run)
      continue;
    std::optional<Measurement> m = readMeasurement(*run);
    if (!m) {
      ++failedRuns;
      continue;
    }
    byRun[problemKey(run->getString("candidate").value_or(""),
                     run->getString("dtype").value_or(""),
                     run->getInteger("m").value_or(0),
                     run->getInteger("n").value_or(0),
                     run->getInteger("k").value_or(0))] = *m;
  }

  StringMap<const json::Object *> candidates;
  if (const json::Array *list = plan->getArray("candidates"))
    for (const json::Value &value : *list)
      if (const json::Object *c = value.getAsObject())
        candidates[c->getString("name").value_or("")] = c;

  tuning::TuningDatabase database;
  if (sys::fs::exists(options.database)) {
    Expected<tuning::TuningDatabase> existing =
        tuning::TuningDatabase::load(options.database);
    if (!existing)
      return badInput(toString(existing.takeError()));
    database = std::move(*existing);
  }

  std::string chip = plan->getString("chip").value_or("").str();
  raw_ostream &os = outs();
  os << formatv("{0,-5} {1,-15} {2,9} {3,9} {4,6} {5,5} {6,5} {7,9} {8,6}  {9}\n",
                "dtype", "shape", "TFLOP/s", "cuBLAS", "ratio", "rank", "top5",
                "model#1", "rho", "best measured candidate");
  int64_t problemsWithResults = 0, inTopFive = 0;
  std::vector<double> measuredOverPredicted;
  const json::Array *problems = plan->getArray("problems");
  for (const json::Value &value : problems ? *problems : json::Array()) {
    const json::Object *problem = value.getAsObject();
    if (!problem)
      continue;
    std::string dtype = problem->getString("dtype").value_or("").str();
    int64_t m = problem->getInteger("m").value_or(0),
            n = problem->getInteger("n").value_or(0),
            k = problem->getInteger("k").value_or(0);
    std::string shape = formatv("{0}x{1}x{2}", m, n, k);
    const json::Array *ranking = problem->getArray("ranking");
    std::optional<size_t> bestIndex;
    std::string bestName;
    Measurement best;
    double bestPredicted = 0, modelFirst = NAN;
    // Measured TFLOP/s by predicted time (raster twins follow their pick,
    // not the model's order).
    std::vector<std::pair<double, double>> measuredByPrediction;
    std::vector<double> predictedUs;
    for (size_t i = 0; ranking && i < ranking->size(); ++i) {
      const json::Object *entry = (*ranking)[i].getAsObject();
      predictedUs.push_back(entry->getNumber("predicted_us").value_or(0));
    }
    for (size_t i = 0; ranking && i < ranking->size(); ++i) {
      const json::Object *entry = (*ranking)[i].getAsObject();
      std::string name = entry->getString("candidate").value_or("").str();
      auto it = byRun.find(problemKey(name, dtype, m, n, k));
      if (it == byRun.end())
        continue;
      measuredByPrediction.push_back({predictedUs[i], it->second.tflops});
      if (i == 0)
        modelFirst = it->second.tflops;
      if (double predicted = entry->getNumber("predicted_tflops").value_or(0);
          predicted > 0)
        measuredOverPredicted.push_back(it->second.tflops / predicted);
      if (!bestIndex || it->second.tflops > best.tflops) {
        bestIndex = i;
        bestName = name;
        best = it->second;
        bestPredicted = entry->getNumber("predicted_tflops").value_or(0);
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
    if (const json::Object *c = candidates.lookup(bestName)) {
      entry.schedule = c->getString("schedule").value_or("").str();
      auto readTriple = [&](StringRef field, std::array<int64_t, 3> &out) {
        if (const json::Array *values = c->getArray(field))
          for (size_t i = 0; i < 3 && i < values->size(); ++i)
            out[i] = (*values)[i].getAsInteger().value_or(0);
      };
      readTriple("block", entry.block);
      // A transposed candidate's kernel takes every operand column-major
      // (plans before them do not say: row-major).
      if (const json::Object *layouts = c->getObject("layouts")) {
        const char *names[] = {"a", "b", "c"};
        for (int i = 0; i < 3; ++i)
          entry.kernelLayouts[i] =
              layouts->getString(names[i]).value_or("row").str();
      }
      // Plans before split_k did not say: their kernels needed whole tiles.
      entry.divisibility = entry.block;
      readTriple("requires_divisible", entry.divisibility);
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
