//===- ScaledGemmBenchmark.cpp - Run, check and time an FP8 kernel --------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/ScaledGemmBenchmark.h"

#include "runtime/CublasBaseline.h"
#include "runtime/CublasLtEpilogue.h"
#include "runtime/CublasLtScaledMatmul.h"
#include "runtime/CudaStream.h"
#include "runtime/DeviceBuffer.h"
#include "runtime/FusedEpilogueInputs.h"
#include "runtime/HostScales.h"
#include "runtime/KernelLaunchSetup.h"
#include "runtime/RuntimeError.h"
#include "runtime/ScaledKernelSpec.h"
#include "runtime/ScaledReference.h"
#include "runtime/ToleranceFactor.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Parallel.h"

#include <cassert>
#include <cstring>
#include <optional>
#include <tuple>

using namespace llvm;

namespace gemm_opt {
namespace runtime {

namespace {

/// A new device buffer holding the `bytes` bytes at `host`.
Expected<DeviceBuffer> upload(const void *host, size_t bytes) {
  Expected<DeviceBuffer> buffer = DeviceBuffer::allocate(bytes);
  if (!buffer)
    return buffer.takeError();
  if (Error err = buffer->copyFromHost(host))
    return std::move(err);
  return buffer;
}

/// The device copies of an FP8 GEMM's operands and scales.
struct ScaledOperands {
  DeviceBuffer a, b, c, scaleA, scaleB;
  /// cuBLASLt's D (empty without cuBLASLt).
  DeviceBuffer reference;
  /// An e4m3 C's scale_d, and the kernel's and cuBLASLt's amax of D (one
  /// f32 each; empty where the kernel has none).
  DeviceBuffer scaleD, amax, referenceAmax;
};

/// Whether `spec` takes a parameter of `kind`.
bool hasParam(const KernelSpec &spec, KernelParamSpec::Kind kind) {
  return llvm::any_of(spec.parameters, [&](const KernelParamSpec &param) {
    return param.kind == kind;
  });
}

Expected<ScaledOperands>
uploadOperands(const KernelSpec &spec, const GemmShape &shape,
               const HostMatrix &a, const HostMatrix &b,
               const HostScales &scales, bool reference) {
  ScaledOperands operands;
  for (auto [buffer, host, bytes] :
       {std::tuple<DeviceBuffer *, const void *, size_t>(&operands.a, a.data(),
                                                         a.getSizeInBytes()),
        {&operands.b, b.data(), b.getSizeInBytes()},
        {&operands.scaleA, scales.getBufferA().data(),
         scales.getBufferA().size() * sizeof(float)},
        {&operands.scaleB, scales.getBufferB().data(),
         scales.getBufferB().size() * sizeof(float)}}) {
    Expected<DeviceBuffer> uploaded = upload(host, bytes);
    if (!uploaded)
      return uploaded.takeError();
    *buffer = std::move(*uploaded);
  }
  uint64_t cBytes = getOperandLayout(shape, Operand::C)
                        .getBufferBytes(getElementSize(spec.cType));
  for (DeviceBuffer *buffer : {&operands.c, &operands.reference}) {
    if (buffer == &operands.reference && !reference)
      continue;
    Expected<DeviceBuffer> allocated = DeviceBuffer::allocate(cBytes);
    if (!allocated)
      return allocated.takeError();
    *buffer = std::move(*allocated);
  }
  bool scaleD = hasParam(spec, KernelParamSpec::Kind::ScaleDMemRef);
  bool amax = recordsAmax(spec);
  for (auto [buffer, wanted] :
       {std::pair<DeviceBuffer *, bool>(&operands.scaleD, scaleD),
        {&operands.amax, amax},
        {&operands.referenceAmax, amax && reference}}) {
    if (!wanted)
      continue;
    Expected<DeviceBuffer> allocated = DeviceBuffer::allocate(sizeof(float));
    if (!allocated)
      return allocated.takeError();
    *buffer = std::move(*allocated);
  }
  return std::move(operands);
}

/// "a=f8E4M3FN b=f8E5M2 c=bf16".
std::string describeTypes(const KernelSpec &spec) {
  return ("a=" + getElementTypeName(spec.aType) +
          " b=" + getElementTypeName(spec.bType) +
          " c=" + getElementTypeName(spec.cType))
      .str();
}

} // namespace

Expected<BenchmarkResult> runScaledBenchmark(const DeviceInfo &device,
                                             const KernelSpec &spec,
                                             const KernelImages &images,
                                             const GemmShape &shape,
                                             const BenchmarkOptions &options) {
  assert(spec.scaling && "an FP8 kernel has a scaling");
  const ScalingSpec &scaling = *spec.scaling;
  BenchmarkResult result;
  ScaledGemmDetails &details = result.scaled.emplace();
  details.scaling = scaling.describe();
  details.inputs = options.fp8Inputs;
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

  // 8-bit inputs and their scales: random on the host (kept for the fp64
  // reference), then copied.
  HostMatrix hostA(spec.aType, shape.m, shape.k, shape.lda, shape.layouts.a);
  HostMatrix hostB(spec.bType, shape.k, shape.n, shape.ldb, shape.layouts.b);
  fillFp8Random(hostA, options.fp8Inputs, options.seed * 2 + 0);
  fillFp8Random(hostB, options.fp8Inputs, options.seed * 2 + 1);
  HostScales scales(scaling, shape.m, shape.n, shape.k);
  scales.fillRandom(options.seed * 2 + 5, chooseScaleCentre(hostA, shape.k),
                    chooseScaleCentre(hostB, shape.k));
  Expected<ScaledOperands> operands = uploadOperands(
      spec, shape, hostA, hostB, scales, options.cublasReference);
  if (!operands)
    return operands.takeError();

  // The fused epilogue's inputs: random bias and residual, and for
  // alpha_beta a random initial C (its padding poisoned).
  const FusedEpilogueSpec &epilogue = spec.epilogue;
  Expected<FusedEpilogueInputs> epilogueInputs =
      FusedEpilogueInputs::create(spec, shape, options);
  if (!epilogueInputs)
    return epilogueInputs.takeError();
  const HostMatrix *hostOldC = epilogueInputs->getInitialC();
  const HostMatrix *hostResidual = epilogueInputs->getResidual();

  // Parameters, and the tensor maps they refer to, for all launches below.
  Expected<KernelLaunchSetup> setup = KernelLaunchSetup::create(
      *device.driver, spec, shape,
      {operands->a.getAddress(), operands->b.getAddress(),
       operands->c.getAddress(), operands->scaleA.getAddress(),
       operands->scaleB.getAddress(), operands->scaleD.getAddress(),
       operands->amax.getAddress()},
      epilogueInputs->getArguments(), module, result.grid, stream.get());
  if (!setup)
    return setup.takeError();
  recordLaunchedKernel(*setup, result);
  auto launchKernel = [&]() { return setup->launch(); };
  // C is poisoned before each run, or, when beta·C reads it, reset to its
  // random initial value (padding poisoned).
  auto poisonC = [&]() -> Error {
    if (hostOldC)
      return operands->c.copyFromHost(hostOldC->data());
    return operands->c.fill(OutputPoisonByte, stream.get());
  };

  // The fp64 reference at the samples, and the tolerance both checks use
  // (loosened where the scaled products cancel or the activation squashes
  // its input, getToleranceFactor).
  auto samples = chooseSampleEntries(shape.m, shape.n,
                                     options.fp64RandomSamples, options.seed);
  std::vector<double> accumulators =
      computeScaledFp64Reference(hostA, hostB, scales, samples);
  std::vector<double> fp64Reference, preActivation;
  for (auto [acc, sample] : zip_equal(accumulators, samples)) {
    fp64Reference.push_back(
        epilogueInputs->apply(sample.first, sample.second, acc));
    preActivation.push_back(epilogueInputs->applyBeforeActivation(
        sample.first, sample.second, acc));
  }
  double alpha = epilogue.alphaBeta ? options.alpha : 1.0;
  std::vector<CheckedOutputTerms> checkedTerms;
  for (auto [squares, input, expected] :
       zip_equal(computeScaledProductSquares(hostA, hostB, scales, samples),
                 preActivation, fp64Reference))
    checkedTerms.push_back({alpha * alpha * squares, input, expected});
  // An e4m3 C: e4m3's rounding on top, and a random scale_d around the
  // one that puts the largest sampled output at 448 (some saturate).
  bool quantized = isEightBitFloat(spec.cType);
  double sampledMaximum = 0.0;
  for (double value : fp64Reference)
    sampledMaximum = std::max(sampledMaximum, std::fabs(value));
  double tolerance =
      quantized ? getE4m3OutputTolerance(scaling.fastAccumulation)
                : getFp8Tolerance(spec.cType, scaling.fastAccumulation);
  result.toleranceFactor =
      getToleranceFactor(checkedTerms, epilogue.activation, tolerance);
  tolerance *= result.toleranceFactor;
  float scaleD = 1.0f;
  if (quantized) {
    scaleD = chooseOutputScale(sampledMaximum, options.seed * 2 + 7);
    details.scaleD = scaleD;
    if (Error err = operands->scaleD.copyFromHost(&scaleD))
      return std::move(err);
  }
  auto readAmax = [&](const DeviceBuffer &buffer) -> Expected<float> {
    float value = 0.0f;
    if (Error err = buffer.copyToHost(&value))
      return std::move(err);
    return value;
  };

  // The checked run of the kernel.
  HostMatrix hostC(spec.cType, shape.m, shape.n, shape.ldc, shape.layouts.c);
  if (Error err = poisonC())
    return std::move(err);
  if (Error err = launchKernel())
    return std::move(err);
  if (Error err = waitForKernel(stream.get(), "kernel " + spec.name))
    return std::move(err);
  if (Error err = operands->c.copyToHost(hostC.data()))
    return std::move(err);
  result.vsFp64 =
      quantized
          ? compareQuantizedWithFp64(hostC, samples, fp64Reference, scaleD,
                                     tolerance)
          : compareWithFp64Reference(hostC, samples, fp64Reference, tolerance);
  result.clobberedPadding = countClobberedPadding(hostC, OutputPoisonByte);
  std::optional<float> kernelAmax;
  if (operands->amax.size() > 0) {
    Expected<float> value = readAmax(operands->amax);
    if (!value)
      return value.takeError();
    kernelAmax = *value;
  }

  // cuBLASLt's FP8 matmul with the kernel's scale modes: the scaled product
  // alone for the check (the epilogue follows in fp64, as for cuBLAS). An
  // e4m3 D is quantized by cuBLASLt itself, so its activation (the only
  // epilogue an e4m3 C fuses) must come first there, with scale_d.
  GemmTypes types{spec.aType, spec.bType, spec.cType};
  std::optional<CublasLtScaledMatmul> checkedMatmul;
  CublasLtScaledMatmulOptions checkedOptions;
  std::optional<std::string> noQuantizedAnchor;
  if (quantized) {
    checkedOptions.scaleD = operands->scaleD.data();
    CublasLtEpilogueChoice activation = chooseCublasLtEpilogue(epilogue);
    if (activation.epilogue)
      checkedOptions.epilogue = *activation.epilogue;
    else if (epilogue.hasFusedOperations())
      noQuantizedAnchor = activation.reason;
  }
  // cuBLASLt's amax is of its own D: compared where that is the kernel's
  // (no epilogue, or an e4m3 D's activation done by cuBLASLt).
  bool comparesAmax = operands->referenceAmax.size() > 0 &&
                      (quantized || !epilogue.hasFusedOperations());
  if (comparesAmax)
    checkedOptions.amax = operands->referenceAmax.data();
  if (options.cublasReference && noQuantizedAnchor) {
    details.noCublasLtAnchor = "cuBLASLt cannot apply " + epilogue.describe() +
                               " before its e4m3 D (" + *noQuantizedAnchor +
                               ")";
  } else if (options.cublasReference) {
    Expected<CublasLtScaledMatmulPlan> plan = CublasLtScaledMatmul::plan(
        shape, types, scales, checkedOptions, operands->a.data(),
        operands->b.data(), operands->reference.data(), stream.get());
    // Where cuBLASLt computes no amax for these scale modes, it still
    // checks the product.
    if (plan && !plan->matmul && checkedOptions.amax) {
      details.amaxRefusal = plan->refusal;
      checkedOptions.amax = nullptr;
      comparesAmax = false;
      plan = CublasLtScaledMatmul::plan(
          shape, types, scales, checkedOptions, operands->a.data(),
          operands->b.data(), operands->reference.data(), stream.get());
    }
    if (!plan)
      return plan.takeError();
    if (plan->matmul) {
      checkedMatmul.emplace(std::move(*plan->matmul));
      details.cublasLtScaleModes = checkedMatmul->getScaleModes();
      details.cublasLtAlgorithm = checkedMatmul->getAlgorithmDescription();
      result.cublasVersion = static_cast<int>(cublasLtGetVersion());
    } else {
      details.noCublasLtAnchor = "cuBLASLt has no FP8 matmul for " +
                                 describeTypes(spec) + " with " +
                                 details.scaling + " (" + plan->refusal + ")";
    }
  }
  std::optional<float> cublasAmax;
  auto poisonReference = [&]() {
    return operands->reference.fill(OutputPoisonByte, stream.get());
  };
  if (checkedMatmul) {
    HostMatrix hostReference(spec.cType, shape.m, shape.n, shape.ldc,
                             shape.layouts.c);
    if (Error err = poisonReference())
      return std::move(err);
    if (Error err = checkedMatmul->run())
      return std::move(err);
    if (Error err = waitForKernel(stream.get(), "cuBLASLt's FP8 matmul"))
      return std::move(err);
    if (Error err = operands->reference.copyToHost(hostReference.data()))
      return std::move(err);
    if (int64_t bad = countNonFinite(hostReference))
      return makeCudaFailureError("cuBLASLt's FP8 matmul output has " +
                                  Twine(bad) + " NaN/Inf entries");
    if (epilogue.hasFusedOperations() && !quantized)
      parallelFor(0, static_cast<size_t>(shape.m), [&](size_t row) {
        int64_t r = static_cast<int64_t>(row);
        for (int64_t col = 0; col < shape.n; ++col)
          hostReference.set(r, col,
                            static_cast<float>(epilogueInputs->apply(
                                r, col, hostReference.get(r, col))));
      });
    // An anchor must itself pass fp64 at the samples. At a few degenerate
    // shapes (seen: N = 1 with per-row and per-column scales) cuBLASLt's
    // FP8 matmul returns a product far from it; then it is no anchor.
    ErrorMetric anchorVsFp64 =
        quantized ? compareQuantizedWithFp64(hostReference, samples,
                                             fp64Reference, scaleD, tolerance)
                  : compareWithFp64Reference(hostReference, samples,
                                             fp64Reference, tolerance);
    if (anchorVsFp64.passed) {
      // Two e4m3 outputs: the relative error is the same as after
      // dequantizing both by scale_d.
      result.vsCublas = compareMatrices(hostC, hostReference, tolerance);
      if (comparesAmax) {
        Expected<float> value = readAmax(operands->referenceAmax);
        if (!value)
          return value.takeError();
        cublasAmax = *value;
      }
    } else
      details.noCublasLtAnchor =
          "cuBLASLt's FP8 matmul with " + details.scaling +
          " fails the fp64 check at this shape (relative error " +
          formatv("{0:e2}", anchorVsFp64.relativeFrobenius).str() + ")";
  }

  if (kernelAmax)
    details.amax =
        checkAmax(*kernelAmax, hostC,
                  quantized ? std::optional<float>(scaleD) : std::nullopt,
                  sampledMaximum, cublasAmax, tolerance);

  if (!options.timing)
    return std::move(result);

  // The timed cuBLASLt matmul does what it can of the epilogue's work:
  // alpha and beta, or beta = 1 over the residual (CublasBaseline.h), and
  // its bias/activation epilogue where it has the kernel's.
  CublasBaseline baseline =
      getCublasBaseline(epilogue, options.alpha, options.beta);
  FusedEpilogueSpec biasAndActivation = epilogue;
  biasAndActivation.alphaBeta = false;
  biasAndActivation.residual = false;
  CublasLtEpilogueChoice choice = chooseCublasLtEpilogue(biasAndActivation);
  cublasLtEpilogue_t ltEpilogue =
      choice.epilogue.value_or(CUBLASLT_EPILOGUE_DEFAULT);
  std::optional<CublasLtScaledMatmul> fusedMatmul;
  CublasLtScaledMatmul *timedMatmul = checkedMatmul ? &*checkedMatmul : nullptr;
  CublasBaseline timedBaseline;
  result.cublasBaseline = timedBaseline.describe();
  // The checked matmul into an e4m3 D already has its activation.
  bool fuses = !quantized && (!baseline.isPlainProduct() ||
                              ltEpilogue != CUBLASLT_EPILOGUE_DEFAULT);
  if (checkedMatmul && fuses) {
    CublasLtScaledMatmulOptions fused;
    fused.alpha = baseline.alpha;
    fused.beta = baseline.beta;
    fused.epilogue = ltEpilogue;
    fused.bias =
        reinterpret_cast<const void *>(epilogueInputs->getArguments().bias);
    fused.amax = operands->referenceAmax.size() > 0
                     ? operands->referenceAmax.data()
                     : nullptr;
    Expected<CublasLtScaledMatmulPlan> plan = CublasLtScaledMatmul::plan(
        shape, types, scales, fused, operands->a.data(), operands->b.data(),
        operands->reference.data(), stream.get());
    if (!plan)
      return plan.takeError();
    std::string fusedWork = baseline.describe();
    if (ltEpilogue != CUBLASLT_EPILOGUE_DEFAULT)
      fusedWork += ", epilogue " + getCublasLtEpilogueName(ltEpilogue);
    if (plan->matmul) {
      fusedMatmul.emplace(std::move(*plan->matmul));
      timedMatmul = &*fusedMatmul;
      timedBaseline = baseline;
      result.cublasBaseline = fusedWork;
    } else {
      result.cublasBaseline += " (cuBLASLt refuses " + fusedWork +
                               " with these scale modes: " + plan->refusal +
                               ")";
    }
  }
  if (!choice.epilogue && epilogue.hasFusedOperations())
    result.cublasBaseline += " (" + choice.reason + ")";
  auto prepareBaselineC = [&]() -> Error {
    switch (timedBaseline.initialC) {
    case CublasBaseline::InitialC::None:
      return poisonReference();
    case CublasBaseline::InitialC::KernelC:
      return operands->reference.copyFromHost(hostOldC->data());
    case CublasBaseline::InitialC::Residual:
      return operands->reference.copyFromHost(hostResidual->data());
    }
    llvm_unreachable("every initial C is handled");
  };
  auto runBaseline = [&]() { return timedMatmul->run(); };

  // The kernel and cuBLASLt alternate run by run (see timeInterleaved).
  if (Error err =
          timeKernelAndCublas(device, stream.get(), options, spec.name,
                              TimedWork{poisonC, launchKernel},
                              timedMatmul ? std::optional<TimedWork>(TimedWork{
                                                prepareBaselineC, runBaseline})
                                          : std::nullopt,
                              result))
    return std::move(err);

  HostMatrix repeatC(spec.cType, shape.m, shape.n, shape.ldc, shape.layouts.c);
  if (Error err = operands->c.copyToHost(repeatC.data()))
    return std::move(err);
  result.repeatIdentical =
      std::memcmp(repeatC.data(), hostC.data(), hostC.getSizeInBytes()) == 0;
  return std::move(result);
}

} // namespace runtime
} // namespace gemm_opt
