//===- gemm-matmul-bench.cpp - gemm_opt::matmul against cuBLAS ------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//   gemm-matmul-bench --library DIR [--suite public|FILE] [--runs 20]
//                     [--match REGEX]
//
// For every problem of the suite (jit/MatmulSuite.h), through
// gemm_opt::matmul with a handle holding only the kernel library (no LLVM
// in this program):
//   - checks: inputs seeded uniform in [-1, 1], C poisoned (NaN) before
//     the run; no NaN or Inf anywhere in C; the relative error at sampled
//     entries (4096 random, the corners, the last row and column) against
//     fp64 and against cuBLAS on the same inputs;
//   - times matmul and cuBLAS (cublasGemmEx, 32 MiB workspace; tf32:
//     CUBLAS_COMPUTE_32F_FAST_TF32, f32: CUBLAS_COMPUTE_32F) alternating,
//     L2 flushed before each run, CUDA events, the median of --runs;
//   - for M <= 16 the rate at which the weights (B) are read, against the
//     device-to-device copy bandwidth measured in the same run.
// Prints a markdown table and a summary: the geometric mean of the ratios,
// the lowest, and the failures. Exit codes: 0 all checked, 1 a check
// failed, 2 bad input, 3 no GPU.
//
//===----------------------------------------------------------------------===//

#include "MatmulBenchProblem.h"
#include "MatmulTuneRun.h"

#include "jit/MatmulHandle.h"
#include "jit/MatmulSuite.h"
#include "runtime/CublasReference.h"
#include "runtime/CudaStream.h"
#include "runtime/Device.h"
#include "runtime/RuntimeError.h"
#include "runtime/Timing.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cmath>

using namespace llvm;
using namespace gemm_opt;
using namespace gemm_opt::runtime;

static cl::opt<std::string> libraryPath("library", cl::Required,
                                        cl::desc("Kernel library directory"));
static cl::opt<std::string> suitePath("suite", cl::init("public"),
                                      cl::desc("'public' or a suite file"));
static cl::opt<unsigned> runs("runs", cl::init(20),
                              cl::desc("Timed runs of each side"));
static cl::opt<std::string>
    tunePath("tune", cl::init(""),
             cl::desc("Measure every candidate of a tuning library "
                      "(gemm-opt-build-library --top) and write the "
                      "measurements to this file"));
static cl::opt<std::string> match("match", cl::init(""),
                                  cl::desc("Only problems whose suite line "
                                           "matches this regular expression"));

/// Device-to-device copy bandwidth (bytes read + written per second):
/// cudaMemcpyAsync of 2 GiB, median of 10.
static Expected<double> measureCopyBandwidth(cudaStream_t stream,
                                             L2Flusher &flusher) {
  constexpr size_t bytes = size_t(2) << 30;
  Expected<DeviceBuffer> from = DeviceBuffer::allocate(bytes);
  if (!from)
    return from.takeError();
  Expected<DeviceBuffer> to = DeviceBuffer::allocate(bytes);
  if (!to)
    return to.takeError();
  TimingOptions options;
  options.warmupRuns = 2;
  options.timedRuns = 10;
  Expected<TimingStats> stats = timeOnStream(
      stream, flusher, options, [] { return Error::success(); },
      [&]() -> Error {
        if (cudaMemcpyAsync(to->data(), from->data(), bytes,
                            cudaMemcpyDeviceToDevice, stream) != cudaSuccess)
          return makeCudaFailureError("cudaMemcpyAsync failed");
        return Error::success();
      });
  if (!stats)
    return stats.takeError();
  return 2.0 * double(bytes) / (stats->medianMs * 1e-3);
}

namespace {
struct Row {
  std::string line, kernel, origin;
  double oursTflops = 0, cublasTflops = 0, ratio = 0;
  double weightBandwidth = 0; ///< Bytes of B per second; M <= 16 only.
  double errorFp64 = 0, errorCublas = 0;
  bool passed = false;
  std::string failure;
};
} // namespace

static void printRow(const Row &r, double copyBandwidth) {
  std::string weights =
      r.weightBandwidth > 0
          ? formatv("{0:F0} GB/s ({1:F2} of copy)", r.weightBandwidth * 1e-9,
                    r.weightBandwidth / copyBandwidth)
                .str()
          : std::string("");
  outs() << formatv("| {0} | {1:F1} | {2:F1} | {3:F3} | {4} | {5:e} | {6:e} | "
                    "{7} | {8} |\n",
                    r.line, r.oursTflops, r.cublasTflops, r.ratio, weights,
                    r.errorFp64, r.errorCublas,
                    r.passed ? "pass" : "FAIL: " + r.failure, r.kernel);
  outs().flush();
}

