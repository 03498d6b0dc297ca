//===- TuningDatabase.cpp - measured best schedules per problem -----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tuning/TuningDatabase.h"

#include "runtime/bundle/JsonNestingLimit.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <tuple>

using namespace llvm;
using namespace gemm_opt::tuning;

std::string gemm_opt::tuning::classifyShape(int64_t m, int64_t n, int64_t k) {
  if (std::min(m, n) <= 256)
    return "skinny";
  if (double(m) * n <= 4.0 * 1024 * 1024 && k >= 4 * std::max(m, n))
    return "deep-k";
  if (4 * k <= std::min(m, n))
    return "shallow-k";
  if (double(m) * n * k <= 2048.0 * 2048 * 2048)
    return "small";
  return "large";
}

bool TuningEntry::runsTransposed() const {
  return llvm::all_of(kernelLayouts,
                      [](const std::string &l) { return l == "col"; });
}

bool TuningEntry::runsRowMajorProblems() const {
  return runsTransposed() ||
         llvm::all_of(kernelLayouts,
                      [](const std::string &l) { return l == "row"; });
}

static bool sameTypes(const ProblemKey &x, const ProblemKey &y) {
  return x.chip == y.chip && x.a == y.a && x.b == y.b && x.c == y.c;
}

static bool sameProblem(const ProblemKey &x, const ProblemKey &y) {
  return sameTypes(x, y) && x.m == y.m && x.n == y.n && x.k == y.k;
}

static auto orderKey(const TuningEntry &e) {
  const ProblemKey &p = e.problem;
  return std::tie(e.matmulClass, p.chip, p.a, p.b, p.c, p.m, p.n, p.k);
}

void TuningDatabase::insert(TuningEntry entry) {
  for (TuningEntry &existing : entries)
    if (existing.matmulClass == entry.matmulClass &&
        sameProblem(existing.problem, entry.problem)) {
      existing = std::move(entry);
      return;
    }
  entries.push_back(std::move(entry));
}

static double logDistance(const ProblemKey &x, const ProblemKey &y) {
  double dm = std::log2(double(x.m) / y.m), dn = std::log2(double(x.n) / y.n),
         dk = std::log2(double(x.k) / y.k);
  return std::sqrt(dm * dm + dn * dn + dk * dk);
}

std::optional<TuningDatabase::Match>
TuningDatabase::lookup(const ProblemKey &problem) const {
  if (problem.m <= 0 || problem.n <= 0 || problem.k <= 0)
    return std::nullopt;
  std::string wantedClass = classifyShape(problem.m, problem.n, problem.k);
  std::optional<Match> best;
  bool bestSameClass = false;
  for (const TuningEntry &entry : entries) {
    if (!sameTypes(entry.problem, problem) || !entry.runsRowMajorProblems() ||
        !entry.matmulClass.empty())
      continue;
    if (sameProblem(entry.problem, problem))
      return Match{&entry, true, 0.0};
    std::array<int64_t, 3> d = entry.getDivisibility();
    if (d[0] <= 0 || d[1] <= 0 || d[2] <= 0 || problem.m % d[0] ||
        problem.n % d[1] || problem.k % d[2])
      continue;
    bool sameClass = classifyShape(entry.problem.m, entry.problem.n,
                                   entry.problem.k) == wantedClass;
    double distance = logDistance(entry.problem, problem);
    if (!best || (sameClass && !bestSameClass) ||
        (sameClass == bestSameClass && distance < best->distance)) {
      best = Match{&entry, false, distance};
      bestSameClass = sameClass;
    }
  }
  return best;
}

json::Value TuningDatabase::toJSON() const {
  std::vector<const TuningEntry *> sorted;
  for (const TuningEntry &entry : entries)
    sorted.push_back(&entry);
  llvm::stable_sort(sorted, [](const TuningEntry *x, const TuningEntry *y) {
    return orderKey(*x) < orderKey(*y);
  });
  json::Array array;
  for (const TuningEntry *e : sorted) {
    const ProblemKey &p = e->problem;
    array.push_back(json::Object{
        {"chip", p.chip},
        {"device", e->device},
        {"a", p.a},
        {"b", p.b},
        {"c", p.c},
        {"m", p.m},
        {"n", p.n},
        {"k", p.k},
        {"shape_class", classifyShape(p.m, p.n, p.k)},
        {"block", json::Array{e->block[0], e->block[1], e->block[2]}},
        {"requires_divisible",
         json::Array{e->getDivisibility()[0], e->getDivisibility()[1],
                     e->getDivisibility()[2]}},
        {"candidate", e->candidate},
        {"schedule", e->schedule},
        {"kernel_layouts", json::Object{{"a", e->kernelLayouts[0]},
                                        {"b", e->kernelLayouts[1]},
                                        {"c", e->kernelLayouts[2]}}},
        {"measured_tflops", e->measuredTflops},
        {"cublas_tflops", e->cublasTflops},
        {"ratio_to_cublas", e->ratioToCublas},
        {"predicted_tflops", e->predictedTflops},
        {"model_rank", e->modelRank}});
    if (!e->matmulClass.empty())
      array.back().getAsObject()->try_emplace("matmul_class", e->matmulClass);
  }
  return json::Object{{"format", FormatName}, {"entries", std::move(array)}};
}

