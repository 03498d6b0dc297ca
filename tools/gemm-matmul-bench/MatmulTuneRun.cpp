//===- MatmulTuneRun.cpp - measure a tuning library's candidates ----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "MatmulTuneRun.h"

#include "jit/MatmulSuite.h"
#include "runtime/RuntimeError.h"
#include "llvm/Support/FormatVariadic.h"

#include <functional>

using namespace llvm;
using namespace gemm_opt::runtime;

namespace gemm_opt {

Expected<json::Object>
tuneMatmulProblem(KernelLibrary &library, const MatmulProblem &problem,
                  MatmulBenchBuffers &buffers, cudaStream_t stream,
                  L2Flusher &flusher, unsigned runs, std::string &summary) {
  std::string kernelClass = getKernelClass(problem, {});
  std::vector<const LibraryProblem *> alternatives =
      library.findAlternatives(kernelClass, problem.m, problem.n, problem.k);
  if (alternatives.empty())
    return makeBadInputError("the library holds no kernel for " +
                             formatSuiteLine(problem));
  Expected<MatmulBenchInputs> inputs =
      prepareMatmulBenchInputs(problem, buffers, stream);
  if (!inputs)
    return inputs.takeError();
  jit::GemmArguments arguments = getGemmArguments(
      problem, buffers.a.data(), buffers.b.data(), buffers.c.data(), {});

  struct Measured {
    const LibraryProblem *entry;
    std::shared_ptr<jit::GemmKernel> kernel;
    json::Object record;
    bool passed = false;
  };
  std::vector<Measured> measured;
  for (const LibraryProblem *entry : alternatives) {
    Expected<std::shared_ptr<jit::GemmKernel>> kernel =
        library.getKernel(entry->kernel);
    if (!kernel)
      return kernel.takeError();
    Expected<const KernelSpec &> spec = (*kernel)->getSpec();
    if (!spec)
      return spec.takeError();
    Measured m{entry, *kernel, {}, false};
    m.record = json::Object{
        {"rank", entry->rank},
        {"candidate",
         entry->candidate.empty() ? spec->name : entry->candidate},
        {"schedule", entry->schedule},
        {"kernel_layouts", json::Array{getMatrixLayoutName(spec->layouts.a).str(),
                                       getMatrixLayoutName(spec->layouts.b).str(),
                                       getMatrixLayoutName(spec->layouts.c).str()}}};
    Expected<MatmulCheck> check =
        checkMatmulOutput(problem, *inputs, buffers, stream,
                          [&] { return m.kernel->launch(arguments, stream); });
    if (!check)
      return check.takeError();
    m.passed = check->passed();
    if (!m.passed)
      m.record["failure"] = check->failure;
    measured.push_back(std::move(m));
  }

  std::vector<TimedWork> work;
  std::vector<std::function<Error()>> bodies;
  bodies.reserve(measured.size() + 1);
  auto none = [] { return Error::success(); };
  for (Measured &m : measured)
    if (m.passed)
      bodies.push_back([&] { return m.kernel->launch(arguments, stream); });
  bodies.push_back([&] { return inputs->runCublas(buffers); });
  for (std::function<Error()> &body : bodies)
    work.push_back(TimedWork{none, body});
  TimingOptions timing;
  timing.warmupRuns = 3;
  timing.timedRuns = runs;
  Expected<std::vector<TimingStats>> stats =
      timeInterleaved(stream, flusher, timing, work);
  if (!stats)
    return stats.takeError();

  double cublasMs = stats->back().medianMs;
  json::Array candidates;
  size_t timed = 0;
  double bestMs = 0;
  std::string best;
  for (Measured &m : measured) {
    double ms = m.passed ? (*stats)[timed++].medianMs : 0.0;
    m.record["ms"] = ms;
    m.record["passed"] = m.passed;
    if (m.passed && (best.empty() || ms < bestMs)) {
      bestMs = ms;
      best = formatv("rank {0}", m.entry->rank).str();
    }
    candidates.push_back(std::move(m.record));
  }
  summary = formatv("{0}: {1} of {2} candidates pass; fastest {3} at {4:F2}x "
                    "cuBLAS",
                    formatSuiteLine(problem), timed, measured.size(),
                    best.empty() ? "none" : best,
                    bestMs > 0 ? cublasMs / bestMs : 0.0)
                .str();
  return json::Object{
      {"class", kernelClass},  {"chip", problem.chip},
      {"a", problem.aType},    {"b", problem.bType},
      {"c", problem.cType},    {"m", problem.m},
      {"n", problem.n},        {"k", problem.k},
      {"cublas_ms", cublasMs}, {"candidates", std::move(candidates)}};
}

} // namespace gemm_opt
