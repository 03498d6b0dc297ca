//===- BatchedScaledBenchmark.cpp - Run, check, time a batched FP8 kernel -===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/BatchedScaledBenchmark.h"

#include "runtime/CublasLtScaledMatmul.h"
#include "runtime/CudaStream.h"
#include "runtime/DeviceBuffer.h"
#include "runtime/HostScales.h"
#include "runtime/KernelLaunchSetup.h"
#include "runtime/RuntimeError.h"
#include "runtime/ScaledKernelSpec.h"
#include "runtime/ScaledReference.h"
#include "runtime/ToleranceFactor.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cassert>
#include <cstring>
#include <optional>

using namespace llvm;

namespace gemm_opt {
namespace runtime {

namespace {

/// NaN in both f8E4M3FN and f8E5M2: what lies between the entries' views
/// of A and B, so that a kernel reading there fails the checks.
constexpr uint8_t EightBitNanByte = 0x7f;

/// The batch entries of one 8-bit operand (a single one where its batch
/// stride is 0) and the buffer that holds them at their batch stride.
struct BatchedInput {
  std::vector<HostMatrix> entries;
  std::vector<uint8_t> buffer;

  const HostMatrix &get(int64_t batch) const {
    return entries[entries.size() == 1 ? 0 : static_cast<size_t>(batch)];
  }
};

BatchedInput makeBatchedInput(const KernelSpec &spec, const GemmShape &shape,
                              Operand operand,
                              const BenchmarkOptions &options) {
  bool isA = operand == Operand::A;
  int64_t stride = shape.getBatchStride(operand);
  int64_t count = stride == 0 ? 1 : shape.batch;
  BatchedInput input;
  input.buffer.assign(
      static_cast<size_t>(getOperandBufferElements(shape, operand)),
      EightBitNanByte);
  for (int64_t batch = 0; batch < count; ++batch) {
    HostMatrix &entry =
        isA ? input.entries.emplace_back(spec.aType, shape.m, shape.k,
                                         shape.lda, shape.layouts.a)
            : input.entries.emplace_back(spec.bType, shape.k, shape.n,
                                         shape.ldb, shape.layouts.b);
    fillFp8Random(entry, options.fp8Inputs,
                  options.seed * 2 + (isA ? 0 : 1) +
                      16 * static_cast<uint64_t>(batch));
    std::memcpy(input.buffer.data() + batch * stride, entry.data(),
                entry.getSizeInBytes());
  }
  return input;
}

/// Each batch entry's scales; an operand whose scales the kernel shares
/// between the entries has entry 0's in every entry.
std::vector<HostScales> makeBatchScales(const KernelSpec &spec,
                                        const GemmShape &shape,
                                        const BatchedInput &a,
                                        const BatchedInput &b,
                                        const BenchmarkOptions &options) {
  std::vector<HostScales> scales;
  for (int64_t batch = 0; batch < shape.batch; ++batch) {
    HostScales &entry =
        scales.emplace_back(*spec.scaling, shape.m, shape.n, shape.k);
    entry.fillRandom(options.seed * 2 + 5 + 16 * static_cast<uint64_t>(batch),
                     chooseScaleCentre(a.get(batch), shape.k),
                     chooseScaleCentre(b.get(batch), shape.k));
    if (batch == 0)
      continue;
    if (!hasPerEntryScales(spec, Operand::A))
      entry.getBufferA() = scales.front().getBufferA();
    if (!hasPerEntryScales(spec, Operand::B))
      entry.getBufferB() = scales.front().getBufferB();
  }
  return scales;
}

/// Entry `batch` of C's buffer `bytes` as a matrix.
HostMatrix getEntryOfC(const KernelSpec &spec, const GemmShape &shape,
                       ArrayRef<uint8_t> bytes, int64_t batch) {
  HostMatrix entry(spec.cType, shape.m, shape.n, shape.ldc, shape.layouts.c);
  size_t offset = static_cast<size_t>(batch * shape.batchStrideC) *
                  getElementSize(spec.cType);
  std::memcpy(entry.data(), bytes.data() + offset, entry.getSizeInBytes());
  return entry;
}

/// Folds one entry's metric into the batch's: the worst error, all
/// entries counted, passed where every entry passed.
void foldMetric(ErrorMetric &total, const ErrorMetric &entry, bool first) {
  if (first) {
    total = entry;
    return;
  }
  total.relativeFrobenius =
      std::max(total.relativeFrobenius, entry.relativeFrobenius);
  total.maxAbsError = std::max(total.maxAbsError, entry.maxAbsError);
  total.count += entry.count;
  total.nonFiniteCount += entry.nonFiniteCount;
  total.passed = total.passed && entry.passed;
}

/// Elements of C's buffer outside every entry's view (ldc padding, gaps
/// between entries) that are no longer poison.
int64_t countClobberedOutsideViews(const KernelSpec &spec,
                                   const GemmShape &shape,
                                   ArrayRef<uint8_t> bytes) {
  size_t elementSize = getElementSize(spec.cType);
  int64_t clobbered = 0;
  for (int64_t batch = 0; batch < shape.batch; ++batch)
    clobbered += countClobberedPadding(getEntryOfC(spec, shape, bytes, batch),
                                       OutputPoisonByte);
  int64_t span = getOperandLayout(shape, Operand::C).getMatrixSpan();
  for (int64_t batch = 0; batch + 1 < shape.batch; ++batch)
    for (int64_t element = batch * shape.batchStrideC + span;
         element < (batch + 1) * shape.batchStrideC; ++element) {
      const uint8_t *at = bytes.data() + element * elementSize;
      clobbered += std::any_of(at, at + elementSize, [](uint8_t byte) {
        return byte != OutputPoisonByte;
      });
    }
  return clobbered;
}

} // namespace

Expected<BenchmarkResult>
runBatchedScaledBenchmark(const DeviceInfo &device, const KernelSpec &spec,
                          const KernelImages &images, const GemmShape &shape,
                          const BenchmarkOptions &options) {
  assert(spec.scaling && spec.stridedBatch && "a batched FP8 kernel");
  if (spec.epilogue.hasFusedOperations())
    return makeBadInputError(
        "kernel " + spec.name +
        ": gemm-run checks batched FP8 kernels without a fused epilogue");
  if (Error err = checkShapeSupported(spec, shape))
    return std::move(err);
  BenchmarkResult result;
  ScaledGemmDetails &details = result.scaled.emplace();
  details.scaling = spec.scaling->describe();
  details.inputs = options.fp8Inputs;
  Expected<LoadedGemmKernel> kernel =
      loadGemmKernel(spec, images, device, shape);
  if (!kernel)
    return kernel.takeError();
  result.grid = kernel->grid;
  KernelModule &module = kernel->module;
  CudaStream stream;
  if (Error err = stream.create())
    return std::move(err);

  // Inputs on the host (kept for the references), then on the device.
  BatchedInput a = makeBatchedInput(spec, shape, Operand::A, options);
  BatchedInput b = makeBatchedInput(spec, shape, Operand::B, options);
  std::vector<HostScales> scales = makeBatchScales(spec, shape, a, b, options);
  std::vector<float> scalesA = packEntryScales(
      scales, /*isA=*/true, hasPerEntryScales(spec, Operand::A));
  std::vector<float> scalesB = packEntryScales(
      scales, /*isA=*/false, hasPerEntryScales(spec, Operand::B));
  size_t cBytes =
      static_cast<size_t>(getOperandBufferElements(shape, Operand::C)) *
      getElementSize(spec.cType);
  Expected<DeviceBuffer> deviceA =
      DeviceBuffer::upload(a.buffer.data(), a.buffer.size());
  if (!deviceA)
    return deviceA.takeError();
  Expected<DeviceBuffer> deviceB =
      DeviceBuffer::upload(b.buffer.data(), b.buffer.size());
  if (!deviceB)
    return deviceB.takeError();
  Expected<DeviceBuffer> deviceScaleA =
      DeviceBuffer::upload(scalesA.data(), scalesA.size() * sizeof(float));
  if (!deviceScaleA)
    return deviceScaleA.takeError();
  Expected<DeviceBuffer> deviceScaleB =
      DeviceBuffer::upload(scalesB.data(), scalesB.size() * sizeof(float));
  if (!deviceScaleB)
    return deviceScaleB.takeError();
  Expected<DeviceBuffer> deviceC = DeviceBuffer::allocate(cBytes);
  if (!deviceC)
    return deviceC.takeError();

  // No fused epilogue (refused above): the default epilogue arguments.
  Expected<KernelLaunchSetup> setup = KernelLaunchSetup::create(
      *device.driver, spec, shape,
      {deviceA->getAddress(), deviceB->getAddress(), deviceC->getAddress(),
       deviceScaleA->getAddress(), deviceScaleB->getAddress()},
      EpilogueArguments(), module, result.grid, stream.get());
  if (!setup)
    return setup.takeError();
  recordLaunchedKernel(*setup, result);
  auto launchKernel = [&]() { return setup->launch(); };
  auto poisonC = [&]() { return deviceC->fill(OutputPoisonByte, stream.get()); };

  // Each entry's fp64 reference at the samples, and the tolerance (the
  // loosest entry's factor, getToleranceFactor).
  auto samples = chooseSampleEntries(shape.m, shape.n,
                                     options.fp64RandomSamples, options.seed);
  std::vector<std::vector<double>> references;
  double baseTolerance =
      getFp8Tolerance(spec.cType, spec.scaling->fastAccumulation);
  for (int64_t batch = 0; batch < shape.batch; ++batch) {
    const HostScales &entryScales = scales[static_cast<size_t>(batch)];
    references.push_back(computeScaledFp64Reference(
        a.get(batch), b.get(batch), entryScales, samples));
    std::vector<CheckedOutputTerms> terms;
    for (auto [squares, expected] : zip_equal(
             computeScaledProductSquares(a.get(batch), b.get(batch),
                                         entryScales, samples),
             references.back()))
      terms.push_back({squares, expected, expected});
    result.toleranceFactor =
        std::max(result.toleranceFactor,
                 getToleranceFactor(terms, EpilogueActivation::None,
                                    baseTolerance));
  }
  double tolerance = baseTolerance * result.toleranceFactor;

  // The checked run, entry by entry.
  std::vector<uint8_t> hostC(cBytes);
  if (Error err = poisonC())
    return std::move(err);
  if (Error err = launchKernel())
    return std::move(err);
  if (Error err = waitForKernel(stream.get(), "kernel " + spec.name))
    return std::move(err);
  if (Error err = deviceC->copyToHost(hostC.data()))
    return std::move(err);
  for (int64_t batch = 0; batch < shape.batch; ++batch)
    foldMetric(result.vsFp64,
               compareWithFp64Reference(getEntryOfC(spec, shape, hostC, batch),
                                        samples,
                                        references[static_cast<size_t>(batch)],
                                        tolerance),
               batch == 0);
  result.clobberedPadding = countClobberedOutsideViews(spec, shape, hostC);

  // cuBLASLt's FP8 matmul over the same strided batch, with entry 0's
  // scales: the same product as the kernel's where the scales are shared.
  bool sharedScales = !hasPerEntryScales(spec, Operand::A) &&
                      !hasPerEntryScales(spec, Operand::B);
  std::optional<CublasLtScaledMatmul> matmul;
  std::optional<DeviceBuffer> deviceReference;
  if (options.cublasReference) {
    Expected<DeviceBuffer> buffer = DeviceBuffer::allocate(cBytes);
    if (!buffer)
      return buffer.takeError();
    deviceReference.emplace(std::move(*buffer));
    GemmTypes types{spec.aType, spec.bType, spec.cType};
    Expected<CublasLtScaledMatmulPlan> plan = CublasLtScaledMatmul::plan(
        shape, types, scales.front(), CublasLtScaledMatmulOptions(),
        deviceA->data(), deviceB->data(), deviceReference->data(),
        stream.get());
    if (!plan)
      return plan.takeError();
    if (plan->matmul) {
      matmul.emplace(std::move(*plan->matmul));
      details.cublasLtScaleModes = matmul->getScaleModes();
      details.cublasLtAlgorithm = matmul->getAlgorithmDescription();
      result.cublasVersion = static_cast<int>(cublasLtGetVersion());
    } else {
      details.noCublasLtAnchor = "cuBLASLt has no strided-batched FP8 matmul "
                                 "with " +
                                 details.scaling + " (" + plan->refusal + ")";
    }
  }
  if (matmul && !sharedScales)
    details.noCublasLtAnchor =
        "cuBLASLt's strided-batched FP8 matmul takes one set of scales for "
        "all entries (no per-entry scale mode in this cuBLASLt); the "
        "kernel's per-entry scales are checked against fp64 alone";
  auto poisonReference = [&]() {
    return deviceReference->fill(OutputPoisonByte, stream.get());
  };
  if (matmul && sharedScales) {
    std::vector<uint8_t> hostReference(cBytes);
    if (Error err = poisonReference())
      return std::move(err);
    if (Error err = matmul->run())
      return std::move(err);
    if (Error err = waitForKernel(stream.get(), "cuBLASLt's FP8 matmul"))
      return std::move(err);
    if (Error err = deviceReference->copyToHost(hostReference.data()))
      return std::move(err);
    // An anchor must pass fp64 at every entry itself.
    ErrorMetric anchorVsFp64, vsCublas;
    for (int64_t batch = 0; batch < shape.batch; ++batch) {
      HostMatrix entry = getEntryOfC(spec, shape, hostReference, batch);
      foldMetric(anchorVsFp64,
                 compareWithFp64Reference(
                     entry, samples, references[static_cast<size_t>(batch)],
                     tolerance),
                 batch == 0);
      foldMetric(vsCublas,
                 compareMatrices(getEntryOfC(spec, shape, hostC, batch), entry,
                                 tolerance),
                 batch == 0);
    }
    if (anchorVsFp64.passed)
      result.vsCublas = vsCublas;
    else
      details.noCublasLtAnchor =
          "cuBLASLt's strided-batched FP8 matmul with " + details.scaling +
          " fails the fp64 check (relative error " +
          formatv("{0:e2}", anchorVsFp64.relativeFrobenius).str() + ")";
  }

  if (!options.timing)
    return std::move(result);
  result.cublasBaseline =
      sharedScales ? "A·B" : "A·B with entry 0's scales for every entry";
  if (Error err = timeKernelAndCublas(
          device, stream.get(), options, spec.name,
          TimedWork{poisonC, launchKernel},
          matmul ? std::optional<TimedWork>(TimedWork{
                       poisonReference, [&]() { return matmul->run(); }})
                 : std::nullopt,
          result))
    return std::move(err);
  std::vector<uint8_t> repeatC(cBytes);
  if (Error err = deviceC->copyToHost(repeatC.data()))
    return std::move(err);
  result.repeatIdentical = repeatC == hostC;
  return std::move(result);
}

} // namespace runtime
} // namespace gemm_opt
