//===- AnalyzedSpace.cpp - the legal candidates and their analysis --------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "AnalyzedSpace.h"
#include "SpaceCheck.h"

#include "analysis/ScheduleAnalysis.h"
#include "dialect/ChipInfo.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <tuple>

using namespace llvm;
using namespace gemm_opt;
using namespace gemm_opt::tune;

Expected<analysis::ChipPerformance>
gemm_opt::tune::resolveSpaceOptions(const SpaceOptions &options) {
  if (!tile::lookupChip(options.chip))
    return createStringError(formatv("--chip: unknown chip '{0}'; known "
                                     "chips: {1}",
                                     options.chip, tile::knownChipList()));
  StringRef deviceName = options.device;
  if (deviceName.empty()) {
    std::optional<StringRef> fallback =
        analysis::getDefaultDevice(options.chip);
    if (!fallback)
      return createStringError(formatv("--device: no default device for {0}; "
                                       "name one of {1}",
                                       options.chip,
                                       analysis::knownDeviceList()));
    deviceName = *fallback;
  }
  std::optional<analysis::ChipPerformance> device =
      analysis::lookupDevicePerformance(deviceName);
  if (!device)
    return createStringError(formatv("--device: unknown device '{0}'; known "
                                     "devices: {1}",
                                     deviceName, analysis::knownDeviceList()));
  if (!analysis::deviceRunsChip(*device, options.chip))
    return createStringError(
        formatv("--device: {0} does not run {1}", deviceName, options.chip));
  for (const std::string &dtype : options.dtypes)
    if (dtype != "bf16" && dtype != "f16" && dtype != "e4m3")
      return createStringError(
          formatv("--dtypes: '{0}' is not bf16, f16 or e4m3", dtype));
  for (const std::string &family : options.families)
    if (family != "sync" && family != "wgmma")
      return createStringError(
          formatv("--families: '{0}' is not sync or wgmma", family));
  return *device;
}

Expected<AnalyzedSpace> gemm_opt::tune::analyzeSpace(
    CandidateChecker &checker, const SpaceOptions &options, StringRef dtype,
    const analysis::ChipPerformance &device, raw_ostream &os) {
  std::vector<Candidate> space =
      enumerateCandidates(options.chip, dtype, options.families);
  AnalyzedSpace result;
  os << "checking and analysing " << dtype << ": " << space.size()
     << " candidates\n";
  // Each part of the bank-conflict simulation is shared by many candidates
  // (and threads).
  analysis::BankConflictCache bankConflicts;
  auto analyze = [&](tile::ScheduleAttr schedule) {
    return analysis::analyzeSchedule(schedule, device, std::nullopt,
                                     &bankConflicts);
  };
  std::vector<CandidateCheck> checks =
      checkCandidates(checker, space, result.counts, AnalyzeSchedule(analyze));
  for (auto [candidate, check] : llvm::zip_equal(space, checks)) {
    if (!check.schedule)
      continue;
    Expected<analysis::ScheduleAnalysis> &analysis = *check.analysis;
    if (!analysis)
      return createStringError(formatv("the static model cannot analyze {0}: "
                                       "{1}",
                                       candidate.name,
                                       toString(analysis.takeError())));
    result.legal.push_back({std::move(candidate), std::move(*analysis)});
  }
  return result;
}

Error gemm_opt::tune::checkSomeLegal(const SpaceOptions &options,
                                     StringRef dtype, const CheckCounts &c) {
  if (c.legal > 0)
    return Error::success();
  // The reasons, most common first (the map's order among equals).
  std::vector<std::tuple<int64_t, StringRef, std::string>> reasons;
  for (auto [title, counts] : {std::pair{"illegal", &c.illegalReasons},
                               std::pair{"unsupported", &c.unsupportedReasons}})
    for (const auto &[reason, count] : *counts) {
      auto example = c.reasonExamples.find(reason);
      reasons.emplace_back(count, title,
                           example == c.reasonExamples.end() ? reason
                                                             : example->second);
    }
  llvm::stable_sort(reasons, [](const auto &x, const auto &y) {
    return std::get<0>(x) > std::get<0>(y);
  });
  std::string why;
  constexpr size_t shown = 3;
  for (size_t i = 0; i < reasons.size() && i < shown; ++i)
    why += formatv("{0}{1} {2}: {3}", i ? "; " : "", std::get<0>(reasons[i]),
                   std::get<1>(reasons[i]), std::get<2>(reasons[i]));
  if (reasons.size() > shown)
    why += formatv("; {0} more reasons", reasons.size() - shown);
  return createStringError(formatv(
      "no legal {0} candidate of --families {1} for {2} ({3} enumerated){4}{5}",
      dtype, join(options.families, ","), options.chip, c.enumerated,
      why.empty() ? "" : ": ", why));
}

void gemm_opt::tune::printCheckCounts(raw_ostream &os, StringRef dtype,
                                      const CheckCounts &c) {
  os << formatv("{0}: {1} candidates enumerated, {2} illegal (verifier), {3} "
                "unsupported (tile-check-chip), {4} legal\n",
                dtype, c.enumerated, c.illegal, c.unsupported, c.legal);
  for (auto [title, reasons] :
       {std::pair{"illegal", &c.illegalReasons},
        std::pair{"unsupported", &c.unsupportedReasons}})
    for (const auto &[reason, count] : *reasons)
      os << formatv("  {0,5} {1}: {2}\n", count, title, reason);
}
