//===- SweepReport.cpp - The sweep's table, failures and JSON -------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tools/gemm-sweep/SweepReport.h"

#include "runtime/Report.h"

#include "llvm/Support/Format.h"

#include <map>
#include <utility>

using namespace llvm;

namespace gemm_opt {
namespace sweep {

size_t SweepSummary::countFailures() const {
  size_t failures = loadErrors.size();
  for (const CaseResult &result : cases)
    if (result.outcome == CaseOutcome::Failed)
      ++failures;
  return failures;
}

namespace {
/// "case ", "fp8 case " or "grouped case ".
StringRef getCaseLabel(CaseKind kind) {
  switch (kind) {
  case CaseKind::Ordinary:
    return "case ";
  case CaseKind::Fp8:
    return "fp8 case ";
  case CaseKind::Grouped:
    return "grouped case ";
  }
  return "case ";
}

/// The flag that replays a case of `kind` alone.
StringRef getReplayFlag(CaseKind kind) {
  switch (kind) {
  case CaseKind::Ordinary:
    return " --case ";
  case CaseKind::Fp8:
    return " --fp8-case ";
  case CaseKind::Grouped:
    return " --grouped-case ";
  }
  return " --case ";
}
} // namespace

void printCaseResult(raw_ostream &os, const CaseResult &result) {
  os << getCaseLabel(result.kind) << result.index << ": "
     << getCaseOutcomeName(result.outcome)
     << (result.reason.empty() ? "" : " (" + result.reason + ")") << " "
     << result.problem << " [" << result.kernel << "] " << result.message
     << "\n";
}

void describeErrorMetric(raw_ostream &os, StringRef name,
                         const runtime::ErrorMetric &metric) {
  os << name << " " << format("%.3g", metric.relativeFrobenius);
  if (metric.nonFiniteCount)
    os << " (" << metric.nonFiniteCount << " NaN/Inf)";
  os << (metric.passed ? "" : " FAIL") << "; ";
}

std::string getReplayCommand(const SweepSummary &summary,
                             const CaseResult &result) {
  return "gemm-sweep " + summary.artifactsDirectory + " --seed " +
         std::to_string(summary.seed) + getReplayFlag(result.kind).str() +
         std::to_string(result.index);
}

void printSweepSummary(raw_ostream &os, const SweepSummary &summary) {
  std::map<std::pair<int, std::string>, size_t> counts;
  for (const CaseResult &result : summary.cases)
    ++counts[{static_cast<int>(result.outcome), result.reason}];
  os << "\n" << format("%-10s %-24s %6s", "outcome", "reason", "cases")
     << "\n";
  for (const auto &[key, count] : counts)
    os << format("%-10s %-24s %6zu",
                 getCaseOutcomeName(static_cast<CaseOutcome>(key.first))
                     .str()
                     .c_str(),
                 key.second.empty() ? "-" : key.second.c_str(), count)
       << "\n";
  os << format("%-10s %-24s %6zu", "total", "", summary.cases.size()) << "\n";
  // What the loaded kernels lack, for the types and layouts refusals.
  std::map<std::string, size_t> missing;
  for (const CaseResult &result : summary.cases)
    if (!result.missing.empty())
      ++missing[result.missing];
  for (const auto &[what, count] : missing)
    os << format("%6zu", count) << " refused, missing: " << what << "\n";
  printSweepFailures(os, summary);
}

void printSweepFailures(raw_ostream &os, const SweepSummary &summary) {
  for (const std::string &error : summary.loadErrors)
    os << "FAILED bundle: " << error << "\n";
  for (const CaseResult &result : summary.cases)
    if (result.outcome == CaseOutcome::Failed) {
      os << "FAILED " << getCaseLabel(result.kind) << result.index << " ["
         << result.reason << "] " << result.problem << " on " << result.kernel
         << ": " << result.message
         << "\n  replay: " << getReplayCommand(summary, result) << "\n";
      if (!result.runCommand.empty())
        os << "  gemm-run: " << result.runCommand << "\n";
    }
  size_t failures = summary.countFailures();
  os << (failures ? "gemm-sweep: " + std::to_string(failures) + " failure(s)"
                  : std::string("gemm-sweep: no failures"))
     << "\n";
}

json::Value toJSON(const SweepSummary &summary) {
  json::Array cases;
  for (const CaseResult &result : summary.cases) {
    json::Object object{{"index", static_cast<int64_t>(result.index)},
                        {"problem", result.problem},
                        {"kernel", result.kernel},
                        {"bundle", result.bundlePath},
                        {"outcome", getCaseOutcomeName(result.outcome)},
                        {"reason", result.reason},
                        {"message", result.message}};
    if (!result.missing.empty())
      object["missing"] = result.missing;
    if (result.kind == CaseKind::Fp8)
      object["fp8"] = true;
    if (result.kind == CaseKind::Grouped)
      object["grouped"] = true;
    if (!result.runCommand.empty())
      object["gemm_run"] = result.runCommand;
    if (result.run) {
      object["tolerance"] = result.run->tolerance;
      object["tolerance_factor"] = result.run->toleranceFactor;
      if (result.run->vsCublas)
        object["vs_cublas"] = runtime::metricJSON(*result.run->vsCublas);
      object["vs_fp64"] = runtime::metricJSON(result.run->vsFp64);
      object["clobbered_elements"] = result.run->clobberedElements;
      if (result.run->wholeTileVariant)
        object["launched"] = result.run->launchedKernel;
    }
    if (result.outcome == CaseOutcome::Failed)
      object["replay"] = getReplayCommand(summary, result);
    cases.push_back(std::move(object));
  }
  json::Array loadErrors;
  for (const std::string &error : summary.loadErrors)
    loadErrors.push_back(error);
  return json::Object{{"format", SweepResultFormatName},
                      {"artifacts", summary.artifactsDirectory},
                      {"seed", static_cast<int64_t>(summary.seed)},
                      {"failures", static_cast<int64_t>(summary.countFailures())},
                      {"bundle_errors", std::move(loadErrors)},
                      {"cases", std::move(cases)}};
}

} // namespace sweep
} // namespace gemm_opt