/// Reads one entry; `path` names it in errors.
static Expected<TuningEntry> readEntry(const json::Value &value,
                                       json::Path path) {
  TuningEntry entry;
  const json::Object *object = value.getAsObject();
  if (!object) {
    path.report("expected an object");
    return createStringError("entry is not an object");
  }
  json::ObjectMapper mapper(value, path);
  ProblemKey &p = entry.problem;
  std::vector<int64_t> block, divisibility;
  bool ok = mapper && mapper.map("chip", p.chip) && mapper.map("a", p.a) &&
            mapper.map("b", p.b) && mapper.map("c", p.c) &&
            mapper.map("m", p.m) && mapper.map("n", p.n) &&
            mapper.map("k", p.k) && mapper.map("block", block) &&
            mapper.map("schedule", entry.schedule) &&
            mapper.map("measured_tflops", entry.measuredTflops) &&
            mapper.mapOptional("device", entry.device) &&
            mapper.mapOptional("candidate", entry.candidate) &&
            mapper.mapOptional("cublas_tflops", entry.cublasTflops) &&
            mapper.mapOptional("ratio_to_cublas", entry.ratioToCublas) &&
            mapper.mapOptional("predicted_tflops", entry.predictedTflops) &&
            mapper.mapOptional("model_rank", entry.modelRank) &&
            mapper.mapOptional("matmul_class", entry.matmulClass) &&
            mapper.mapOptional("requires_divisible", divisibility);
  if (!ok)
    return createStringError("malformed entry");
  // A shape or a measurement no run produces would skew every lookup
  // silently (the distance of shapes is a log2 of their ratios; the
  // fastest entry wins).
  for (auto [name, value] :
       {std::pair<StringLiteral, int64_t>("m", p.m), {"n", p.n}, {"k", p.k}})
    if (value < 1) {
      path.field(name).report("expected a positive integer");
      return createStringError("malformed entry");
    }
  if (!std::isfinite(entry.measuredTflops) || entry.measuredTflops <= 0) {
    path.field("measured_tflops").report("expected a finite positive number");
    return createStringError("malformed entry");
  }
  if (block.size() != 3 ||
      llvm::any_of(block, [](int64_t size) { return size < 1; })) {
    path.field("block").report("expected [BM, BN, BK], each at least 1");
    return createStringError("malformed entry");
  }
  entry.block = {block[0], block[1], block[2]};
  // Entries from before split_k and ragged shapes: whole tiles.
  if (divisibility.empty())
    divisibility = block;
  if (divisibility.size() != 3 ||
      llvm::any_of(divisibility, [](int64_t d) { return d < 1; })) {
    path.field("requires_divisible")
        .report("expected [M, N, K], each at least 1");
    return createStringError("malformed entry");
  }
  entry.divisibility = {divisibility[0], divisibility[1], divisibility[2]};
  // Entries from before the transposed candidates: row-major kernels.
  if (const json::Value *layouts = object->get("kernel_layouts")) {
    const json::Object *fields = layouts->getAsObject();
    static constexpr StringLiteral names[] = {"a", "b", "c"};
    for (auto [index, name] : llvm::enumerate(names)) {
      std::optional<StringRef> layout =
          fields ? fields->getString(name) : std::nullopt;
      if (!layout || (*layout != "row" && *layout != "col")) {
        path.field("kernel_layouts")
            .report("expected {\"a\": L, \"b\": L, \"c\": L}, each "
                    "\"row\" or \"col\"");
        return createStringError("malformed entry");
      }
      entry.kernelLayouts[index] = layout->str();
    }
  }
  return entry;
}

Expected<TuningDatabase> TuningDatabase::fromJSON(const json::Value &value) {
  json::Path::Root root("tuning database");
  const json::Object *object = value.getAsObject();
  if (!object)
    return createStringError("tuning database: expected a JSON object");
  std::optional<StringRef> format = object->getString("format");
  if (!format || *format != FormatName)
    return createStringError(
        formatv("tuning database: format must be \"{0}\"", FormatName));
  const json::Array *array = object->getArray("entries");
  if (!array)
    return createStringError("tuning database: missing \"entries\" array");
  TuningDatabase database;
  json::Path rootPath(root);
  json::Path entriesPath = rootPath.field("entries");
  for (auto [index, value] : llvm::enumerate(*array)) {
    Expected<TuningEntry> entry = readEntry(value, entriesPath.index(index));
    if (!entry) {
      consumeError(entry.takeError());
      return createStringError(
          formatv("tuning database: {0}", toString(root.getError())));
    }
    database.insert(std::move(*entry));
  }
  return database;
}

Expected<TuningDatabase> TuningDatabase::load(StringRef path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> buffer =
      MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!buffer)
    return createStringError(formatv("cannot read tuning database '{0}': {1}",
                                     path, buffer.getError().message()));
  Expected<json::Value> value =
      parseJsonWithNestingLimit((*buffer)->getBuffer());
  if (!value)
    return createStringError(formatv("'{0}' is not JSON: {1}", path,
                                     toString(value.takeError())));
  Expected<TuningDatabase> database = fromJSON(*value);
  if (!database)
    return createStringError(
        formatv("'{0}': {1}", path, toString(database.takeError())));
  return database;
}

Error TuningDatabase::save(StringRef path) const {
  std::error_code ec;
  raw_fd_ostream os(path, ec, sys::fs::OF_Text);
  if (ec)
    return createStringError(
        formatv("cannot write '{0}': {1}", path, ec.message()));
  os << formatv("{0:2}", toJSON()) << "\n";
  os.close();
  if (os.has_error())
    return createStringError(
        formatv("cannot write '{0}': {1}", path, os.error().message()));
  return Error::success();
}
