//===- BatchedBenchmark.cpp - Run, check and time a batched kernel --------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/BatchedBenchmark.h"

#include "runtime/BundleCapabilities.h"
#include "runtime/CublasBaseline.h"
#include "runtime/CublasReference.h"
#include "runtime/CudaStream.h"
#include "runtime/DeviceBuffer.h"
#include "runtime/KernelLaunchSetup.h"
#include "runtime/ProblemInputs.h"
#include "runtime/ProblemRun.h"
#include "runtime/ProblemUpload.h"
#include "runtime/RuntimeError.h"

#include <cstring>
#include <optional>

using namespace llvm;

namespace gemm_opt {
namespace runtime {

namespace {
/// Times the kernel (and cuBLAS) on fresh copies of the problem's inputs;
/// fills the timing fields of `result`.
Error timeBatchedProblem(const DeviceInfo &device, const KernelSpec &spec,
                         KernelModule &module, const GemmProblem &problem,
                         const BenchmarkOptions &options,
                         BenchmarkResult &result) {
  CudaStream stream;
  if (Error err = stream.create())
    return err;
  ProblemInputs inputs(problem, options.seed);
  Expected<UploadedOperands> operands = uploadOperands(inputs);
  if (!operands)
    return operands.takeError();
  DeviceBuffer *a = &operands->a, *b = &operands->b, *c = &operands->c;
  Expected<KernelLaunchSetup> setup = KernelLaunchSetup::create(
      *device.driver, spec, problem.getShape(), operands->views,
      operands->getEpilogueArguments(problem.epilogue), module, result.grid,
      stream.get());
  if (!setup)
    return setup.takeError();
  auto launchKernel = [&]() { return setup->launch(); };
  auto poisonC = [&]() { return c->fill(OutputPoisonByte, stream.get()); };

  // The output of one run, to compare with the last timed run's.
  std::vector<uint8_t> first(inputs.getBuffer(Operand::C).size());
  if (Error err = poisonC())
    return err;
  if (Error err = launchKernel())
    return err;
  if (Error err = waitForKernel(stream.get(), "kernel " + spec.name))
    return err;
  if (Error err = c->copyToHost(first.data()))
    return err;

  std::optional<CublasReference> cublas;
  std::optional<DeviceBuffer> reference;
  if (options.cublasReference) {
    Expected<CublasReference> created = CublasReference::create(
        stream.get(), getCublasComputeType(spec.aType, spec.exactFp32Math));
    if (!created)
      return created.takeError();
    cublas.emplace(std::move(*created));
    result.cublasVersion = cublas->getVersion();
    Expected<DeviceBuffer> buffer = uploadBytes(inputs.getBuffer(Operand::C));
    if (!buffer)
      return buffer.takeError();
    reference.emplace(std::move(*buffer));
  }
  // cublasGemmStridedBatchedEx over the same views, into C's type, doing
  // what it can of the fused epilogue (runtime/CublasBaseline.h; C holds
  // poison there as in the kernel's timed runs: only the time counts).
  CublasBaseline baseline =
      getCublasBaseline(spec.epilogue, options.alpha, options.beta);
  result.cublasBaseline = baseline.describe();
  GemmProblem baselineProblem = problem;
  baselineProblem.epilogue.alpha = baseline.alpha;
  baselineProblem.epilogue.beta = baseline.beta;
  auto launchCublas = [&]() {
    return cublas->gemm(baselineProblem, a->data(), b->data(),
                        reference->data());
  };
  auto poisonReference = [&]() {
    return reference->fill(OutputPoisonByte, stream.get());
  };

  if (Error err = timeKernelAndCublas(
          device, stream.get(), options, spec.name,
          TimedWork{poisonC, launchKernel},
          cublas ? std::optional<TimedWork>(
                       TimedWork{poisonReference, launchCublas})
                 : std::nullopt,
          result))
    return err;

  std::vector<uint8_t> last(first.size());
  if (Error err = c->copyToHost(last.data()))
    return err;
  result.repeatIdentical = first == last;
  return Error::success();
}
} // namespace

Expected<BenchmarkResult>
runBatchedBenchmark(const DeviceInfo &device, const KernelSpec &spec,
                    const KernelImages &images, GemmProblem problem,
                    const BenchmarkOptions &options) {
  // A fused epilogue runs with options.alpha and .beta, a random bias and
  // residual; the checks and the reference include it.
  problem.epilogue =
      getProblemEpilogue(spec.epilogue, options.alpha, options.beta);
  // The residual, where the kernel adds one, starts options.residualOffset
  // elements into its buffer.
  if (problem.epilogue.residual)
    problem.residualOffset = options.residualOffset;
  ProblemRunOptions runOptions;
  runOptions.seed = options.seed;
  runOptions.cublasReference = options.cublasReference;
  runOptions.fp64RandomSamples = options.fp64RandomSamples;
  Expected<ProblemRunResult> run = runProblem(
      device, spec, getKernelCapabilities(spec), images, problem, runOptions);
  if (!run)
    return run.takeError();
  BenchmarkResult result;
  result.grid = run->grid;
  result.vsCublas = run->vsCublas;
  result.vsFp64 = run->vsFp64;
  result.clobberedPadding = run->clobberedElements;
  result.stagedOperands = run->stagedOperands;

  Expected<LoadedGemmKernel> kernel =
      loadGemmKernel(spec, images, device, problem.getShape());
  if (!kernel)
    return kernel.takeError();
  result.kernelInfo = kernel->module.getInfo(run->wholeTileVariant);
  result.launchedKernel = run->launchedKernel;
  if (!options.timing)
    return std::move(result);
  if (Error err = timeBatchedProblem(device, spec, kernel->module, problem,
                                     options, result))
    return std::move(err);
  return std::move(result);
}

} // namespace runtime
} // namespace gemm_opt