/// Prints the host time of a warm matmul() call and of a plan's run(),
/// each the median over 2000 calls enqueued back to back on `problem`.
static Error reportHostCost(MatmulHandle &handle, const MatmulProblem &problem,
                            MatmulBenchBuffers &buffers, cudaStream_t stream) {
  Expected<std::shared_ptr<const MatmulPlan>> plan = handle.plan(problem);
  if (!plan)
    return plan.takeError();
  auto measure = [&](function_ref<Error()> call) -> Expected<double> {
    std::vector<double> samples;
    for (int i = 0; i < 2000; ++i) {
      auto start = std::chrono::steady_clock::now();
      if (Error error = call())
        return std::move(error);
      samples.push_back(std::chrono::duration<double, std::micro>(
                            std::chrono::steady_clock::now() - start)
                            .count());
      // Keep the queue short: the launch, not a full queue, is measured.
      if (i % 64 == 63)
        if (Error error = waitForKernel(stream, "matmul"))
          return std::move(error);
    }
    if (Error error = waitForKernel(stream, "matmul"))
      return std::move(error);
    std::nth_element(samples.begin(), samples.begin() + samples.size() / 2,
                     samples.end());
    return samples[samples.size() / 2];
  };
  Expected<double> viaMatmul = measure([&] {
    return matmul(handle, problem, buffers.a.data(), buffers.b.data(),
                  buffers.c.data(), {}, stream);
  });
  if (!viaMatmul)
    return viaMatmul.takeError();
  Expected<double> viaPlan = measure([&] {
    return (*plan)->run(buffers.a.data(), buffers.b.data(), buffers.c.data(),
                        {}, stream);
  });
  if (!viaPlan)
    return viaPlan.takeError();
  outs() << formatv("\nhost time of a warm call ({0}), median of 2000: "
                    "matmul() {1:F1} us, MatmulPlan::run() {2:F1} us\n",
                    formatSuiteLine(problem), *viaMatmul, *viaPlan);
  return Error::success();
}

