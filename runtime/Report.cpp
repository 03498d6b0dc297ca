//===- Report.cpp - Human and JSON reports of a benchmark -----------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/Report.h"

#include "runtime/bundle/OutputFile.h"

#include "runtime/CublasReference.h"
#include "runtime/RuntimeError.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>

using namespace llvm;

namespace gemm_opt {
namespace runtime {

namespace {
const char *passFail(bool passed) { return passed ? "PASS" : "FAIL"; }

std::string formatError(double value) {
  if (!std::isfinite(value))
    return "nan";
  std::string text;
  raw_string_ostream(text) << format("%.3e", value);
  return text;
}

/// A double for JSON; NaN / Inf become null.
json::Value number(double value) {
  if (!std::isfinite(value))
    return nullptr;
  return value;
}

json::Value dim3(const std::array<unsigned, 3> &dims) {
  return json::Array{dims[0], dims[1], dims[2]};
}

void printMetric(raw_ostream &os, StringRef label, const ErrorMetric &metric) {
  os << label << "rel. Frobenius error "
     << formatError(metric.relativeFrobenius) << " (tolerance "
     << formatError(metric.tolerance) << ", " << metric.count
     << " entries, max abs error " << formatError(metric.maxAbsError) << ")";
  if (metric.nonFiniteCount)
    os << ", " << metric.nonFiniteCount << " NaN/Inf in output";
  os << "  " << passFail(metric.passed) << "\n";
}


json::Value timingJSON(const TimingStats &stats, double flops) {
  return json::Object{{"median_ms", stats.medianMs},
                      {"min_ms", stats.minMs},
                      {"max_ms", stats.maxMs},
                      {"mean_ms", stats.meanMs},
                      {"runs", stats.runs},
                      {"tflops", getTflops(flops, stats.medianMs)}};
}

/// gemm-opt throughput over cuBLAS throughput.
double getRatio(const TimingStats &mine, const TimingStats &cublas) {
  return mine.medianMs > 0 ? cublas.medianMs / mine.medianMs : 0.0;
}

void printTiming(raw_ostream &os, StringRef label, const TimingStats &stats,
                 double flops) {
  os << label << format("%.4f", stats.medianMs) << " ms  "
     << format("%.1f", getTflops(flops, stats.medianMs)) << " TFLOP/s"
     << "  (median of " << stats.runs << ", min " << format("%.4f", stats.minMs)
     << ", max " << format("%.4f", stats.maxMs) << ")\n";
}

/// The scaling and cuBLASLt lines of an FP8 kernel's report.
void printScaledDetails(raw_ostream &os, const ScaledGemmDetails &scaled) {
  os << "scaling  : " << scaled.scaling << "; "
     << getFp8InputDistributionName(scaled.inputs)
     << " 8-bit inputs, random scales per tensor, row, column or block\n";
  if (!scaled.noCublasLtAnchor.empty())
    os << "cuBLASLt : no anchor: " << scaled.noCublasLtAnchor
       << "; checked against fp64 alone\n";
  else if (!scaled.cublasLtScaleModes.empty())
    os << "cuBLASLt : FP8 matmul with " << scaled.cublasLtScaleModes << " ("
       << scaled.cublasLtAlgorithm << ")\n";
  if (scaled.scaleD)
    os << "output   : e4m3 = saturate(D * scale_d), scale_d "
       << format("%.6g", *scaled.scaleD) << "; checked after dequantization\n";
  if (scaled.amax)
    printAmaxCheck(os, *scaled.amax, scaled.amaxRefusal);
}

/// An FP8 kernel's "scaling" object of the JSON result.
json::Value scaledJSON(const ScalingSpec &scaling,
                       const ScaledGemmDetails &scaled) {
  auto orNull = [](const std::string &text) {
    return text.empty() ? json::Value(nullptr) : json::Value(text);
  };
  return json::Object{
      {"a", getScaleModeName(scaling.a)},
      {"b", getScaleModeName(scaling.b)},
      {"fast_accumulation", scaling.fastAccumulation},
      {"inputs", getFp8InputDistributionName(scaled.inputs)},
      {"cublaslt_scale_modes", orNull(scaled.cublasLtScaleModes)},
      {"cublaslt_algorithm", orNull(scaled.cublasLtAlgorithm)},
      {"no_cublaslt_anchor", orNull(scaled.noCublasLtAnchor)},
      {"scale_d", scaled.scaleD ? json::Value(double(*scaled.scaleD))
                                : json::Value(nullptr)},
      {"amax", scaled.amax ? amaxJSON(*scaled.amax) : json::Value(nullptr)}};
}

json::Value shapeJSON(const GemmShape &shape) {
  json::Object object{
      {"m", shape.m},
      {"n", shape.n},
      {"k", shape.k},
      {"lda", shape.lda},
      {"ldb", shape.ldb},
      {"ldc", shape.ldc},
      {"batch", shape.batch},
      {"layouts",
       json::Object{{"a", getMatrixLayoutName(shape.layouts.a)},
                    {"b", getMatrixLayoutName(shape.layouts.b)},
                    {"c", getMatrixLayoutName(shape.layouts.c)}}}};
  if (shape.batch > 1)
    object["batch_strides"] = json::Object{{"a", shape.batchStrideA},
                                           {"b", shape.batchStrideB},
                                           {"c", shape.batchStrideC}};
  return object;
}
} // namespace

json::Value metricJSON(const ErrorMetric &metric) {
  return json::Object{{"relative_frobenius", number(metric.relativeFrobenius)},
                      {"max_abs_error", number(metric.maxAbsError)},
                      {"entries", metric.count},
                      {"non_finite", metric.nonFiniteCount},
                      {"tolerance", metric.tolerance},
                      {"pass", metric.passed}};
}

void printAmaxCheck(raw_ostream &os, const AmaxCheck &amax,
                    StringRef cublasRefusal) {
  os << "amax     : " << format("%.9g", amax.kernel) << ", largest |C| "
     << format("%.9g", amax.largestStored)
     << (amax.consistentWithC ? " (consistent)" : " (inconsistent)");
  if (amax.cublas)
    os << ", cuBLASLt " << format("%.9g", *amax.cublas)
       << (amax.matchesCublasExactly ? " (bit-identical)" : "");
  else if (!cublasRefusal.empty())
    os << ", cuBLASLt computes none (" << cublasRefusal << ")";
  else
    os << ", cuBLASLt not compared";
  os << "  " << passFail(amax.passed);
  if (!amax.passed)
    os << ": " << amax.failure;
  os << "\n";
}

json::Value amaxJSON(const AmaxCheck &amax) {
  return json::Object{{"kernel", double(amax.kernel)},
                      {"cublaslt", amax.cublas
                                       ? json::Value(double(*amax.cublas))
                                       : json::Value(nullptr)},
                      {"largest_stored", double(amax.largestStored)},
                      {"consistent_with_c", amax.consistentWithC},
                      {"bit_identical_to_cublaslt", amax.matchesCublasExactly},
                      {"pass", amax.passed}};
}

void printReport(raw_ostream &os, const RunReport &report) {
  const DeviceInfo &device = *report.device;
  const KernelSpec &spec = *report.spec;
  const BenchmarkResult &result = *report.result;
  const GemmShape &shape = report.shape;
  const KernelFunctionInfo &info = result.kernelInfo;

  os << "device   : " << device.name << " (" << device.getArchName() << ", "
     << device.multiprocessorCount << " SMs, L2 " << (device.l2CacheBytes >> 20)
     << " MiB, driver " << device.driverVersion / 1000 << "."
     << device.driverVersion % 1000 / 10 << ")\n";
  os << "kernel   : " << spec.name << " from " << report.bundlePath << " ("
     << getImageKindName(info.imageKind) << ", " << spec.chipName << ")\n";
  if (!result.launchedKernel.empty() && result.launchedKernel != spec.name)
    os << "variant  : ran its whole-tile variant " << result.launchedKernel
       << " (the block tile divides the shape and every operand is "
       << spec.wholeTileVariant->minAlignmentBytes << "-byte aligned)\n";
  else if (spec.wholeTileVariant)
    os << "variant  : ran the any-shape kernel (its whole-tile variant "
       << spec.wholeTileVariant->name
       << " needs the block tile to divide the shape and "
       << spec.wholeTileVariant->minAlignmentBytes
       << "-byte aligned operands)\n";
  if (spec.aType == ElementType::F32)
    os << "math     : "
       << (spec.exactFp32Math ? "fp32 (ffma)" : "tf32 (f32 inputs on tensor cores)")
       << "; cuBLAS reference and timing with "
       << getCublasComputeTypeName(
              getCublasComputeType(spec.aType, spec.exactFp32Math))
       << "\n";
  if (spec.epilogue.hasFusedOperations()) {
    os << "epilogue : " << spec.epilogue.describe();
    if (spec.epilogue.alphaBeta)
      os << " (alpha " << report.options.alpha << ", beta "
         << report.options.beta << ")";
    if (spec.epilogue.residual && report.options.residualOffset != 0)
      os << " (residual at offset " << report.options.residualOffset << ")";
    os << "; references apply it in fp64"
       << (result.scaled ? "\n" : " (cuBLAS timing is the plain GEMM)\n");
  }
  if (result.scaled)
    printScaledDetails(os, *result.scaled);
  os << "launch   : grid " << result.grid.dims[0] << "x" << result.grid.dims[1]
     << "x" << result.grid.dims[2];
  if (spec.persistentGrid)
    os << " (persistent over " << result.grid.persistentTiles << " tiles)";
  if (!result.stagedOperands.empty())
    os << ", staged for TMA (timed): " << result.stagedOperands;
  os << ", block " << spec.block[0] << "x" << spec.block[1] << "x"
     << spec.block[2];
  if (spec.hasCluster())
    os << ", cluster " << spec.cluster[0] << "x" << spec.cluster[1] << "x"
       << spec.cluster[2];
  os << ", " << spec.dynamicSharedMemoryBytes << " B dynamic smem, "
     << info.registersPerThread << " regs, " << info.localBytesPerThread
     << " B local";
  if (info.activeBlocksPerMultiprocessor)
    os << ", " << info.activeBlocksPerMultiprocessor << " block(s)/SM";
  if (info.activeClusters)
    os << ", " << info.activeClusters << " cluster(s)/GPU";
  os << "\n";
  if (spec.hasTensorMaps()) {
    os << "tma      :";
    for (const KernelParamSpec &param : spec.parameters) {
      if (!param.isTensorMap())
        continue;
      const TensorMapSpec &map = param.tensorMap;
      os << " " << getParamOperandName(param) << " ("
         << getTensorMapPassingName(map.passing) << ", box " << map.box[0]
         << "x" << map.box[1];
      if (map.rank == 3)
        os << "x" << map.box[2];
      os << ", swizzle " << map.swizzleBytes << ")";
    }
    os << "\n";
  }
  os << "shape    : M=" << shape.m << " N=" << shape.n << " K=" << shape.k
     << "  lda=" << shape.lda << " ldb=" << shape.ldb << " ldc=" << shape.ldc
     << "  layouts " << shape.layouts.str() << "\n";
  if (shape.batch > 1 || spec.stridedBatch)
    os << "batch    : " << shape.batch << " entries, batch strides A="
       << shape.batchStrideA << " B=" << shape.batchStrideB
       << " C=" << shape.batchStrideC
       << " elements (checks and TFLOP/s cover every entry)\n";
  os << "types    : A=" << getElementTypeName(spec.aType)
     << " B=" << getElementTypeName(spec.bType)
     << " C=" << getElementTypeName(spec.cType)
     << " accumulator=" << getElementTypeName(spec.accumulatorType);
  if (spec.tile)
    os << "  tile " << spec.tile->m << "x" << spec.tile->n << "x"
       << spec.tile->k;
  os << "\n";
  if (result.vsCublas)
    printMetric(os, "vs cuBLAS: ", *result.vsCublas);
  else if (result.scaled && !result.scaled->noCublasLtAnchor.empty())
    os << "vs cuBLAS: none (no cuBLASLt anchor, see cuBLASLt above): checked "
          "against fp64 alone\n";
  else
    os << "vs cuBLAS: skipped (--no-cublas)\n";
  printMetric(os, "vs fp64  : ", result.vsFp64);
  if (result.toleranceFactor >= 1.005)
    os << "note     : tolerances x" << format("%.3g", result.toleranceFactor)
       << ": the sums of products cancel, or the activation squashes its "
          "input or rounds in f32 (getToleranceFactor)\n";
  if (result.clobberedPadding)
    os << "padding  : the kernel overwrote " << result.clobberedPadding
       << " entries of C outside M x N (ldc padding"
       << (shape.batch > 1 ? ", gaps between batch entries" : "")
       << ")  FAIL\n";
  if (result.kernelTiming) {
    double flops = shape.getFlops();
    // An FP8 kernel is timed against cuBLASLt's FP8 matmul.
    StringRef library = result.scaled ? "cuBLASLt" : "cuBLAS";
    std::string label =
        (library + std::string(9 - library.size(), ' ') + ": ").str();
    printTiming(os, "gemm-opt : ", *result.kernelTiming, flops);
    if (result.cublasTiming) {
      printTiming(os, label, *result.cublasTiming, flops);
      if (result.cublasBaseline != "A·B")
        os << "baseline : " << library << " computed " << result.cublasBaseline
           << " (what it can do of the fused epilogue)\n";
      os << "ratio    : "
         << format("%.3f", getRatio(*result.kernelTiming, *result.cublasTiming))
         << "x " << library << " throughput";
    } else {
      os << label << "not timed ("
         << (result.scaled && !result.scaled->noCublasLtAnchor.empty()
                 ? "no cuBLASLt FP8 matmul for these scale modes"
                 : "--no-cublas")
         << ")\n"
         << "timing   :";
    }
    os << " (L2 flushed before each run, " << (result.l2FlushBytes >> 20)
       << " MiB)\n";
    if (result.repeatIdentical && !*result.repeatIdentical)
      os << "note     : the last timed run's output differs bitwise from the "
            "checked run (non-deterministic kernel or a race?)\n";
  }
  os << "result   : " << passFail(result.passed()) << "\n";
}

json::Value toJSON(const RunReport &report) {
  const DeviceInfo &device = *report.device;
  const KernelSpec &spec = *report.spec;
  const BenchmarkResult &result = *report.result;
  const KernelFunctionInfo &info = result.kernelInfo;
  bool passed = result.passed();

  json::Object kernel{
      {"name", spec.name},
      {"launched", result.launchedKernel.empty() ? spec.name
                                                 : result.launchedKernel},
      {"bundle", report.bundlePath},
      {"image", getImageKindName(info.imageKind)},
      {"chip", spec.chipName},
      {"epilogue", spec.epilogue.describe()},
      {"grid", dim3(result.grid.dims)},
      {"block", dim3(spec.block)},
      {"cluster", dim3(spec.cluster)},
      {"dynamic_shared_memory_bytes", spec.dynamicSharedMemoryBytes},
      {"registers_per_thread", info.registersPerThread},
      {"local_bytes_per_thread", info.localBytesPerThread},
      {"static_shared_memory_bytes", info.staticSharedBytes},
      {"blocks_per_sm", info.activeBlocksPerMultiprocessor}};
  if (spec.hasCluster())
    kernel["clusters_per_gpu"] = info.activeClusters;
  if (!result.stagedOperands.empty())
    kernel["staged_operands"] = result.stagedOperands;
  if (spec.stridedBatch)
    kernel["batched"] = true;
  if (spec.persistentGrid)
    kernel["persistent"] =
        json::Object{{"ctas_per_sm", spec.persistentGrid->ctasPerSm},
                     {"tiles", result.grid.persistentTiles}};
  if (spec.hasTensorMaps()) {
    json::Array maps;
    for (const KernelParamSpec &param : spec.parameters)
      if (param.isTensorMap())
        maps.push_back(json::Object{
            {"operand", getParamOperandName(param)},
            {"pass", getTensorMapPassingName(param.tensorMap.passing)},
            {"box", param.tensorMap.rank == 3
                        ? json::Array{param.tensorMap.box[0],
                                      param.tensorMap.box[1],
                                      param.tensorMap.box[2]}
                        : json::Array{param.tensorMap.box[0],
                                      param.tensorMap.box[1]}},
            {"swizzle", param.tensorMap.swizzleBytes}});
    kernel["tensor_maps"] = std::move(maps);
  }
  if (spec.tile)
    kernel["tile"] = json::Object{
        {"m", spec.tile->m}, {"n", spec.tile->n}, {"k", spec.tile->k}};

  json::Object validation{{"vs_cublas", result.vsCublas
                                            ? metricJSON(*result.vsCublas)
                                            : json::Value(nullptr)},
                          {"vs_fp64", metricJSON(result.vsFp64)},
                          {"clobbered_padding", result.clobberedPadding},
                          {"tolerance_factor", result.toleranceFactor},
                          {"pass", passed}};

  json::Object out{
      {"format", ResultFormatName},
      {"status", passed ? "pass" : "fail"},
      {"exit_code", static_cast<int>(passed ? ExitPass : ExitMismatch)},
      {"input", report.input},
      {"device", json::Object{{"name", device.name},
                              {"arch", device.getArchName()},
                              {"multiprocessors", device.multiprocessorCount},
                              {"l2_bytes", device.l2CacheBytes},
                              {"driver_version", device.driverVersion},
                              {"runtime_version", device.runtimeVersion},
                              {"cublas_version", result.cublasVersion}}},
      {"cublas_compute", getCublasComputeTypeName(getCublasComputeType(
                             spec.aType, spec.exactFp32Math))},
      {"kernel", std::move(kernel)},
      {"shape", shapeJSON(report.shape)},
      {"types",
       json::Object{{"a", getElementTypeName(spec.aType)},
                    {"b", getElementTypeName(spec.bType)},
                    {"c", getElementTypeName(spec.cType)},
                    {"accumulator", getElementTypeName(spec.accumulatorType)}}},
      {"seed", static_cast<int64_t>(report.options.seed)},
      {"validation", std::move(validation)}};
  // Only where there is one, as the text report shows it, so that the
  // results of runs without one keep their form.
  if (spec.epilogue.residual && report.options.residualOffset != 0)
    out["residual_offset"] = report.options.residualOffset;
  // An FP8 kernel: its scale modes, and what cuBLASLt (whose results the
  // "cublas" fields hold) ran.
  if (spec.scaling && result.scaled)
    out["scaling"] = scaledJSON(*spec.scaling, *result.scaled);

  if (result.kernelTiming) {
    double flops = report.shape.getFlops();
    json::Object timing{
        {"gemm_opt", timingJSON(*result.kernelTiming, flops)},
        {"cublas", result.cublasTiming ? timingJSON(*result.cublasTiming, flops)
                                       : json::Value(nullptr)},
        {"ratio_to_cublas",
         result.cublasTiming
             ? json::Value(getRatio(*result.kernelTiming, *result.cublasTiming))
             : json::Value(nullptr)},
        {"cublas_computes",
         result.cublasTiming ? json::Value(result.cublasBaseline)
                             : json::Value(nullptr)},
        {"warmup_runs", report.options.warmupRuns},
        {"l2_flush_bytes", static_cast<int64_t>(result.l2FlushBytes)}};
    if (result.repeatIdentical)
      timing["repeat_identical"] = *result.repeatIdentical;
    out["timing"] = std::move(timing);
  } else {
    out["timing"] = nullptr;
  }
  return std::move(out);
}

json::Value makeErrorJSON(StringRef input, const GemmShape &shape, int exitCode,
                          StringRef message) {
  return json::Object{{"format", ResultFormatName}, {"status", "error"},
                      {"exit_code", exitCode},      {"input", input.str()},
                      {"shape", shapeJSON(shape)},  {"error", message.str()}};
}

Error writeJSONFile(StringRef path, const json::Value &value) {
  return writeOutputFile(path, formatv("{0:2}", value).str() + "\n");
}

} // namespace runtime
} // namespace gemm_opt
