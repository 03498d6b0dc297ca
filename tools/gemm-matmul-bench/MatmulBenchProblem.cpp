//===- MatmulBenchProblem.cpp - one problem of gemm-matmul-bench ----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "MatmulBenchProblem.h"

#include "jit/KernelLaunchArguments.h"
#include "runtime/CudaStream.h"
#include "runtime/GemmProblem.h"
#include "runtime/RuntimeError.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;
using namespace gemm_opt::runtime;

namespace gemm_opt {

using jit::MatrixOrder;

std::string getWeightKey(const MatmulProblem &p) {
  return formatv("{0}{1} {2} {3}x{4}", p.aType, p.allowTf32 ? "/tf32" : "",
                 getOrderName(p.orderB), p.n, p.k)
      .str();
}

/// A random host matrix of `rows` x `cols`, packed in `order`.
static HostMatrix makeInput(ElementType type, int64_t rows, int64_t cols,
                            MatrixOrder order, uint64_t seed) {
  MatrixLayout layout = jit::getMatrixLayout(order);
  HostMatrix matrix(type, rows, cols, layout == MatrixLayout::Row ? cols : rows,
                    layout);
  matrix.fillRandom(seed);
  return matrix;
}

/// Grows `buffer` to at least `bytes`.
static Error reserve(DeviceBuffer &buffer, size_t bytes) {
  if (buffer.size() >= bytes)
    return Error::success();
  buffer = DeviceBuffer();
  Expected<DeviceBuffer> grown = DeviceBuffer::allocate(bytes);
  if (!grown)
    return grown.takeError();
  buffer = std::move(*grown);
  return Error::success();
}

static Error upload(DeviceBuffer &buffer, const HostMatrix &matrix) {
  if (Error error = reserve(buffer, matrix.getSizeInBytes()))
    return error;
  if (cudaMemcpy(buffer.data(), matrix.data(), matrix.getSizeInBytes(),
                 cudaMemcpyHostToDevice) != cudaSuccess)
    return makeCudaFailureError("uploading an input failed");
  return Error::success();
}

/// Reads C's M x N (packed row-major) back into a host matrix.
static Expected<HostMatrix> download(const DeviceBuffer &buffer,
                                     ElementType type, int64_t m, int64_t n) {
  HostMatrix matrix(type, m, n, n);
  if (cudaMemcpy(matrix.data(), buffer.data(), matrix.getSizeInBytes(),
                 cudaMemcpyDeviceToHost) != cudaSuccess)
    return makeCudaFailureError("reading C back failed");
  return std::move(matrix);
}

static Expected<CublasReference *> getCublas(MatmulBenchBuffers &buffers,
                                             cublasComputeType_t computeType,
                                             cudaStream_t stream) {
  auto found = buffers.cublas.find(int(computeType));
  if (found != buffers.cublas.end())
    return &found->second;
  Expected<CublasReference> created =
      CublasReference::create(stream, computeType);
  if (!created)
    return created.takeError();
  return &buffers.cublas.emplace(int(computeType), std::move(*created))
              .first->second;
}

Expected<MatmulBenchInputs>
prepareMatmulBenchInputs(const MatmulProblem &problem,
                         MatmulBenchBuffers &buffers, cudaStream_t stream) {
  std::optional<ElementType> inputType = parseElementType(problem.aType);
  std::optional<ElementType> outputType = parseElementType(problem.cType);
  if (!inputType || !outputType)
    return makeBadInputError("unknown element type in " +
                             getWeightKey(problem));
  // Inputs: A per (type, M, K, layout), B per weight key; seeded, so a
  // problem's inputs do not depend on the order problems run in.
  std::string aKey =
      formatv("{0} {1} {2}x{3}", problem.aType, getOrderName(problem.orderA),
              problem.m, problem.k);
  if (buffers.aKey != aKey) {
    buffers.hostA.emplace(
        makeInput(*inputType, problem.m, problem.k, problem.orderA, 1));
    if (Error error = upload(buffers.a, *buffers.hostA))
      return std::move(error);
    buffers.aKey = aKey;
  }
  std::string bKey = getWeightKey(problem);
  if (buffers.bKey != bKey) {
    buffers.hostB.emplace(
        makeInput(*inputType, problem.k, problem.n, problem.orderB, 2));
    if (Error error = upload(buffers.b, *buffers.hostB))
      return std::move(error);
    buffers.bKey = bKey;
  }
  size_t cBytes = size_t(problem.m * problem.n) * getElementSize(*outputType);
  if (Error error = reserve(buffers.c, cBytes))
    return std::move(error);
  if (Error error = reserve(buffers.reference, cBytes))
    return std::move(error);

  cublasComputeType_t computeType =
      problem.allowTf32 ? CUBLAS_COMPUTE_32F_FAST_TF32 : CUBLAS_COMPUTE_32F;
  Expected<CublasReference *> cublas = getCublas(buffers, computeType, stream);
  if (!cublas)
    return cublas.takeError();
  GemmShape shape = GemmShape::get(problem.m, problem.n, problem.k, 0, 0, 0,
                                   MatrixLayouts{jit::getMatrixLayout(problem.orderA),
                                                 jit::getMatrixLayout(problem.orderB),
                                                 MatrixLayout::Row});
  MatmulBenchInputs inputs;
  inputs.cublas = *cublas;
  inputs.reference =
      GemmProblem::get(shape, *inputType, *inputType, *outputType);
  inputs.inputType = *inputType;
  inputs.outputType = *outputType;
  inputs.weightBytes = double(buffers.hostB->getSizeInBytes());
  return std::move(inputs);
}

Error MatmulBenchInputs::runCublas(MatmulBenchBuffers &buffers) const {
  return cublas->gemm(reference, buffers.a.data(), buffers.b.data(),
                      buffers.reference.data());
}

Expected<MatmulCheck> checkMatmulOutput(const MatmulProblem &problem,
                                        const MatmulBenchInputs &inputs,
                                        MatmulBenchBuffers &buffers,
                                        cudaStream_t stream,
                                        function_ref<Error()> run) {
  // Both outputs poisoned first.
  if (Error error = buffers.c.fill(OutputPoisonByte, stream))
    return std::move(error);
  if (Error error = buffers.reference.fill(OutputPoisonByte, stream))
    return std::move(error);
  if (Error error = run())
    return std::move(error);
  if (Error error = inputs.runCublas(buffers))
    return std::move(error);
  if (Error error = waitForKernel(stream, "matmul"))
    return std::move(error);
  Expected<HostMatrix> ours =
      download(buffers.c, inputs.outputType, problem.m, problem.n);
  if (!ours)
    return ours.takeError();
  Expected<HostMatrix> theirs =
      download(buffers.reference, inputs.outputType, problem.m, problem.n);
  if (!theirs)
    return theirs.takeError();

  MatmulCheck check;
  double tolerance =
      getTolerance(inputs.inputType, inputs.outputType, /*exactFp32Math=*/
                   inputs.inputType == ElementType::F32 && !problem.allowTf32);
  std::vector<std::pair<int64_t, int64_t>> samples =
      chooseSampleEntries(problem.m, problem.n, 4096, 3);
  std::vector<double> exact =
      computeFp64Reference(*buffers.hostA, *buffers.hostB, samples);
  check.vsFp64 = compareWithFp64Reference(*ours, samples, exact, tolerance);
  std::vector<double> oursAt, theirsAt;
  for (auto [row, col] : samples) {
    oursAt.push_back(ours->get(row, col));
    theirsAt.push_back(theirs->get(row, col));
  }
  check.vsCublas = computeErrorMetric(oursAt, theirsAt, tolerance);
  if (int64_t bad = countNonFinite(*ours))
    check.failure = formatv("{0} NaN or Inf entries in C", bad).str();
  else if (!check.vsFp64.passed)
    check.failure = formatv("relative error {0:e} against fp64 above {1}",
                            check.vsFp64.relativeFrobenius, tolerance)
                        .str();
  else if (!check.vsCublas.passed)
    check.failure = formatv("relative error {0:e} against cuBLAS above {1}",
                            check.vsCublas.relativeFrobenius, tolerance)
                        .str();
  return std::move(check);
}

Expected<MatmulBenchResult>
runMatmulBenchProblem(MatmulHandle &handle, const MatmulProblem &problem,
                      MatmulBenchBuffers &buffers, cudaStream_t stream,
                      L2Flusher &flusher, unsigned runs) {
  MatmulBenchResult result;
  Expected<MatmulChoice> choice = handle.explain(problem);
  if (!choice)
    return choice.takeError();
  result.choice = *choice;
  Expected<MatmulBenchInputs> inputs =
      prepareMatmulBenchInputs(problem, buffers, stream);
  if (!inputs)
    return inputs.takeError();
  result.weightBytes = inputs->weightBytes;

  auto runOurs = [&]() -> Error {
    return matmul(handle, problem, buffers.a.data(), buffers.b.data(),
                  buffers.c.data(), {}, stream);
  };
  auto runCublas = [&]() -> Error { return inputs->runCublas(buffers); };
  Expected<MatmulCheck> check =
      checkMatmulOutput(problem, *inputs, buffers, stream, runOurs);
  if (!check)
    return check.takeError();
  result.check = std::move(*check);

  TimingOptions timing;
  timing.warmupRuns = 3;
  timing.timedRuns = runs;
  auto none = [] { return Error::success(); };
  Expected<std::vector<TimingStats>> stats =
      timeInterleaved(stream, flusher, timing,
                      {TimedWork{none, runOurs}, TimedWork{none, runCublas}});
  if (!stats)
    return stats.takeError();
  result.oursMs = (*stats)[0].medianMs;
  result.cublasMs = (*stats)[1].medianMs;
  return std::move(result);
}

} // namespace gemm_opt