/// --tune: every problem's candidates measured into `tunePath`. The file is
/// rewritten after each problem (to a temporary file, then renamed), so a
/// run cut short, by a time limit say, keeps what it measured.
static int runTuning(MatmulHandle &handle, std::vector<MatmulProblem> problems,
                     const std::string &chip, const std::string &deviceName,
                     MatmulBenchBuffers &buffers, cudaStream_t stream,
                     L2Flusher &flusher) {
  KernelLibrary *library = handle.getLibrary();
  json::Array measured;
  auto save = [&]() -> Error {
    json::Object file{{"format", "gemm-opt-matmul-measurements-1"},
                      {"device", deviceName},
                      {"problems", json::Array(measured)}};
    return writeToOutput(tunePath, [&](raw_ostream &os) {
      os << formatv("{0:2}", json::Value(std::move(file))) << "\n";
      return Error::success();
    });
  };
  auto failWrite = [](Error error) {
    WithColor::error(errs(), "gemm-matmul-bench")
        << tunePath << ": " << toString(std::move(error)) << "\n";
    return 2;
  };
  unsigned failures = 0;
  for (MatmulProblem &problem : problems) {
    problem.chip = chip;
    std::string summary;
    Expected<json::Object> record = tuneMatmulProblem(
        *library, problem, buffers, stream, flusher, runs, summary);
    if (!record) {
      ++failures;
      outs() << formatSuiteLine(problem) << ": " << toString(record.takeError())
             << "\n";
      continue;
    }
    outs() << summary << "\n";
    outs().flush();
    measured.push_back(std::move(*record));
    if (Error error = save())
      return failWrite(std::move(error));
  }
  if (Error error = save())
    return failWrite(std::move(error));
  outs() << formatv("{0} problems measured into {1}; {2} failed\n",
                    problems.size() - failures, tunePath, failures);
  return failures ? 1 : 0;
}

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  cl::ParseCommandLineOptions(argc, argv,
                              "gemm-matmul-bench: gemm_opt::matmul against "
                              "cuBLAS over a suite\n");
  auto fail = [](Error error) {
    ErrorSummary summary = summarizeError(std::move(error));
    WithColor::error(errs(), "gemm-matmul-bench") << summary.message << "\n";
    return summary.exitCode;
  };
  Expected<std::vector<MatmulProblem>> suite = loadMatmulSuite(suitePath);
  if (!suite)
    return fail(suite.takeError());
  Regex filter(match.empty() ? std::string(".*") : std::string(match));
  if (std::string why; !filter.isValid(why))
    return fail(makeBadInputError("--match: " + why));

  Expected<DeviceInfo> device = openDevice(0);
  if (!device)
    return fail(device.takeError());
  MatmulOptions options;
  options.libraryPath = libraryPath;
  Expected<std::unique_ptr<MatmulHandle>> handle =
      MatmulHandle::create(options);
  if (!handle)
    return fail(handle.takeError());
  CudaStream stream;
  if (Error error = stream.create())
    return fail(std::move(error));
  Expected<L2Flusher> flusher = L2Flusher::create(device->l2CacheBytes);
  if (!flusher)
    return fail(flusher.takeError());
  Expected<double> copyBandwidth = measureCopyBandwidth(stream.get(), *flusher);
  if (!copyBandwidth)
    return fail(copyBandwidth.takeError());

  outs() << formatv("# gemm_opt::matmul vs cuBLAS on {0}, library {1}, "
                    "median of {2} runs, L2 flushed\n\n",
                    device->name, libraryPath, unsigned(runs));
  outs() << formatv("device-to-device copy: {0:F0} GB/s (read + write)\n\n",
                    *copyBandwidth * 1e-9);
  outs() << "| problem | ours TFLOP/s | cuBLAS TFLOP/s | ratio | weights read "
            "| rel. error vs fp64 | vs cuBLAS | check | kernel |\n"
            "|---|---|---|---|---|---|---|---|---|\n";

  // Problems sharing weights (type, layouts, N, K) run together, so each
  // weight matrix is drawn once.
  std::vector<MatmulProblem> problems;
  for (const MatmulProblem &p : *suite)
    if (filter.match(formatSuiteLine(p)))
      problems.push_back(p);
  std::stable_sort(problems.begin(), problems.end(),
                   [](const MatmulProblem &x, const MatmulProblem &y) {
                     return getWeightKey(x) < getWeightKey(y);
                   });

  MatmulBenchBuffers buffers;
  if (!tunePath.empty())
    return runTuning(**handle, problems, getTargetChip(*device), device->name,
                     buffers, stream.get(), *flusher);
  std::vector<double> ratios;
  unsigned failures = 0;
  double lowest = 1e30;
  std::string lowestLine;
  for (const MatmulProblem &problem : problems) {
    Row row;
    row.line = formatSuiteLine(problem);
    Expected<MatmulBenchResult> result = runMatmulBenchProblem(
        **handle, problem, buffers, stream.get(), *flusher, runs);
    if (!result) {
      row.failure = toString(result.takeError());
      ++failures;
      printRow(row, *copyBandwidth);
      continue;
    }
    row.kernel = result->choice.kernel;
    row.origin = result->choice.origin;
    double flops = 2.0 * problem.m * problem.n * problem.k;
    row.oursTflops = getTflops(flops, result->oursMs);
    row.cublasTflops = getTflops(flops, result->cublasMs);
    row.ratio = result->cublasMs / result->oursMs;
    if (problem.m <= 16)
      row.weightBandwidth = result->weightBytes / (result->oursMs * 1e-3);
    row.errorFp64 = result->check.vsFp64.relativeFrobenius;
    row.errorCublas = result->check.vsCublas.relativeFrobenius;
    row.passed = result->check.passed();
    row.failure = result->check.failure;
    if (!row.passed)
      ++failures;
    ratios.push_back(row.ratio);
    if (row.ratio < lowest) {
      lowest = row.ratio;
      lowestLine = row.line;
    }
    printRow(row, *copyBandwidth);
  }
  if (!problems.empty())
    if (Error error =
            reportHostCost(**handle, problems.front(), buffers, stream.get()))
      return fail(std::move(error));
  double logSum = 0;
  for (double r : ratios)
    logSum += std::log(r);
  size_t below = llvm::count_if(ratios, [](double r) { return r < 0.95; });
  outs() << formatv("\n{0} problems timed: geometric mean {1:F3}x cuBLAS, "
                    "lowest {2:F3} ({3}), {4} below 0.95; {5} failed\n",
                    ratios.size(),
                    ratios.empty() ? 0.0 : std::exp(logSum / ratios.size()),
                    ratios.empty() ? 0.0 : lowest, lowestLine, below, failures);
  return failures ? 1 : 0;
}
