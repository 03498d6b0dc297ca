//===- ProblemRun.cpp - Run and check one kernel on a GemmProblem ---------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/ProblemRun.h"

#include "runtime/CublasReference.h"
#include "runtime/CudaStream.h"
#include "runtime/DeviceBuffer.h"
#include "runtime/KernelLaunchSetup.h"
#include "runtime/ProblemInputs.h"
#include "runtime/ProblemReference.h"
#include "runtime/ProblemUpload.h"
#include "runtime/RuntimeError.h"
#include "runtime/TransposedProblem.h"

#include <cmath>
#include <utility>
#include <cstring>

using namespace llvm;

namespace gemm_opt {
namespace runtime {

namespace {
/// What the runtime's parameter packing (KernelParams.h) can pass today.
Error checkRuntimeLaunchSupport(const KernelSpec &spec,
                                const GemmProblem &problem) {
  std::string kernel = "kernel " + spec.name;
  // A GemmProblem has no scales; gemm-run runs FP8 kernels
  // (ScaledGemmBenchmark.h).
  if (spec.scaling)
    return makeRefusal(RefusalReason::Launch,
                       kernel + " is an FP8 GEMM (" + spec.scaling->describe() +
                           "), whose scales a GemmProblem does not describe; "
                           "gemm-run runs it");
  // Layouts the metadata declares are passed as they are (memref strides
  // and tensor maps of the stored matrix); checkShapeSupported refuses any
  // other.
  // A batched kernel takes batch strides in its rank-3 memrefs and 3-D
  // tensor maps; any other runs one batch entry.
  if (problem.batchCount != 1 && !spec.stridedBatch)
    return makeRefusal(RefusalReason::Batch,
                       kernel + " is not batched; batch count " +
                           Twine(problem.batchCount) + " is refused");
  // The epilogue's alpha, beta and bias are passed to a kernel that fuses
  // them (checkCapabilities matched the problem's epilogue to the kernel's).
  return Error::success();
}

/// The shape `spec`'s kernel runs for `problem`: the problem's, or its
/// transposed problem where the kernel runs that (a kernel compiled with A
/// and B exchanged, on the layouts of the GEMM as written;
/// TransposedProblem.h).
GemmShape getKernelShape(const KernelSpec &spec, const GemmProblem &problem) {
  GemmShape shape = problem.getShape();
  return runsTransposed(spec, shape.layouts) ? getTransposedProblem(shape)
                                             : shape;
}

Error asLaunchRefusal(Error err) {
  if (!err)
    return err;
  return makeRefusal(RefusalReason::Launch, toString(std::move(err)));
}

/// Whether each element of C's buffer belongs to its view.
std::vector<bool> markOutputView(const GemmProblem &problem) {
  std::vector<bool> inView(
      static_cast<size_t>(problem.getBufferElements(Operand::C)), false);
  for (int64_t batch = 0; batch < problem.batchCount; ++batch)
    for (int64_t row = 0; row < problem.m; ++row)
      for (int64_t col = 0; col < problem.n; ++col)
        inView[static_cast<size_t>(
            problem.getElementIndex(Operand::C, batch, row, col))] = true;
  return inView;
}

int64_t countClobbered(const GemmProblem &problem,
                       const std::vector<uint8_t> &before,
                       const std::vector<uint8_t> &after) {
  size_t size = getElementSize(problem.c.type);
  std::vector<bool> inView = markOutputView(problem);
  int64_t clobbered = 0;
  for (size_t i = 0; i < inView.size(); ++i)
    if (!inView[i] &&
        std::memcmp(&before[i * size], &after[i * size], size) != 0)
      ++clobbered;
  return clobbered;
}

/// The cuBLAS result at every output entry, in `entries` order.
Expected<std::vector<double>>
computeCublasReference(const ProblemInputs &inputs, const DeviceBuffer &a,
                       const DeviceBuffer &b, cudaStream_t stream,
                       ArrayRef<OutputEntry> entries,
                       cublasComputeType_t computeType) {
  // cuBLAS writes an f32 copy of C's view (offset 0), which holds C's input
  // when beta != 0.
  GemmProblem problem = inputs.getProblem();
  problem.c.type = ElementType::F32;
  problem.c.offset = 0;
  std::vector<uint8_t> initial(
      static_cast<size_t>(problem.getBufferElements(Operand::C)) * 4,
      OutputPoisonByte);
  if (problem.epilogue.beta != 0.0)
    for (const OutputEntry &entry : entries)
      storeElement(ElementType::F32, initial.data(),
                   static_cast<size_t>(problem.getElementIndex(
                       Operand::C, entry.batch, entry.row, entry.col)),
                   static_cast<float>(inputs.get(Operand::C, entry.batch,
                                                 entry.row, entry.col)));
  Expected<DeviceBuffer> c = uploadBytes(initial);
  if (!c)
    return c.takeError();
  Expected<CublasReference> cublas = CublasReference::create(stream, computeType);
  if (!cublas)
    return cublas.takeError();
  if (Error err = cublas->gemm(problem, a.data(), b.data(), c->data()))
    return std::move(err);
  if (Error err = waitForKernel(stream, "the cuBLAS reference"))
    return std::move(err);
  if (Error err = c->copyToHost(initial.data()))
    return std::move(err);
  std::vector<double> values;
  values.reserve(entries.size());
  for (const OutputEntry &entry : entries) {
    double value = loadElement(
        ElementType::F32, initial.data(),
        static_cast<size_t>(problem.getElementIndex(Operand::C, entry.batch,
                                                    entry.row, entry.col)));
    if (!std::isfinite(value))
      return makeCudaFailureError("the cuBLAS reference output has NaN/Inf "
                                  "entries");
    values.push_back(applyEpilogueTail(inputs, value, entry));
  }
  return std::move(values);
}

std::vector<double> readOutput(const GemmProblem &problem,
                               const std::vector<uint8_t> &buffer,
                               ArrayRef<OutputEntry> entries) {
  std::vector<double> values;
  values.reserve(entries.size());
  for (const OutputEntry &entry : entries)
    values.push_back(loadElement(
        problem.c.type, buffer.data(),
        static_cast<size_t>(problem.getElementIndex(Operand::C, entry.batch,
                                                    entry.row, entry.col))));
  return values;
}

std::vector<OutputEntry> listAllOutputEntries(const GemmProblem &problem) {
  return chooseOutputEntries(problem, std::numeric_limits<int64_t>::max(), 0,
                             0);
}
} // namespace

Error checkProblemLaunchable(const KernelSpec &spec,
                             const KernelCapabilities &capabilities,
                             const GemmProblem &problem) {
  if (Error err = verifyProblem(problem))
    return err;
  if (Error err = checkCapabilities(capabilities, problem))
    return err;
  if (Error err = checkRuntimeLaunchSupport(spec, problem))
    return err;
  GemmShape shape = getKernelShape(spec, problem);
  if (Error err = asLaunchRefusal(checkShapeSupported(spec, shape)))
    return err;
  Expected<LaunchGrid> grid = computeGrid(spec, shape, 1);
  if (!grid)
    return asLaunchRefusal(grid.takeError());
  return Error::success();
}

Expected<ProblemRunResult>
runProblem(const DeviceInfo &device, const KernelSpec &spec,
           const KernelCapabilities &capabilities, const KernelImages &images,
           const GemmProblem &problem, const ProblemRunOptions &options) {
  if (Error err = checkProblemLaunchable(spec, capabilities, problem))
    return std::move(err);
  GemmShape shape = getKernelShape(spec, problem);
  ProblemRunResult result;
  result.tolerance = getTolerance(problem.a.type, problem.c.type,
                                  spec.exactFp32Math);
  Expected<LoadedGemmKernel> kernel =
      loadGemmKernel(spec, images, device, shape);
  if (!kernel)
    return kernel.takeError();
  result.grid = kernel->grid;
  KernelModule &module = kernel->module;
  CudaStream stream;
  if (Error err = stream.create())
    return std::move(err);

  ProblemInputs inputs(problem, options.seed);
  Expected<UploadedOperands> operands = uploadOperands(inputs);
  if (!operands)
    return operands.takeError();
  DeviceBuffer *a = &operands->a, *b = &operands->b, *c = &operands->c;
  // The transposed problem reads A's buffer as its B and B's as its A.
  OperandAddresses views = operands->views;
  if (runsTransposed(spec, problem.getShape().layouts))
    std::swap(views.a, views.b);
  Expected<KernelLaunchSetup> setup = KernelLaunchSetup::create(
      *device.driver, spec, shape, views,
      operands->getEpilogueArguments(problem.epilogue), module, result.grid,
      stream.get());
  if (!setup)
    return setup.takeError();
  result.stagedOperands = setup->describeStagedOperands();
  result.launchedKernel = setup->getFunctionName().str();
  result.wholeTileVariant = setup->usesWholeTileVariant();
  if (Error err = setup->launch())
    return std::move(err);
  if (Error err = waitForKernel(stream.get(), "kernel " + spec.name))
    return std::move(err);
  std::vector<uint8_t> output(inputs.getBuffer(Operand::C).size());
  if (Error err = c->copyToHost(output.data()))
    return std::move(err);
  result.clobberedElements =
      countClobbered(problem, inputs.getBuffer(Operand::C), output);

  // The fp64 reference first: its products set the tolerance of both
  // checks (loosened where the sums cancel or the activation squashes its
  // input, getToleranceFactor).
  std::vector<OutputEntry> sampled =
      chooseOutputEntries(problem, options.fp64AllEntriesLimit,
                          options.fp64RandomSamples, options.seed);
  std::vector<double> fp64Reference = computeProblemReference(inputs, sampled);
  result.toleranceFactor =
      computeProblemToleranceFactor(inputs, sampled, result.tolerance);
  result.tolerance *= result.toleranceFactor;

  std::vector<OutputEntry> allEntries = listAllOutputEntries(problem);
  std::vector<double> actualAll = readOutput(problem, output, allEntries);
  if (options.cublasReference) {
    Expected<std::vector<double>> expected =
        computeCublasReference(inputs, *a, *b, stream.get(), allEntries,
                               getCublasComputeType(problem.a.type,
                                                    spec.exactFp32Math));
    if (!expected)
      return expected.takeError();
    result.vsCublas =
        computeErrorMetric(actualAll, *expected, result.tolerance);
  }
  result.vsFp64 = computeErrorMetric(readOutput(problem, output, sampled),
                                     fp64Reference, result.tolerance);
  // A NaN anywhere in the output fails the fp64 check too.
  int64_t nonFinite = 0;
  for (double value : actualAll)
    if (!std::isfinite(value))
      ++nonFinite;
  if (nonFinite > 0) {
    result.vsFp64.nonFiniteCount = nonFinite;
    result.vsFp64.passed = false;
    result.vsFp64.relativeFrobenius = std::numeric_limits<double>::quiet_NaN();
  }
  return std::move(result);
}

} // namespace runtime
} // namespace gemm_opt
