//===- GemmBenchmark.cpp - Run, check and time one kernel -----------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/GemmBenchmark.h"

#include "runtime/CublasBaseline.h"
#include "runtime/CublasReference.h"
#include "runtime/CudaStream.h"
#include "runtime/DeviceBuffer.h"
#include "runtime/FusedEpilogueInputs.h"
#include "runtime/HostMatrix.h"
#include "runtime/KernelLaunchSetup.h"
#include "runtime/OperandAlignment.h"
#include "runtime/RuntimeError.h"
#include "runtime/ToleranceFactor.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Parallel.h"

#include <cstring>
#include <optional>

using namespace llvm;

namespace gemm_opt {
namespace runtime {

namespace {
struct Operands {
  DeviceBuffer a, b, c, reference;
};

Expected<Operands> allocateOperands(const KernelSpec &spec,
                                    const GemmShape &shape, bool reference) {
  Operands operands;
  for (auto [buffer, operand, type] :
       {std::tuple<DeviceBuffer *, Operand, ElementType>(
            &operands.a, Operand::A, spec.aType),
        {&operands.b, Operand::B, spec.bType},
        {&operands.c, Operand::C, spec.cType},
        {&operands.reference, Operand::C, spec.cType}}) {
    if (buffer == &operands.reference && !reference)
      continue;
    Expected<DeviceBuffer> allocated = DeviceBuffer::allocate(
        getOperandLayout(shape, operand).getBufferBytes(getElementSize(type)));
    if (!allocated)
      return allocated.takeError();
    *buffer = std::move(*allocated);
  }
  return std::move(operands);
}
} // namespace

Error checkResidualOffset(const KernelSpec &spec, int64_t residualOffset) {
  if (residualOffset < 0)
    return makeBadInputError("the residual offset (" + Twine(residualOffset) +
                             " elements) must not be negative");
  int64_t alignment = getEpilogueOperandAlignmentBytes(spec);
  int64_t bytes =
      residualOffset * static_cast<int64_t>(getElementSize(spec.cType));
  if (bytes % alignment != 0)
    return makeBadInputError(
        "the residual offset (" + Twine(residualOffset) + " elements, " +
        Twine(bytes) + " bytes) is not a multiple of the " + Twine(alignment) +
        "-byte min_alignment_bytes of kernel " + spec.name +
        ", whose threads load the residual where TMA cannot");
  return Error::success();
}

Error timeKernelAndCublas(const DeviceInfo &device, cudaStream_t stream,
                          const BenchmarkOptions &options, StringRef kernelName,
                          TimedWork kernel, std::optional<TimedWork> cublas,
                          BenchmarkResult &result) {
  Expected<L2Flusher> flusher = L2Flusher::create(device.l2CacheBytes);
  if (!flusher)
    return flusher.takeError();
  result.l2FlushBytes = flusher->getSize();
  TimingOptions timingOptions{options.warmupRuns, options.timedRuns};
  SmallVector<TimedWork, 2> work{kernel};
  if (cublas)
    work.push_back(*cublas);
  Expected<std::vector<TimingStats>> timings =
      timeInterleaved(stream, *flusher, timingOptions, work);
  if (!timings)
    return addErrorContext(timings.takeError(),
                           "while timing kernel " + kernelName +
                               (cublas ? " and cuBLAS" : ""));
  result.kernelTiming = (*timings)[0];
  if (cublas)
    result.cublasTiming = (*timings)[1];
  return Error::success();
}

Expected<BenchmarkResult> runBenchmark(const DeviceInfo &device,
                                       const KernelSpec &spec,
                                       const KernelImages &images,
                                       const GemmShape &shape,
                                       const BenchmarkOptions &options) {
  BenchmarkResult result;
  if (Error err = checkShapeSupported(spec, shape))
    return std::move(err);
  if (spec.epilogue.residual)
    if (Error err = checkResidualOffset(spec, options.residualOffset))
      return std::move(err);
  Expected<LoadedGemmKernel> kernel =
      loadGemmKernel(spec, images, device, shape);
  if (!kernel)
    return kernel.takeError();
  result.grid = kernel->grid;
  KernelModule &module = kernel->module;

  CudaStream stream;
  if (Error err = stream.create())
    return std::move(err);

  // Inputs: random on the host (kept for the fp64 reference), then copied.
  HostMatrix hostA(spec.aType, shape.m, shape.k, shape.lda, shape.layouts.a);
  HostMatrix hostB(spec.bType, shape.k, shape.n, shape.ldb, shape.layouts.b);
  hostA.fillRandom(options.seed * 2 + 0);
  hostB.fillRandom(options.seed * 2 + 1);
  Expected<Operands> operands =
      allocateOperands(spec, shape, options.cublasReference);
  if (!operands)
    return operands.takeError();
  if (Error err = joinErrors(operands->a.copyFromHost(hostA.data()),
                             operands->b.copyFromHost(hostB.data())))
    return std::move(err);

  std::optional<CublasReference> cublas;
  if (options.cublasReference) {
    // cuBLAS tf32 for a tf32 kernel (f32 inputs on tensor cores).
    Expected<CublasReference> created = CublasReference::create(
        stream.get(), getCublasComputeType(spec.aType, spec.exactFp32Math));
    if (!created)
      return created.takeError();
    cublas.emplace(std::move(*created));
    result.cublasVersion = cublas->getVersion();
  }
  GemmTypes types{spec.aType, spec.bType, spec.cType};

  // The fused epilogue's inputs: random bias and residual, and for
  // alpha_beta a random initial C (its padding poisoned).
  const FusedEpilogueSpec &epilogue = spec.epilogue;
  Expected<FusedEpilogueInputs> epilogueInputs =
      FusedEpilogueInputs::create(spec, shape, options);
  if (!epilogueInputs)
    return epilogueInputs.takeError();
  const HostMatrix *hostOldC = epilogueInputs->getInitialC();
  const HostMatrix *hostResidual = epilogueInputs->getResidual();
  // D for the exact product entry `acc` at an entry, in fp64.
  auto applyEpilogue = [&](int64_t row, int64_t col, double acc) {
    return epilogueInputs->apply(row, col, acc);
  };

  // Parameters, and the tensor maps they refer to, for all launches below.
  Expected<KernelLaunchSetup> setup = KernelLaunchSetup::create(
      *device.driver, spec, shape,
      {operands->a.getAddress(), operands->b.getAddress(),
       operands->c.getAddress()},
      epilogueInputs->getArguments(), module, result.grid, stream.get());
  if (!setup)
    return setup.takeError();
  recordLaunchedKernel(*setup, result);
  auto launchKernel = [&]() { return setup->launch(); };
  // cuBLAS with the matching transa/transb (and C^T for a column-major C),
  // through the general problem form when any operand is column-major.
  GemmProblem cublasProblem =
      GemmProblem::get(shape, spec.aType, spec.bType, spec.cType);
  // The timed cuBLAS call does what its GEMM can of the epilogue's work
  // (runtime/CublasBaseline.h): alpha and beta, or beta = 1 over the
  // residual, reading C as the kernel does; the checked one computes A·B.
  CublasBaseline baseline =
      getCublasBaseline(epilogue, options.alpha, options.beta);
  result.cublasBaseline = baseline.describe();
  auto runCublas = [&](float alpha, float beta) {
    if (!shape.layouts.isAllRow()) {
      GemmProblem scaled = cublasProblem;
      scaled.epilogue.alpha = alpha;
      scaled.epilogue.beta = beta;
      return cublas->gemm(scaled, operands->a.data(), operands->b.data(),
                          operands->reference.data());
    }
    return cublas->gemm(shape, types, operands->a.data(), operands->b.data(),
                        operands->reference.data(), alpha, beta);
  };
  auto launchCublas = [&]() { return runCublas(1.0f, 0.0f); };
  auto launchCublasBaseline = [&]() {
    return runCublas(baseline.alpha, baseline.beta);
  };
  // C is poisoned before each run, or, when beta·C reads it, reset to its
  // random initial value (padding poisoned).
  auto poisonC = [&]() -> Error {
    if (hostOldC)
      return operands->c.copyFromHost(hostOldC->data());
    return operands->c.fill(OutputPoisonByte, stream.get());
  };
  auto poisonReference = [&]() {
    return operands->reference.fill(OutputPoisonByte, stream.get());
  };
  auto prepareBaselineC = [&]() -> Error {
    switch (baseline.initialC) {
    case CublasBaseline::InitialC::None:
      return poisonReference();
    case CublasBaseline::InitialC::KernelC:
      return operands->reference.copyFromHost(hostOldC->data());
    case CublasBaseline::InitialC::Residual:
      return operands->reference.copyFromHost(hostResidual->data());
    }
    llvm_unreachable("every initial C is handled");
  };

  // The fp64 reference at the samples, and the tolerance both checks use
  // (loosened where the sums cancel or the activation squashes its input,
  // getToleranceFactor).
  auto samples = chooseSampleEntries(shape.m, shape.n,
                                     options.fp64RandomSamples, options.seed);
  std::vector<double> fp64Reference = computeFp64Reference(
      hostA, hostB, samples,
      epilogue.hasFusedOperations() ? EntryEpilogue(applyEpilogue) : nullptr);
  // The activation's input.
  std::vector<double> preActivation = computeFp64Reference(
      hostA, hostB, samples, [&](int64_t row, int64_t col, double acc) {
        return epilogueInputs->applyBeforeActivation(row, col, acc);
      });
  double alpha = epilogue.alphaBeta ? options.alpha : 1.0;
  std::vector<CheckedOutputTerms> checkedTerms;
  for (auto [squares, input, expected] :
       llvm::zip_equal(computeProductSquares(hostA, hostB, samples),
                       preActivation, fp64Reference))
    checkedTerms.push_back({alpha * alpha * squares, input, expected});
  double tolerance = getTolerance(spec.aType, spec.cType, spec.exactFp32Math);
  result.toleranceFactor =
      getToleranceFactor(checkedTerms, epilogue.activation, tolerance);
  tolerance *= result.toleranceFactor;

  // The checked run of each.
  HostMatrix hostC(spec.cType, shape.m, shape.n, shape.ldc, shape.layouts.c);
  if (Error err = poisonC())
    return std::move(err);
  if (Error err = launchKernel())
    return std::move(err);
  if (Error err = waitForKernel(stream.get(), "kernel " + spec.name))
    return std::move(err);
  if (Error err = operands->c.copyToHost(hostC.data()))
    return std::move(err);
  if (cublas) {
    HostMatrix hostReference(spec.cType, shape.m, shape.n, shape.ldc,
                             shape.layouts.c);
    if (Error err = poisonReference())
      return std::move(err);
    if (Error err = launchCublas())
      return std::move(err);
    if (Error err = waitForKernel(stream.get(), "the cuBLAS reference"))
      return std::move(err);
    if (Error err = operands->reference.copyToHost(hostReference.data()))
      return std::move(err);
    if (int64_t bad = countNonFinite(hostReference))
      return makeCudaFailureError("the cuBLAS reference output has " +
                                  Twine(bad) + " NaN/Inf entries");
    // cuBLAS computes A·B; the epilogue follows here, in fp64 on its
    // C-typed result, rounded back to C's type.
    if (epilogue.hasFusedOperations())
      parallelFor(0, static_cast<size_t>(shape.m), [&](size_t row) {
        for (int64_t col = 0; col < shape.n; ++col) {
          int64_t r = static_cast<int64_t>(row);
          hostReference.set(
              r, col,
              static_cast<float>(applyEpilogue(r, col, hostReference.get(r, col))));
        }
      });
    result.vsCublas = compareMatrices(hostC, hostReference, tolerance);
  }
  result.vsFp64 =
      compareWithFp64Reference(hostC, samples, fp64Reference, tolerance);
  result.clobberedPadding = countClobberedPadding(hostC, OutputPoisonByte);

  if (!options.timing)
    return std::move(result);

  // The kernel and cuBLAS alternate run by run (see timeInterleaved).
  if (Error err = timeKernelAndCublas(
          device, stream.get(), options, spec.name,
          TimedWork{poisonC, launchKernel},
          cublas ? std::optional<TimedWork>(
                       TimedWork{prepareBaselineC, launchCublasBaseline})
                 : std::nullopt,
          result))
    return std::move(err);

  HostMatrix repeatC(spec.cType, shape.m, shape.n, shape.ldc,
                     shape.layouts.c);
  if (Error err = operands->c.copyToHost(repeatC.data()))
    return std::move(err);
  result.repeatIdentical =
      std::memcmp(repeatC.data(), hostC.data(), hostC.getSizeInBytes()) == 0;
  return std::move(result);
}

} // namespace runtime
} // namespace gemm_opt
