//===- MeasurementIngest.cpp - measurements into the database -------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "MeasurementIngest.h"

#include "runtime/BoundedFileRead.h"
#include "runtime/RuntimeError.h"
#include "runtime/bundle/JsonNestingLimit.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Regex.h"

#include <cmath>

using namespace llvm;

namespace gemm_opt {

namespace {
struct MeasuredCandidate {
  int64_t rank = 0;
  std::string candidate, schedule;
  std::vector<std::string> kernelLayouts;
  double ms = 0;
  bool passed = false;
};

struct MeasuredProblem {
  std::string kernelClass, chip, a, b, c;
  int64_t m = 0, n = 0, k = 0;
  double cublasMs = 0;
  std::vector<MeasuredCandidate> candidates;
};

bool fromJSON(const json::Value &value, MeasuredCandidate &c, json::Path path) {
  json::ObjectMapper o(value, path);
  return o && o.map("rank", c.rank) && o.map("candidate", c.candidate) &&
         o.map("schedule", c.schedule) &&
         o.map("kernel_layouts", c.kernelLayouts) && o.map("ms", c.ms) &&
         o.map("passed", c.passed);
}

bool fromJSON(const json::Value &value, MeasuredProblem &p, json::Path path) {
  json::ObjectMapper o(value, path);
  return o && o.map("class", p.kernelClass) && o.map("chip", p.chip) &&
         o.map("a", p.a) && o.map("b", p.b) && o.map("c", p.c) &&
         o.map("m", p.m) && o.map("n", p.n) && o.map("k", p.k) &&
         o.map("cublas_ms", p.cublasMs) && o.map("candidates", p.candidates);
}
} // namespace

/// The block tile of a `#tile.schedule<...>` text.
static std::optional<std::array<int64_t, 3>> getBlock(StringRef schedule) {
  SmallVector<StringRef> groups;
  if (!Regex("block = \\[([0-9]+), ([0-9]+), ([0-9]+)\\]")
           .match(schedule, &groups))
    return std::nullopt;
  std::array<int64_t, 3> block;
  for (int i = 0; i < 3; ++i)
    if (groups[i + 1].getAsInteger(10, block[i]) || block[i] < 1)
      return std::nullopt;
  return block;
}

Expected<size_t> ingestMatmulMeasurements(StringRef path,
                                          tuning::TuningDatabase &database) {
  Expected<std::unique_ptr<MemoryBuffer>> text =
      runtime::readBoundedRegularFile(path, "matmul measurements",
                                      runtime::kMaxBundleJsonBytes,
                                      /*isText=*/true);
  if (!text)
    return text.takeError();
  Expected<json::Value> document =
      parseJsonWithNestingLimit((*text)->getBuffer());
  if (!document)
    return runtime::addErrorContext(document.takeError(), path);
  std::string format, device;
  std::vector<MeasuredProblem> problems;
  json::Path::Root root(path);
  json::ObjectMapper o(*document, root);
  if (!o || !o.map("format", format) || !o.map("device", device) ||
      !o.map("problems", problems))
    return runtime::makeBadInputError(toString(root.getError()));
  if (format != MatmulMeasurementsFormat)
    return runtime::makeBadFieldError(
        path, "format",
        formatv("is '{0}', expected '{1}'", format, MatmulMeasurementsFormat));

  size_t taken = 0;
  for (const MeasuredProblem &p : problems) {
    const MeasuredCandidate *best = nullptr;
    for (const MeasuredCandidate &c : p.candidates)
      if (c.passed && std::isfinite(c.ms) && c.ms > 0 &&
          (!best || c.ms < best->ms))
        best = &c;
    std::optional<std::array<int64_t, 3>> block =
        best ? getBlock(best->schedule) : std::nullopt;
    if (!best || !block || best->kernelLayouts.size() != 3 || p.m < 1 ||
        p.n < 1 || p.k < 1 || !(p.cublasMs > 0))
      continue;
    tuning::TuningEntry entry;
    entry.problem = {p.chip, p.a, p.b, p.c, p.m, p.n, p.k};
    entry.matmulClass = p.kernelClass;
    entry.device = device;
    entry.block = *block;
    // wgmma kernels take any shape; the others whole tiles.
    bool anyShape = StringRef(best->schedule).contains("wgmma");
    entry.divisibility = anyShape ? std::array<int64_t, 3>{1, 1, 1} : *block;
    entry.candidate = best->candidate;
    entry.schedule = best->schedule;
    entry.kernelLayouts = {best->kernelLayouts[0], best->kernelLayouts[1],
                           best->kernelLayouts[2]};
    double flops = 2.0 * double(p.m) * double(p.n) * double(p.k);
    entry.measuredTflops = flops / (best->ms * 1e-3) * 1e-12;
    entry.cublasTflops = flops / (p.cublasMs * 1e-3) * 1e-12;
    entry.ratioToCublas = p.cublasMs / best->ms;
    // A faster entry filed by an earlier run of other candidates stays.
    // Where this run measured the filed candidate too, the run's own
    // comparison decides: timings from another call (or another machine
    // of the kind) differ by a few per cent, more than the candidates do.
    bool slower = llvm::any_of(database.getEntries(), [&](const auto &e) {
      bool remeasured = llvm::any_of(p.candidates, [&](const auto &c) {
        return c.passed && c.candidate == e.candidate;
      });
      return e.matmulClass == entry.matmulClass &&
             e.problem.chip == entry.problem.chip && e.problem.m == p.m &&
             e.problem.n == p.n && e.problem.k == p.k && !remeasured &&
             e.measuredTflops > entry.measuredTflops;
    });
    if (slower)
      continue;
    database.insert(std::move(entry));
    ++taken;
  }
  return taken;
}

} // namespace gemm_opt
