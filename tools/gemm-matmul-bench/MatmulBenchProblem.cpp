//===- MatmulBenchProblem.cpp - one problem of gemm-matmul-bench ----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "MatmulBenchProblem.h"

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

static MatrixLayout getLayout(MatrixOrder order) {
  return order == MatrixOrder::RowMajor ? MatrixLayout::Row : MatrixLayout::Col;
}

/// A random host matrix of `rows` x `cols`, packed in `order`.
static HostMatrix makeInput(ElementType type, int64_t rows, int64_t cols,
                            MatrixOrder order, uint64_t seed) {
  MatrixLayout layout = getLayout(order);
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

Expected<MatmulBenchResult>
runMatmulBenchProblem(MatmulHandle &handle, const MatmulProblem &problem,
                      MatmulBenchBuffers &buffers, cudaStream_t stream,
                      L2Flusher &flusher, unsigned runs) {
  std::optional<ElementType> inputType = parseElementType(problem.aType);
  std::optional<ElementType> outputType = parseElementType(problem.cType);
  if (!inputType || !outputType)
    return makeBadInputError("unknown element type in " +
                             getWeightKey(problem));
  MatmulBenchResult result;
  Expected<MatmulChoice> choice = handle.explain(problem);
  if (!choice)
    return choice.takeError();
  result.choice = *choice;

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
  result.weightBytes = double(buffers.hostB->getSizeInBytes());
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
                                   MatrixLayouts{getLayout(problem.orderA),
                                                 getLayout(problem.orderB),
                                                 MatrixLayout::Row});
  GemmProblem reference =
      GemmProblem::get(shape, *inputType, *inputType, *outputType);

  auto runOurs = [&]() -> Error {
    return matmul(handle, problem, buffers.a.data(), buffers.b.data(),
                  buffers.c.data(), {}, stream);
  };
  auto runCublas = [&]() -> Error {
    return (*cublas)->gemm(reference, buffers.a.data(), buffers.b.data(),
                           buffers.reference.data());
  };

  // The checked run: both outputs poisoned first.
  if (Error error = buffers.c.fill(OutputPoisonByte, stream))
    return std::move(error);
  if (Error error = buffers.reference.fill(OutputPoisonByte, stream))
    return std::move(error);
  if (Error error = runOurs())
    return std::move(error);
  if (Error error = runCublas())
    return std::move(error);
  if (Error error = waitForKernel(stream, "matmul"))
    return std::move(error);
  Expected<HostMatrix> ours =
      download(buffers.c, *outputType, problem.m, problem.n);
  if (!ours)
    return ours.takeError();
  Expected<HostMatrix> theirs =
      download(buffers.reference, *outputType, problem.m, problem.n);
  if (!theirs)
    return theirs.takeError();

  double tolerance =
      getTolerance(*inputType, *outputType, /*exactFp32Math=*/
                   *inputType == ElementType::F32 && !problem.allowTf32);
  std::vector<std::pair<int64_t, int64_t>> samples =
      chooseSampleEntries(problem.m, problem.n, 4096, 3);
  std::vector<double> exact =
      computeFp64Reference(*buffers.hostA, *buffers.hostB, samples);
  result.vsFp64 = compareWithFp64Reference(*ours, samples, exact, tolerance);
  std::vector<double> oursAt, theirsAt;
  for (auto [row, col] : samples) {
    oursAt.push_back(ours->get(row, col));
    theirsAt.push_back(theirs->get(row, col));
  }
  result.vsCublas = computeErrorMetric(oursAt, theirsAt, tolerance);
  if (int64_t bad = countNonFinite(*ours))
    result.failure = formatv("{0} NaN or Inf entries in C", bad).str();
  else if (!result.vsFp64.passed)
    result.failure = formatv("relative error {0:e} against fp64 above {1}",
                             result.vsFp64.relativeFrobenius, tolerance)
                         .str();
  else if (!result.vsCublas.passed)
    result.failure = formatv("relative error {0:e} against cuBLAS above {1}",
                             result.vsCublas.relativeFrobenius, tolerance)
                         .str();

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
