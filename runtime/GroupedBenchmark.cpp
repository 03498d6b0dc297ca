//===- GroupedBenchmark.cpp - Run, check and time a grouped kernel --------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/GroupedBenchmark.h"

#include "runtime/CublasReference.h"
#include "runtime/CudaCheck.h"
#include "runtime/CudaStream.h"
#include "runtime/DeviceBuffer.h"
#include "runtime/Fp8Inputs.h"
#include "runtime/GroupChecker.h"
#include "runtime/GroupedBuffers.h"
#include "runtime/GroupedCublasLtLoop.h"
#include "runtime/GroupedEpilogueInputs.h"
#include "runtime/GroupedScales.h"
#include "runtime/HostMatrix.h"
#include "runtime/KernelLaunchSetup.h"
#include "runtime/QuantizedOutput.h"
#include "runtime/RuntimeError.h"
#include "runtime/ScaledKernelSpec.h"

#include "llvm/ADT/ScopeExit.h"

#include <optional>
#include <vector>

using namespace llvm;

namespace gemm_opt {
namespace runtime {

namespace {

/// Writes the group operand of `routing` into `groups` (synchronously, so
/// outside any graph).
Error writeGroupOperand(const GroupedProblem &routing, DeviceBuffer &groups) {
  std::vector<int32_t> values =
      getGroupOperand(routing.layout, routing.groupRows);
  GEMM_CUDA_TRY(cudaMemcpy(groups.data(), values.data(),
                           values.size() * sizeof(int32_t),
                           cudaMemcpyHostToDevice));
  return Error::success();
}

} // namespace

Expected<GroupedResult> runGroupedBenchmark(const DeviceInfo &device,
                                            const KernelSpec &spec,
                                            const KernelImages &images,
                                            const GroupedProblem &problem,
                                            const GroupedOptions &options) {
  if (Error err = checkGroupedProblem(spec, problem))
    return std::move(err);
  GroupedResult result;
  GemmShape shape = problem.getShape();
  bool masked = problem.layout == GroupedLayout::Masked;
  int64_t aRows = masked ? problem.groups * problem.rows : problem.rows;

  // Random non-zero inputs (HostMatrix::fillRandom), one seed per operand;
  // FP8 ones as the FP8 benchmarks draw them (Fp8Inputs.h), with random
  // scales per group (GroupedScales.h).
  HostMatrix hostA(spec.aType, aRows, problem.k, problem.k);
  HostMatrix hostB =
      problem.bLayout == MatrixLayout::Row
          ? HostMatrix(spec.bType, problem.groups * problem.k, problem.n,
                       problem.n)
          : HostMatrix(spec.bType, problem.k, problem.groups * problem.n,
                       problem.k, MatrixLayout::Col);
  std::optional<GroupedScales> scales;
  if (spec.scaling) {
    fillFp8Random(hostA, options.common.fp8Inputs, options.common.seed * 2);
    fillFp8Random(hostB, options.common.fp8Inputs, options.common.seed * 2 + 1);
    scales.emplace(*spec.scaling, problem.layout, problem.groups, problem.rows,
                   problem.n, problem.k, options.common.seed * 2 + 5,
                   chooseScaleCentre(hostA, problem.k),
                   chooseScaleCentre(hostB, problem.k));
    result.scaling = spec.scaling->describe();
  } else {
    hostA.fillRandom(options.common.seed);
    hostB.fillRandom(options.common.seed + 1);
  }

  CudaStream stream;
  if (Error err = stream.create())
    return std::move(err);
  Expected<GroupedBuffers> allocated = createGroupedBuffers(
      spec, problem, hostA, hostB, scales ? &*scales : nullptr,
      options.common.cublasReference);
  if (!allocated)
    return allocated.takeError();
  GroupedBuffers &buffers = *allocated;
  bool quantized = isEightBitFloat(spec.cType);

  std::optional<CublasReference> cublas;
  if (options.common.cublasReference && !scales) {
    Expected<CublasReference> created =
        CublasReference::create(stream.get(), CUBLAS_COMPUTE_32F);
    if (!created)
      return created.takeError();
    cublas.emplace(std::move(*created));
    result.timing.cublasVersion = cublas->getVersion();
  }
  if (options.common.cublasReference && scales)
    result.timing.cublasVersion = static_cast<int>(cublasLtGetVersion());

  Expected<LoadedGemmKernel> kernel =
      loadGemmKernel(spec, images, device, shape);
  if (!kernel)
    return kernel.takeError();
  result.grid = kernel->grid;
  result.kernelInfo = kernel->module.getInfo();
  OperandAddresses addresses;
  addresses.a = buffers.a.getAddress();
  addresses.b = buffers.b.getAddress();
  addresses.c = buffers.cAddress;
  addresses.groups = buffers.groups.getAddress();
  if (scales) {
    addresses.scaleA = buffers.scaleA.getAddress();
    addresses.scaleB = buffers.scaleB.getAddress();
    addresses.scaleD = buffers.scaleD.getAddress();
    addresses.amax = buffers.amax.getAddress();
  }
  // A fused epilogue's inputs, per group (GroupedEpilogueInputs.h).
  std::optional<GroupedEpilogueInputs> epilogue;
  if (spec.epilogue.hasFusedOperations()) {
    Expected<GroupedEpilogueInputs> created = GroupedEpilogueInputs::create(
        spec, problem, buffers.guardRows, options.common.alpha,
        options.common.beta, options.common.seed);
    if (!created)
      return created.takeError();
    epilogue.emplace(std::move(*created));
  }
  Expected<KernelLaunchSetup> setup = KernelLaunchSetup::create(
      *device.driver, spec, shape, addresses,
      epilogue ? epilogue->getArguments() : EpilogueArguments(), kernel->module,
      kernel->grid, stream.get());
  if (!setup)
    return setup.takeError();
  if (setup->hasStagedOperands())
    return makeBadInputError("grouped kernel " + spec.name +
                             ": an operand would need a staged copy, which "
                             "the grouped runtime does not make");
  auto launchKernel = [&]() { return setup->launch(); };
  // C is poisoned before each run, or, where beta·C reads it, set to its
  // initial value (random in the groups' rows, poisoned elsewhere).
  auto poisonC = [&]() -> Error {
    if (epilogue && epilogue->readsC())
      return buffers.c.copyFromHost(epilogue->getInitialC().data());
    return buffers.c.fill(OutputPoisonByte, stream.get());
  };
  GroupChecker checker(spec, problem, hostA, hostB, scales ? &*scales : nullptr,
                       buffers, cublas ? &*cublas : nullptr, stream.get(),
                       options.common, epilogue ? &*epilogue : nullptr);
  // An e4m3 C's scale_d, drawn around the one that puts the largest
  // sampled |D| at 448, so that at some draws the largest outputs saturate
  // (QuantizedOutput.h); graph replays keep it.
  if (quantized) {
    float scaleD = chooseOutputScale(checker.getLargestSampledOutput(problem),
                                     options.common.seed * 2 + 7);
    if (Error err = buffers.scaleD.copyFromHost(&scaleD))
      return std::move(err);
    checker.setOutputScale(scaleD);
    result.scaleD = scaleD;
  }

  // The checked run.
  if (Error err = poisonC())
    return std::move(err);
  if (Error err = launchKernel())
    return std::move(err);
  if (Error err = waitForKernel(stream.get(), "kernel " + spec.name))
    return std::move(err);
  Expected<GroupCheck> checked = checker.check(problem);
  if (!checked)
    return checked.takeError();
  result.check = *checked;
  for (int32_t rows : problem.groupRows)
    result.cublasCalls += rows > 0 ? 1 : 0;
  // The reference loop, planned by the check: cuBLAS where it ran, an FP8
  // kernel's cuBLASLt matmuls where cuBLASLt took every group's.
  bool haveLoop = options.common.cublasReference &&
                  (!scales || checker.getCublasLtLoop() != nullptr);
  if (const GroupedCublasLtLoop *loop = checker.getCublasLtLoop())
    result.cublasLtScaleModes = loop->getScaleModes();

  if (options.common.timing) {
    auto poisonReference = [&]() {
      return buffers.reference.fill(OutputPoisonByte, stream.get());
    };
    auto launchCublas = [&]() {
      return checker.runReferenceLoop(problem, buffers.referenceAddress);
    };
    if (Error err =
            timeKernelAndCublas(device, stream.get(), options.common, spec.name,
                                TimedWork{poisonC, launchKernel},
                                haveLoop && result.cublasCalls > 0
                                    ? std::optional<TimedWork>(TimedWork{
                                          poisonReference, launchCublas})
                                    : std::nullopt,
                                result.timing))
      return std::move(err);
  }

  if (!masked || options.graphReplays == 0)
    return std::move(result);
  // One captured launch serves every routing: the counts live in device
  // memory, which the replays rewrite outside the graph.
  GEMM_CUDA_TRY(
      cudaStreamBeginCapture(stream.get(), cudaStreamCaptureModeThreadLocal));
  Error launched = launchKernel();
  cudaGraph_t graph = nullptr;
  Error ended = GEMM_CUDA_CHECK(cudaStreamEndCapture(stream.get(), &graph));
  scope_exit destroyGraph([&] {
    if (graph)
      (void)cudaGraphDestroy(graph);
  });
  if (launched) {
    consumeError(std::move(ended));
    return std::move(launched);
  }
  if (ended)
    return std::move(ended);
  cudaGraphExec_t graphExec = nullptr;
  GEMM_CUDA_TRY(cudaGraphInstantiate(&graphExec, graph, 0));
  scope_exit destroyExec([&] {
    if (graphExec)
      (void)cudaGraphExecDestroy(graphExec);
  });
  for (unsigned replay = 1; replay <= options.graphReplays; ++replay) {
    GroupedProblem routing = problem;
    routing.routingSeed = problem.routingSeed + replay;
    // Explicit lists replay as skewed routings of as many tokens.
    Expected<std::vector<int32_t>> rows =
        makeGroupRows(problem.groups, problem.getTokens(), problem.rows,
                      problem.explicitRows ? RoutingDistribution::Skewed
                                           : problem.distribution,
                      routing.routingSeed);
    if (!rows)
      return rows.takeError();
    routing.groupRows = std::move(*rows);
    if (Error err = writeGroupOperand(routing, buffers.groups))
      return std::move(err);
    if (epilogue)
      epilogue->setRouting(routing);
    if (Error err = poisonC())
      return std::move(err);
    GEMM_CUDA_TRY(cudaGraphLaunch(graphExec, stream.get()));
    if (Error err =
            waitForKernel(stream.get(), "graph replay of kernel " + spec.name))
      return std::move(err);
    Expected<GroupCheck> replayCheck = checker.check(routing);
    if (!replayCheck)
      return replayCheck.takeError();
    result.replays.push_back(
        {routing.routingSeed, routing.groupRows, *replayCheck});
  }
  return std::move(result);
}

} // namespace runtime
} // namespace gemm_opt
