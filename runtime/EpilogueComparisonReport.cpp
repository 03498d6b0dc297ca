//===- EpilogueComparisonReport.cpp - gemm-run --compare-epilogue output --===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/EpilogueComparisonReport.h"

#include "runtime/Report.h"
#include "runtime/RuntimeError.h"

#include "llvm/Support/Format.h"

#include <cmath>

using namespace llvm;

namespace gemm_opt {
namespace runtime {

namespace {
const char *passFail(bool passed) { return passed ? "PASS" : "FAIL"; }

std::string formatMetric(const std::optional<ErrorMetric> &metric) {
  if (!metric)
    return "-";
  std::string text;
  raw_string_ostream os(text);
  if (std::isfinite(metric->relativeFrobenius))
    os << format("%.2e", metric->relativeFrobenius);
  else
    os << "nan";
  if (metric->nonFiniteCount)
    os << " (" << metric->nonFiniteCount << " NaN/Inf)";
  os << " " << passFail(metric->passed);
  return text;
}

json::Value optionalMetricJSON(const std::optional<ErrorMetric> &metric) {
  return metric ? metricJSON(*metric) : json::Value(nullptr);
}

/// Bytes the bias/activation kernel moves: C read, D written, the bias.
double getBiasActivationBytes(const EpilogueComparisonReport &report) {
  const FusedEpilogueSpec &epilogue = report.spec->epilogue;
  const GemmShape &shape = report.shape;
  double biasEntries = epilogue.bias == EpilogueBias::Row      ? shape.m
                       : epilogue.bias == EpilogueBias::Column ? shape.n
                                                               : 0;
  return (2.0 * static_cast<double>(shape.m) * static_cast<double>(shape.n) +
          biasEntries) *
         static_cast<double>(getElementSize(report.spec->cType));
}

json::Value optionalNumber(std::optional<double> value) {
  return value && std::isfinite(*value) ? json::Value(*value)
                                        : json::Value(nullptr);
}
} // namespace

std::string formatSpeedup(std::optional<double> speedup,
                          std::optional<double> target) {
  if (!speedup)
    return "n/a";
  std::string text;
  raw_string_ostream os(text);
  os << format("%.3f", *speedup) << "x";
  if (target)
    os << " (target " << format("%.2f", *target) << "x: "
       << (*speedup >= *target ? "met" : "NOT met") << ")";
  return text;
}

void printEpilogueComparison(raw_ostream &os,
                             const EpilogueComparisonReport &report) {
  const KernelSpec &spec = *report.spec;
  const EpilogueComparisonResult &result = *report.result;
  const GemmShape &shape = report.shape;
  if (const DeviceInfo *device = report.device)
    os << "device   : " << device->name << " (" << device->getArchName()
       << ", " << device->multiprocessorCount << " SMs, L2 "
       << (device->l2CacheBytes >> 20) << " MiB, driver "
       << device->driverVersion / 1000 << "."
       << device->driverVersion % 1000 / 10 << ", cuBLAS "
       << result.cublasVersion << ", cuBLASLt " << result.cublasLtVersion
       << ")\n";
  os << "kernel   : " << spec.name << " from " << report.bundlePath << " ("
     << getImageKindName(result.kernelInfo.imageKind) << ", " << spec.chipName
     << ", " << result.kernelInfo.registersPerThread << " regs";
  if (!result.stagedOperands.empty())
    os << ", staged for TMA (timed): " << result.stagedOperands;
  if (result.launchedKernel != spec.name)
    os << ", ran its whole-tile variant " << result.launchedKernel;
  os << ")\n";
  os << "epilogue : " << spec.epilogue.describe();
  if (spec.epilogue.bias == EpilogueBias::Column)
    os << " (bias[col], N = " << shape.n
       << " entries: cuBLASLt's bias per row of its column-major D)";
  else if (spec.epilogue.bias == EpilogueBias::Row)
    os << " (bias[row], M = " << shape.m << " entries)";
  os << "\n";
  os << "shape    : M=" << shape.m << " N=" << shape.n << " K=" << shape.k
     << "  lda=" << shape.lda << " ldb=" << shape.ldb << " ldc=" << shape.ldc
     << "\n";
  os << "types    : A=" << getElementTypeName(spec.aType)
     << " B=" << getElementTypeName(spec.bType)
     << " C=D=bias=" << getElementTypeName(spec.cType)
     << " accumulator=" << getElementTypeName(spec.accumulatorType)
     << "; tolerance " << format("%.1e", result.tolerance)
     << " (rel. Frobenius)\n";
  if (result.find(EpiloguePipeline::Fused)->timing)
    os << "timing   : median of " << report.options.timedRuns
       << " interleaved runs each (" << report.options.warmupRuns
       << " warm-up), CUDA events, L2 flushed before each run ("
       << (result.l2FlushBytes >> 20)
       << " MiB), cuBLAS/cuBLASLt workspace 32 MiB\n";
  else
    os << "timing   : none (--no-timing)\n";
  os << "\n| pipeline | what ran | median ms | TFLOP/s | vs fp64 | vs fused "
        "(whole D) | gemm-opt speedup |\n"
     << "|---|---|---|---|---|---|---|\n";
  double flops = shape.getFlops();
  for (const PipelineResult &entry : result.pipelines) {
    os << "| " << getEpiloguePipelineName(entry.pipeline) << " | ";
    if (!entry.isAvailable()) {
      os << entry.description << ": not run (" << entry.unavailable
         << ") | - | - | - | - | n/a |\n";
      continue;
    }
    os << entry.description << " | ";
    if (entry.timing) {
      os << format("%.4f", entry.timing->medianMs) << " | ";
      if (entry.pipeline == EpiloguePipeline::BiasActivation)
        os << format("(%.0f GB/s)",
                     getBiasActivationBytes(report) /
                         (entry.timing->medianMs * 1e-3) / 1e9);
      else
        os << format("%.1f", getTflops(flops, entry.timing->medianMs));
    } else {
      os << "- | -";
    }
    os << " | " << formatMetric(entry.vsFp64) << " | "
       << formatMetric(entry.vsFused) << " | ";
    if (entry.pipeline == EpiloguePipeline::Fused ||
        entry.pipeline == EpiloguePipeline::BiasActivation)
      os << "-";
    else
      os << formatSpeedup(result.getSpeedup(entry.pipeline),
                          getSpeedupTarget(entry.pipeline));
    os << " |\n";
  }
  os << "\n";
  if (result.clobberedPadding)
    os << "padding  : the fused kernel overwrote " << result.clobberedPadding
       << " entries of D outside M x N (ldc padding)  FAIL\n";
  os << "speedup  : reference median / fused median (> 1: gemm-opt faster)\n";
  os << "result   : " << passFail(result.passed()) << "\n";
}

json::Value toJSON(const EpilogueComparisonReport &report) {
  const KernelSpec &spec = *report.spec;
  const EpilogueComparisonResult &result = *report.result;
  const GemmShape &shape = report.shape;
  bool passed = result.passed();
  double flops = shape.getFlops();

  json::Array pipelines;
  for (const PipelineResult &entry : result.pipelines) {
    json::Object object{
        {"name", getEpiloguePipelineName(entry.pipeline)},
        {"description", entry.description},
        {"available", entry.isAvailable()},
        {"vs_fp64", optionalMetricJSON(entry.vsFp64)},
        {"vs_fused", optionalMetricJSON(entry.vsFused)}};
    if (!entry.isAvailable())
      object["unavailable"] = entry.unavailable;
    if (entry.timing)
      object["timing"] =
          json::Object{{"median_ms", entry.timing->medianMs},
                       {"min_ms", entry.timing->minMs},
                       {"max_ms", entry.timing->maxMs},
                       {"mean_ms", entry.timing->meanMs},
                       {"runs", entry.timing->runs},
                       {"tflops", getTflops(flops, entry.timing->medianMs)}};
    else
      object["timing"] = nullptr;
    if (entry.pipeline != EpiloguePipeline::Fused &&
        entry.pipeline != EpiloguePipeline::BiasActivation)
      object["speedup"] = optionalNumber(result.getSpeedup(entry.pipeline));
    pipelines.push_back(std::move(object));
  }
  auto target = [&](EpiloguePipeline pipeline) -> json::Value {
    std::optional<double> speedup = result.getSpeedup(pipeline);
    double goal = *getSpeedupTarget(pipeline);
    return json::Object{{"target", goal},
                        {"speedup", optionalNumber(speedup)},
                        {"met", speedup ? json::Value(*speedup >= goal)
                                        : json::Value(nullptr)}};
  };

  json::Object out{
      {"format", EpilogueComparisonFormatName},
      {"status", passed ? "pass" : "fail"},
      {"exit_code", static_cast<int>(passed ? ExitPass : ExitMismatch)},
      {"input", report.input},
      {"bundle", report.bundlePath},
      {"kernel", spec.name},
      {"launched", result.launchedKernel},
      {"epilogue", spec.epilogue.describe()},
      {"registers_per_thread", result.kernelInfo.registersPerThread},
      {"shape", json::Object{{"m", shape.m},
                             {"n", shape.n},
                             {"k", shape.k},
                             {"lda", shape.lda},
                             {"ldb", shape.ldb},
                             {"ldc", shape.ldc}}},
      {"types", json::Object{{"a", getElementTypeName(spec.aType)},
                             {"b", getElementTypeName(spec.bType)},
                             {"c", getElementTypeName(spec.cType)}}},
      {"seed", static_cast<int64_t>(report.options.seed)},
      {"tolerance", result.tolerance},
      {"clobbered_padding", result.clobberedPadding},
      {"warmup_runs", report.options.warmupRuns},
      {"l2_flush_bytes", static_cast<int64_t>(result.l2FlushBytes)},
      {"pipelines", std::move(pipelines)},
      {"ratio_to_unfused",
       optionalNumber(result.getSpeedup(EpiloguePipeline::Unfused))},
      {"ratio_to_cublaslt",
       optionalNumber(result.getSpeedup(EpiloguePipeline::CublasLt))},
      {"ratio_to_cublas_gemm",
       optionalNumber(result.getSpeedup(EpiloguePipeline::CublasGemm))},
      {"targets", json::Object{{"unfused", target(EpiloguePipeline::Unfused)},
                               {"cublaslt",
                                target(EpiloguePipeline::CublasLt)}}}};
  if (const DeviceInfo *device = report.device)
    out["device"] = json::Object{{"name", device->name},
                                 {"arch", device->getArchName()},
                                 {"multiprocessors",
                                  device->multiprocessorCount},
                                 {"l2_bytes", device->l2CacheBytes},
                                 {"driver_version", device->driverVersion},
                                 {"runtime_version", device->runtimeVersion},
                                 {"cublas_version", result.cublasVersion},
                                 {"cublaslt_version",
                                  static_cast<int64_t>(
                                      result.cublasLtVersion)}};
  return std::move(out);
}

} // namespace runtime
} // namespace gemm_opt
