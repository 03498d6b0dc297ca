//===- GroupedReport.cpp - gemm-run's report of a grouped kernel ----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/GroupedReport.h"

#include "runtime/Report.h"

#include "llvm/Support/Format.h"

#include <algorithm>

using namespace llvm;

namespace gemm_opt {
namespace runtime {

namespace {

std::string formatError(double value) {
  std::string text;
  raw_string_ostream(text) << format("%.3e", value);
  return text;
}

const char *passFail(bool passed) { return passed ? "PASS" : "FAIL"; }

std::string describeRows(ArrayRef<int32_t> rows) {
  int64_t total = 0, empty = 0;
  int32_t most = 0, least = rows.empty() ? 0 : rows.front();
  for (int32_t count : rows) {
    total += count;
    empty += count == 0 ? 1 : 0;
    most = std::max(most, count);
    least = std::min(least, count);
  }
  return (Twine(total) + " tokens, rows per group " + Twine(least) + ".." +
          Twine(most) + ", " + Twine(empty) + " empty")
      .str();
}

void printMetric(raw_ostream &os, StringRef label, const ErrorMetric &metric,
                 int64_t worstGroup, int64_t groups) {
  os << label << "rel. Frobenius error "
     << format("%.3e", metric.relativeFrobenius) << " in group " << worstGroup
     << ", the worst of " << groups << " (tolerance "
     << format("%.3e", metric.tolerance) << ", " << metric.count
     << " entries, max abs error " << format("%.3e", metric.maxAbsError) << ")";
  if (metric.nonFiniteCount)
    os << ", " << metric.nonFiniteCount << " NaN/Inf in output";
  os << "  " << passFail(metric.passed) << "\n";
}

void printCheck(raw_ostream &os, const GroupCheck &check, bool masked) {
  // "vs cuBLAS" as in Report.cpp: an FP8 kernel's reference is cuBLASLt.
  StringRef label = "vs cuBLAS: ";
  if (check.vsCublas)
    printMetric(os, label, *check.vsCublas, check.worstCublasGroup,
                check.checkedGroups);
  else if (!check.noCublasLtAnchor.empty())
    os << label << "none (" << check.noCublasLtAnchor
       << "; fp64 alone decides)\n";
  else
    os << label << "skipped (--no-cublas)\n";
  printMetric(os, "vs fp64  : ", check.vsFp64, check.worstFp64Group,
              check.checkedGroups);
  os << "poison   : " << check.clobbered << " of " << check.poisonChecked
     << (masked ? " entries past the groups' counts"
                : " entries of the guard rows around C")
     << " changed  " << passFail(check.clobbered == 0) << "\n";
  if (check.amax)
    printAmaxCheck(os, *check.amax, check.amaxRefusal);
  if (check.toleranceFactor != 1.0)
    os << "note     : tolerances x" << format("%.3g", check.toleranceFactor)
       << " where sums cancel (getToleranceFactor)\n";
}

void printTiming(raw_ostream &os, StringRef label, const TimingStats &stats,
                 double flops, StringRef what) {
  os << label << format("%.4f", stats.medianMs) << " ms  "
     << format("%.1f", getTflops(flops, stats.medianMs)) << " TFLOP/s"
     << "  (" << what << "median of " << stats.runs << ", min "
     << format("%.4f", stats.minMs) << ", max " << format("%.4f", stats.maxMs)
     << ")\n";
}

json::Value checkJSON(const GroupCheck &check) {
  json::Object object{{"vs_fp64", metricJSON(check.vsFp64)},
                      {"worst_fp64_group", check.worstFp64Group},
                      {"checked_groups", check.checkedGroups},
                      {"failed_groups", check.failedGroups},
                      {"clobbered", check.clobbered},
                      {"tolerance_factor", check.toleranceFactor},
                      {"pass", check.passed()}};
  if (!check.noCublasLtAnchor.empty())
    object["no_cublaslt_anchor"] = check.noCublasLtAnchor;
  if (check.vsCublas) {
    object["vs_cublas"] = metricJSON(*check.vsCublas);
    object["worst_cublas_group"] = check.worstCublasGroup;
  }
  if (check.amax)
    object["amax"] = amaxJSON(*check.amax);
  return object;
}

} // namespace

void printGroupedReport(raw_ostream &os, const GroupedReport &report) {
  const KernelSpec &spec = *report.spec;
  const GroupedProblem &problem = *report.problem;
  const GroupedResult &result = *report.result;
  const DeviceInfo &device = *report.device;
  bool masked = problem.layout == GroupedLayout::Masked;
  os << "device   : " << device.name << " (sm_" << device.ccMajor
     << device.ccMinor << ", " << device.multiprocessorCount << " SMs)\n";
  os << "kernel   : " << spec.name << " from " << report.bundlePath << " ("
     << spec.chipName << ")\n";
  os << "launch   : grid " << result.grid.dims[0] << "x" << result.grid.dims[1]
     << "x" << result.grid.dims[2] << " (persistent, independent of the "
     << "counts), block " << spec.block[0] << "x" << spec.block[1] << "x"
     << spec.block[2] << ", " << spec.dynamicSharedMemoryBytes
     << " B dynamic smem, " << result.kernelInfo.registersPerThread << " regs, "
     << result.kernelInfo.localBytesPerThread << " B local\n";
  os << "groups   : " << getGroupedLayoutName(problem.layout)
     << ", G=" << problem.groups << ", " << (masked ? "M_max=" : "T=")
     << problem.rows << ", routing "
     << (problem.explicitRows
             ? std::string("--group-rows")
             : (getRoutingDistributionName(problem.distribution) + " (seed " +
                Twine(problem.routingSeed) + ")")
                   .str())
     << ": " << describeRows(problem.groupRows) << "\n";
  os << "shape    : N=" << problem.n << " K=" << problem.k
     << "  layouts a=row b=" << getMatrixLayoutName(problem.bLayout)
     << " c=row\n";
  os << "types    : A=" << getElementTypeName(spec.aType)
     << " B=" << getElementTypeName(spec.bType)
     << " C=" << getElementTypeName(spec.cType)
     << " accumulator=" << getElementTypeName(spec.accumulatorType) << "\n";
  bool fp8 = spec.scaling.has_value();
  if (fp8)
    os << "scaling  : " << result.scaling
       << (masked ? ", A's and B's scales per group"
                  : ", B's scales per group, A's over all T rows")
       << "; reference cuBLASLt "
       << (result.cublasLtScaleModes.empty() ? std::string("none")
                                             : result.cublasLtScaleModes)
       << "\n";
  if (result.scaleD)
    os << "output   : e4m3 = saturate(D * scale_d), scale_d "
       << format("%.6g", *result.scaleD)
       << " for every group; checked after dequantization\n";
  printCheck(os, result.check, masked);
  for (auto [index, replay] : enumerate(result.replays))
    os << "replay " << index + 1 << " : graph replay, routing seed "
       << replay.seed << " (" << describeRows(replay.groupRows) << "): vs "
       << (fp8 ? "cuBLASLt " : "cuBLAS ")
       << (replay.check.vsCublas
               ? formatError(replay.check.vsCublas->relativeFrobenius)
               : std::string("skipped"))
       << ", vs fp64 " << formatError(replay.check.vsFp64.relativeFrobenius)
       << ", " << replay.check.failedGroups << " of "
       << replay.check.checkedGroups << " groups failed, "
       << replay.check.clobbered << " poisoned entries changed"
       << (replay.check.amax
               ? (", amax " + formatError(replay.check.amax->kernel) +
                  (replay.check.amax->passed ? " (checked)" : " (failed)"))
               : std::string())
       << "  " << passFail(replay.check.passed()) << "\n";
  double flops = problem.getFlops();
  const BenchmarkResult &timing = result.timing;
  if (timing.kernelTiming) {
    printTiming(os, "gemm-opt : ", *timing.kernelTiming, flops, "");
    if (timing.cublasTiming) {
      std::string loop = ("loop of " + Twine(result.cublasCalls) +
                          (fp8 ? " cuBLASLt FP8 matmuls" : " cublasGemmEx") +
                          ", one per non-empty group; ")
                             .str();
      printTiming(os, fp8 ? "cuBLASLt : " : "cuBLAS   : ", *timing.cublasTiming,
                  flops, loop);
      double ratio =
          timing.kernelTiming->medianMs > 0
              ? timing.cublasTiming->medianMs / timing.kernelTiming->medianMs
              : 0.0;
      os << "ratio    : " << format("%.3f", ratio) << "x the "
         << (fp8 ? "cuBLASLt" : "cuBLAS")
         << " loop's throughput (L2 flushed before each run, "
         << timing.l2FlushBytes / (1 << 20) << " MiB)\n";
    }
  }
  os << "result   : " << passFail(result.passed()) << "\n";
}

json::Value toJSON(const GroupedReport &report) {
  const GroupedProblem &problem = *report.problem;
  const GroupedResult &result = *report.result;
  json::Array replays;
  for (const GroupedReplay &replay : result.replays)
    replays.push_back(
        json::Object{{"seed", static_cast<int64_t>(replay.seed)},
                     {"group_rows", json::Array(replay.groupRows)},
                     {"check", checkJSON(replay.check)}});
  json::Object object{{"format", ResultFormatName},
                      {"input", report.input},
                      {"bundle", report.bundlePath},
                      {"kernel", report.spec->name},
                      {"device", report.device->name},
                      {"grouped", getGroupedLayoutName(problem.layout)},
                      {"groups", problem.groups},
                      {"rows", problem.rows},
                      {"n", problem.n},
                      {"k", problem.k},
                      {"group_rows", json::Array(problem.groupRows)},
                      {"flops", problem.getFlops()},
                      {"check", checkJSON(result.check)},
                      {"replays", std::move(replays)},
                      {"pass", result.passed()}};
  if (!result.scaling.empty())
    object["scaling"] = result.scaling;
  if (result.scaleD)
    object["scale_d"] = double(*result.scaleD);
  const BenchmarkResult &timing = result.timing;
  auto timingJSON = [&](const TimingStats &stats) {
    return json::Object{
        {"median_ms", stats.medianMs},
        {"min_ms", stats.minMs},
        {"max_ms", stats.maxMs},
        {"runs", stats.runs},
        {"tflops", getTflops(problem.getFlops(), stats.medianMs)}};
  };
  if (timing.kernelTiming)
    object["kernel_timing"] = timingJSON(*timing.kernelTiming);
  if (timing.cublasTiming) {
    object["cublas_loop_timing"] = timingJSON(*timing.cublasTiming);
    object["cublas_calls"] = result.cublasCalls;
  }
  return object;
}

} // namespace runtime
} // namespace gemm_opt
