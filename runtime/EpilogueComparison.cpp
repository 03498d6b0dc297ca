//===- EpilogueComparison.cpp - fused epilogue vs unfused and cuBLASLt ----===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/EpilogueComparison.h"

#include "runtime/BiasActivationKernel.h"
#include "runtime/CublasLtEpilogue.h"
#include "runtime/CublasReference.h"
#include "runtime/CudaStream.h"
#include "runtime/DeviceBuffer.h"
#include "runtime/HostMatrix.h"
#include "runtime/KernelLaunchSetup.h"
#include "runtime/KernelParams.h"
#include "runtime/RuntimeError.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <functional>

using namespace llvm;

namespace gemm_opt {
namespace runtime {

StringRef getEpiloguePipelineName(EpiloguePipeline pipeline) {
  switch (pipeline) {
  case EpiloguePipeline::Fused:
    return "fused";
  case EpiloguePipeline::Unfused:
    return "unfused";
  case EpiloguePipeline::CublasLt:
    return "cublaslt";
  case EpiloguePipeline::CublasGemm:
    return "cublas_gemm";
  case EpiloguePipeline::BiasActivation:
    return "bias_activation";
  }
  return "?";
}

bool computesEpilogue(EpiloguePipeline pipeline) {
  return pipeline == EpiloguePipeline::Fused ||
         pipeline == EpiloguePipeline::Unfused ||
         pipeline == EpiloguePipeline::CublasLt;
}

std::optional<double> getSpeedupTarget(EpiloguePipeline pipeline) {
  if (pipeline == EpiloguePipeline::Unfused)
    return UnfusedSpeedupTarget;
  if (pipeline == EpiloguePipeline::CublasLt)
    return CublasLtSpeedupTarget;
  return std::nullopt;
}

const PipelineResult *
EpilogueComparisonResult::find(EpiloguePipeline pipeline) const {
  for (const PipelineResult &result : pipelines)
    if (result.pipeline == pipeline)
      return &result;
  return nullptr;
}

std::optional<double>
EpilogueComparisonResult::getSpeedup(EpiloguePipeline reference) const {
  const PipelineResult *fused = find(EpiloguePipeline::Fused);
  const PipelineResult *other = find(reference);
  if (!fused || !other || !fused->timing || !other->timing ||
      fused->timing->medianMs <= 0.0)
    return std::nullopt;
  return other->timing->medianMs / fused->timing->medianMs;
}

bool EpilogueComparisonResult::passed() const {
  return clobberedPadding == 0 &&
         all_of(pipelines, [](const PipelineResult &result) {
           return !result.isAvailable() || result.passed();
         });
}

Error checkEpilogueComparable(const KernelSpec &spec) {
  const FusedEpilogueSpec &epilogue = spec.epilogue;
  // cuBLAS's GEMM has no 8-bit inputs; a plain run times an FP8 kernel
  // against cuBLASLt's FP8 matmul, epilogue included where it has one.
  if (spec.scaling)
    return makeBadInputError(
        "--compare-epilogue compares kernels with cuBLAS GEMMs, which have "
        "no 8-bit inputs; FP8 kernel " +
        spec.name +
        " runs without it against cuBLASLt's FP8 matmul, its bias and "
        "activation fused where cuBLASLt has them");
  if (!epilogue.hasFusedOperations())
    return makeBadInputError(
        "--compare-epilogue: kernel " + spec.name +
        " fuses no epilogue; the comparison needs a kernel with a fused bias "
        "and/or activation (e.g. examples/gemm_bf16_wgmma_bias_gelu_sm90.mlir)");
  if (epilogue.alphaBeta || epilogue.residual)
    return makeBadInputError(
        "--compare-epilogue covers bias and activation epilogues; kernel " +
        spec.name + " also fuses " +
        (epilogue.alphaBeta ? (epilogue.residual ? "alpha_beta and residual"
                                                 : "alpha_beta")
                            : "residual") +
        " (its epilogue: " + epilogue.describe() + ")");
  return Error::success();
}

namespace {

Expected<DeviceBuffer> allocateC(const KernelSpec &spec,
                                 const GemmShape &shape) {
  return DeviceBuffer::allocate(getOperandLayout(shape, Operand::C)
                                    .getBufferBytes(getElementSize(spec.cType)));
}

/// Marks `metric` failed when `matrix` holds NaN/Inf anywhere (the sampled
/// check may miss it).
void failOnNonFinite(ErrorMetric &metric, const HostMatrix &matrix) {
  if (int64_t bad = countNonFinite(matrix)) {
    metric.nonFiniteCount = bad;
    metric.passed = false;
  }
}

} // namespace

Expected<EpilogueComparisonResult>
runEpilogueComparison(const DeviceInfo &device, const KernelSpec &spec,
                      const KernelImages &images, const GemmShape &shape,
                      const EpilogueComparisonOptions &options) {
  if (Error err = checkEpilogueComparable(spec))
    return std::move(err);
  if (Error err = checkShapeSupported(spec, shape))
    return std::move(err);
  EpilogueComparisonResult result;
  Expected<LoadedGemmKernel> kernel =
      loadGemmKernel(spec, images, device, shape);
  if (!kernel)
    return kernel.takeError();
  result.grid = kernel->grid;
  KernelModule &module = kernel->module;
  CudaStream stream;
  if (Error err = stream.create())
    return std::move(err);
  const FusedEpilogueSpec &epilogue = spec.epilogue;
  GemmTypes types{spec.aType, spec.bType, spec.cType};

  // Inputs: gemm-run's (same seeds), random on the host and copied.
  HostMatrix hostA(spec.aType, shape.m, shape.k, shape.lda);
  HostMatrix hostB(spec.bType, shape.k, shape.n, shape.ldb);
  hostA.fillRandom(options.seed * 2 + 0);
  hostB.fillRandom(options.seed * 2 + 1);
  std::optional<HostMatrix> hostBias;
  DeviceBuffer a, b, bias, fusedD, unfusedC, unfusedD, ltD;
  for (auto [buffer, host] : {std::pair<DeviceBuffer *, HostMatrix *>(
                                  &a, &hostA),
                              {&b, &hostB}}) {
    Expected<DeviceBuffer> allocated =
        DeviceBuffer::allocate(host->getSizeInBytes());
    if (!allocated)
      return allocated.takeError();
    *buffer = std::move(*allocated);
    if (Error err = buffer->copyFromHost(host->data()))
      return std::move(err);
  }
  if (epilogue.bias != EpilogueBias::None) {
    int64_t length = getBiasLength(epilogue, shape);
    hostBias.emplace(spec.cType, 1, length, length);
    hostBias->fillRandom(options.seed * 2 + 2);
    Expected<DeviceBuffer> allocated =
        DeviceBuffer::allocate(hostBias->getSizeInBytes());
    if (!allocated)
      return allocated.takeError();
    bias = std::move(*allocated);
    if (Error err = bias.copyFromHost(hostBias->data()))
      return std::move(err);
  }
  for (DeviceBuffer *buffer : {&fusedD, &unfusedC, &unfusedD, &ltD}) {
    Expected<DeviceBuffer> allocated = allocateC(spec, shape);
    if (!allocated)
      return allocated.takeError();
    *buffer = std::move(*allocated);
  }

  // The three ways to D, and the two halves of the unfused one.
  EpilogueArguments epilogueArguments{1.0f, 0.0f, bias.getAddress(), 0};
  Expected<KernelLaunchSetup> setup = KernelLaunchSetup::create(
      *device.driver, spec, shape,
      {a.getAddress(), b.getAddress(), fusedD.getAddress()}, epilogueArguments,
      module, result.grid, stream.get());
  if (!setup)
    return setup.takeError();
  recordLaunchedKernel(*setup, result);
  Expected<CublasReference> cublas = CublasReference::create(
      stream.get(), getCublasComputeType(spec.aType, spec.exactFp32Math));
  if (!cublas)
    return cublas.takeError();
  result.cublasVersion = cublas->getVersion();
  Expected<BiasActivationKernel> biasActivation =
      BiasActivationKernel::load(device);
  if (!biasActivation)
    return biasActivation.takeError();
  BiasActivationLaunch elementwise;
  elementwise.type = spec.cType;
  elementwise.bias = epilogue.bias;
  elementwise.activation = epilogue.activation;
  elementwise.c = unfusedC.data();
  elementwise.ldc = shape.ldc;
  elementwise.biasVector = bias.data();
  elementwise.d = unfusedD.data();
  elementwise.ldd = shape.ldc;
  elementwise.m = shape.m;
  elementwise.n = shape.n;
  Expected<int> elementwiseRegisters =
      biasActivation->getRegisters(elementwise);
  if (!elementwiseRegisters)
    return elementwiseRegisters.takeError();

  std::optional<CublasLtEpilogue> lt;
  CublasLtEpilogueChoice ltChoice = chooseCublasLtEpilogue(epilogue);
  std::string ltUnavailable = ltChoice.reason;
  if (ltChoice.epilogue) {
    Expected<CublasLtEpilogue> created = CublasLtEpilogue::create(
        shape, types, *ltChoice.epilogue, bias.data(), stream.get());
    if (created)
      lt.emplace(std::move(*created));
    else
      ltUnavailable = toString(created.takeError());
  }
  result.cublasLtVersion = cublasLtGetVersion();

  auto runFused = [&]() -> Error { return setup->launch(); };
  auto runCublasGemm = [&]() -> Error {
    return cublas->gemm(shape, types, a.data(), b.data(), unfusedC.data());
  };
  auto runBiasActivation = [&]() -> Error {
    return biasActivation->launch(elementwise, stream.get());
  };
  auto runUnfused = [&]() -> Error {
    if (Error err = runCublasGemm())
      return err;
    return runBiasActivation();
  };
  auto runLt = [&]() -> Error { return lt->run(a.data(), b.data(), ltD.data()); };
  auto poison = [&](DeviceBuffer &buffer) {
    return [&buffer, &stream]() -> Error {
      return buffer.fill(OutputPoisonByte, stream.get());
    };
  };
  auto poisonUnfused = [&]() -> Error {
    return joinErrors(unfusedC.fill(OutputPoisonByte, stream.get()),
                      unfusedD.fill(OutputPoisonByte, stream.get()));
  };

  std::string cName = getElementTypeName(spec.cType).str();
  std::string epilogueName = epilogue.describe();
  auto addPipeline = [&](EpiloguePipeline pipeline, std::string description,
                         std::string unavailable = "") {
    PipelineResult entry;
    entry.pipeline = pipeline;
    entry.description = std::move(description);
    entry.unavailable = std::move(unavailable);
    result.pipelines.push_back(std::move(entry));
  };
  std::string elementwiseName = getBiasActivationKernelName(elementwise);
  addPipeline(EpiloguePipeline::Fused,
              "gemm-opt " + spec.name + " (" + epilogueName + ")");
  addPipeline(EpiloguePipeline::Unfused,
              "cublasGemmEx (" + cName + " C) + " + elementwiseName + " (" +
                  std::to_string(*elementwiseRegisters) + " regs)");
  addPipeline(EpiloguePipeline::CublasLt,
              lt ? "cublasLtMatmul " +
                       getCublasLtEpilogueName(*ltChoice.epilogue) + " (" +
                       lt->getAlgorithmDescription() + ")"
                 : std::string("cublasLtMatmul"),
              ltUnavailable);
  addPipeline(EpiloguePipeline::CublasGemm,
              "cublasGemmEx alone (" + cName + " C, no epilogue)");
  addPipeline(EpiloguePipeline::BiasActivation,
              elementwiseName + " alone (reads C and the bias, writes D)");
  auto entry = [&](EpiloguePipeline pipeline) -> PipelineResult & {
    return result.pipelines[static_cast<size_t>(pipeline)];
  };

  // The checked run of each D.
  result.tolerance = getTolerance(spec.aType, spec.cType, spec.exactFp32Math);
  struct Checked {
    EpiloguePipeline pipeline;
    DeviceBuffer *output;
    std::function<Error()> prepare, run;
  };
  SmallVector<Checked, 3> checked = {
      {EpiloguePipeline::Fused, &fusedD, poison(fusedD), runFused},
      {EpiloguePipeline::Unfused, &unfusedD, poisonUnfused, runUnfused}};
  if (lt)
    checked.push_back(
        {EpiloguePipeline::CublasLt, &ltD, poison(ltD), runLt});
  std::vector<HostMatrix> outputs;
  for (Checked &run : checked) {
    if (Error err = run.prepare())
      return std::move(err);
    if (Error err = run.run())
      return std::move(err);
    if (Error err = waitForKernel(
            stream.get(), getEpiloguePipelineName(run.pipeline) + " run"))
      return std::move(err);
    outputs.emplace_back(spec.cType, shape.m, shape.n, shape.ldc);
    if (Error err = run.output->copyToHost(outputs.back().data()))
      return std::move(err);
  }
  result.clobberedPadding =
      countClobberedPadding(outputs.front(), OutputPoisonByte);

  // fp64: the exact product at the samples, through the epilogue.
  auto samples = chooseSampleEntries(shape.m, shape.n,
                                     options.fp64RandomSamples, options.seed);
  std::vector<double> expected = computeFp64Reference(hostA, hostB, samples);
  for (size_t i = 0; i < samples.size(); ++i) {
    auto [row, col] = samples[i];
    EpilogueEntryInputs inputs;
    if (hostBias)
      inputs.bias =
          hostBias->get(0, epilogue.bias == EpilogueBias::Row ? row : col);
    expected[i] = applyFusedEpilogue(epilogue, expected[i], inputs);
  }
  for (size_t i = 0; i < checked.size(); ++i) {
    const HostMatrix &output = outputs[i];
    std::vector<double> actual;
    actual.reserve(samples.size());
    for (auto [row, col] : samples)
      actual.push_back(output.get(row, col));
    PipelineResult &checkedEntry = entry(checked[i].pipeline);
    checkedEntry.vsFp64 =
        computeErrorMetric(actual, expected, result.tolerance);
    failOnNonFinite(*checkedEntry.vsFp64, output);
    if (i > 0)
      checkedEntry.vsFused =
          compareMatrices(output, outputs.front(), result.tolerance);
  }
  outputs.clear();

  if (!options.timing)
    return std::move(result);
  Expected<L2Flusher> flusher = L2Flusher::create(device.l2CacheBytes);
  if (!flusher)
    return flusher.takeError();
  result.l2FlushBytes = flusher->getSize();
  // Every piece alternates with the others run by run (timeInterleaved).
  std::function<Error()> poisonFused = poison(fusedD), poisonLt = poison(ltD),
                         poisonC = poison(unfusedC), poisonD = poison(unfusedD);
  SmallVector<std::pair<EpiloguePipeline, TimedWork>, 5> work = {
      {EpiloguePipeline::Fused, {poisonFused, runFused}},
      {EpiloguePipeline::Unfused, {poisonUnfused, runUnfused}}};
  if (lt)
    work.push_back({EpiloguePipeline::CublasLt, {poisonLt, runLt}});
  work.push_back({EpiloguePipeline::CublasGemm, {poisonC, runCublasGemm}});
  // C keeps the last GEMM's product, so this reads real values.
  work.push_back(
      {EpiloguePipeline::BiasActivation, {poisonD, runBiasActivation}});
  SmallVector<TimedWork, 5> pieces;
  for (const auto &piece : work)
    pieces.push_back(piece.second);
  TimingOptions timingOptions{options.warmupRuns, options.timedRuns};
  Expected<std::vector<TimingStats>> timings =
      timeInterleaved(stream.get(), *flusher, timingOptions, pieces);
  if (!timings)
    return addErrorContext(timings.takeError(),
                           "while timing the epilogue comparison");
  for (size_t i = 0; i < work.size(); ++i)
    entry(work[i].first).timing = (*timings)[i];
  return std::move(result);
}

} // namespace runtime
} // namespace gemm_opt
