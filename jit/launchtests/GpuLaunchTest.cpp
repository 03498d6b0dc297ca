//===- GpuLaunchTest.cpp - launching bundles through GemmKernel on a GPU --===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Kernels compiled ahead of time (gemm-translate --to-bundle), read with
// readCompiledKernel and launched through GemmKernel, as a service built
// without LLVM/MLIR would. For every bundle given (GpuTestBundles.h):
//
//   - CapturedLaunchReplaysWithNewData: prepare(), then a launch captured
//     into a CUDA graph (with a caller workspace where the kernel takes
//     one), replayed three times with new A and B in the same buffers, each
//     result checked against cuBLAS. Launches the capture cannot take are
//     refused with an error and leave it intact: a kernel not loaded yet,
//     an argument set not prepared (kernels with tensor maps in device
//     memory), a split-K kernel without a caller workspace.
//   - ManyLaunchesKeepDeviceMemoryFlat: 10,000 launches, each with
//     pointers no launch before used (300 A buffers, C moving within 300
//     buffers): device memory (cudaMemGetInfo) does not grow after the
//     first 1,000, the kernel keeps at most its argument-set limit, and the
//     last launches' results match cuBLAS.
//   - RepeatedArgumentsRunReady: launches with more argument sets than the
//     kernel keeps ready, then again with the most recent one (enqueued from
//     its ready launch) and the first one (evicted, made again), with new
//     data in A each time: every result matches cuBLAS, and kernels with
//     tensor maps by value keep at most their ready-launch limit.
//
// Every output is poisoned (0xff: NaN) before the run that writes it; a NaN
// never passes. Skips without a GPU or without bundles. FP8 bundles
// (8-bit A and B with scales) are GpuFp8LaunchTest.cpp's, grouped ones
// GpuGroupedLaunchTest.cpp's.
//
//===----------------------------------------------------------------------===//

#include "GpuTestBundles.h"
#include "GpuTestChecks.h"
#include "GpuTestKernel.h"
#include "jit/GemmKernel.h"
#include "runtime/CublasReference.h"
#include "runtime/DeviceBuffer.h"
#include "runtime/HostMatrix.h"
#include "runtime/KernelArguments.h"
#include "runtime/TransposedProblem.h"
#include "runtime/Validation.h"
#include "llvm/Support/MathExtras.h"

#include "gtest/gtest.h"

#include <cuda_runtime_api.h>

using namespace llvm;
using namespace gemm_opt::jit;
using namespace gemm_opt::runtime;

namespace {

/// The text of an error that must be there; empty if there was none.
std::string expectError(Error error) {
  EXPECT_TRUE(bool(error)) << "expected an error";
  return error ? toString(std::move(error)) : std::string();
}

/// A bundle's kernel and what the tests need to know of it.
struct BundleKernel : TestKernel {
  GemmTypes types; ///< Of the caller's row-major problem.
  bool transposed = false;
  /// Its launches keep device state per argument set (tensor maps in
  /// device memory).
  bool mapsInMemory = false;

  double getTolerance() const {
    return gemm_opt::runtime::getTolerance(types.a, types.c,
                                           spec->exactFp32Math);
  }
};

void loadBundle(const std::string &path, BundleKernel &bundle) {
  ASSERT_NO_FATAL_FAILURE(loadTestKernel(path, bundle));
  bundle.transposed = runsTransposed(*bundle.spec, MatrixLayouts());
  Operand a = bundle.transposed ? Operand::B : Operand::A;
  Operand b = bundle.transposed ? Operand::A : Operand::B;
  bundle.types = {bundle.spec->getOperandType(a),
                  bundle.spec->getOperandType(b),
                  bundle.spec->getOperandType(Operand::C)};
  bundle.mapsInMemory = getGlobalTensorMapCount(*bundle.spec) > 0;
}

/// M = N = K = `target`, each rounded up to what the kernel divides.
GemmShape chooseShape(const BundleKernel &bundle, int64_t target) {
  const ProblemTile &divisible = bundle.spec->requiresDivisible;
  int64_t m = bundle.transposed ? divisible.n : divisible.m;
  int64_t n = bundle.transposed ? divisible.m : divisible.n;
  auto up = [&](int64_t step) {
    return int64_t(
        alignTo(uint64_t(target), uint64_t(std::max<int64_t>(step, 1))));
  };
  return GemmShape::get(up(m), up(n), up(divisible.k));
}

GemmArguments makeArguments(const GemmShape &shape, const void *a,
                            const void *b, void *c) {
  GemmArguments args{a, b, c, shape.m, shape.n, shape.k};
  return args;
}

size_t bytesOf(ElementType type, int64_t rows, int64_t cols) {
  return size_t(rows) * size_t(cols) * getElementSize(type);
}

/// Random rows x cols of `type` (seeded), copied to `device`.
void uploadRandom(ElementType type, int64_t rows, int64_t cols, uint64_t seed,
                  void *device) {
  HostMatrix host(type, rows, cols, cols);
  host.fillRandom(seed);
  ASSERT_CUDA(cudaMemcpy(device, host.data(), host.getSizeInBytes(),
                         cudaMemcpyHostToDevice));
}

/// Compares the row-major M x N results at `actual` and `expected`.
void expectSameResult(const BundleKernel &bundle, const GemmShape &shape,
                      const void *actual, const void *expected) {
  HostMatrix got(bundle.types.c, shape.m, shape.n, shape.n);
  HostMatrix want(bundle.types.c, shape.m, shape.n, shape.n);
  ASSERT_CUDA(cudaMemcpy(got.data(), actual, got.getSizeInBytes(),
                         cudaMemcpyDeviceToHost));
  ASSERT_CUDA(cudaMemcpy(want.data(), expected, want.getSizeInBytes(),
                         cudaMemcpyDeviceToHost));
  ErrorMetric metric = compareMatrices(got, want, bundle.getTolerance());
  EXPECT_EQ(metric.nonFiniteCount, 0);
  EXPECT_TRUE(metric.passed)
      << "relative Frobenius error " << metric.relativeFrobenius
      << " (tolerance " << metric.tolerance << "), max abs error "
      << metric.maxAbsError << ", " << metric.nonFiniteCount
      << " non-finite of " << metric.count;
}

/// Poisons `expected` and writes cuBLAS's A·B there.
void computeReference(CublasReference &cublas, const BundleKernel &bundle,
                      const GemmShape &shape, const void *a, const void *b,
                      void *expected, cudaStream_t stream) {
  ASSERT_CUDA(cudaMemsetAsync(expected, OutputPoisonByte,
                              bytesOf(bundle.types.c, shape.m, shape.n),
                              stream));
  ASSERT_NO_ERROR(cublas.gemm(shape, bundle.types, a, b, expected));
  ASSERT_CUDA(cudaStreamSynchronize(stream));
}

/// Loads `path` into `bundle`; `plain`: it is neither an FP8 nor a grouped
/// kernel (GpuFp8LaunchTest.cpp and GpuGroupedLaunchTest.cpp test those).
void loadPlainBundle(const std::string &path, BundleKernel &bundle,
                     bool &plain) {
  ASSERT_NO_FATAL_FAILURE(loadBundle(path, bundle));
  plain = !bundle.spec->scaling && !bundle.spec->grouped;
}

/// A caller workspace for launches with `args` where the kernel takes one
/// (else an empty one): `fill` in every byte; with `zeroCounters`, every
/// launch zeroes its counters, otherwise `fill` must be 0.
void makeCallerWorkspace(const BundleKernel &bundle, const GemmArguments &args,
                         int fill, bool zeroCounters, DeviceBuffer &buffer,
                         LaunchWorkspace &workspace) {
  Expected<size_t> bytes = bundle.kernel->getWorkspaceSize(args);
  ASSERT_TRUE(bool(bytes)) << toString(bytes.takeError());
  workspace = {};
  if (*bytes == 0)
    return;
  ASSERT_NO_FATAL_FAILURE(allocateTestBuffer(*bytes, buffer));
  ASSERT_CUDA(cudaMemset(buffer.data(), fill, *bytes));
  workspace = {buffer.data(), *bytes, zeroCounters};
}

class GpuLaunchTest : public ::testing::Test {
protected:
  void SetUp() override {
    int devices = 0;
    if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
      (void)cudaGetLastError();
      GTEST_SKIP() << "no CUDA device";
    }
    if (getTestBundles().empty())
      GTEST_SKIP() << "no bundles: pass kernel.json paths (or directories) "
                      "as arguments or in "
                   << TestBundlesVariable;
    ASSERT_CUDA(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  }
  void TearDown() override {
    if (stream)
      EXPECT_EQ(cudaStreamDestroy(stream), cudaSuccess);
  }

  Expected<CublasReference> makeCublas(const BundleKernel &bundle) {
    return CublasReference::create(
        stream,
        getCublasComputeType(bundle.types.a, bundle.spec->exactFp32Math));
  }

  cudaStream_t stream = nullptr;
};

/// Captures `kernel`'s launch with `args` (and `workspace`) into an
/// executable graph, after checking that launches the capture cannot take
/// are refused without breaking it.
void captureLaunch(const BundleKernel &bundle, const GemmArguments &args,
                   const GemmArguments &unprepared,
                   const LaunchWorkspace &workspace, cudaStream_t stream,
                   cudaGraphExec_t &executable) {
  // Another object of the same kernel, never launched: not loaded.
  Expected<std::shared_ptr<GemmKernel>> unloaded =
      GemmKernel::create(bundle.compiled);
  ASSERT_TRUE(bool(unloaded)) << toString(unloaded.takeError());

  cudaGraph_t graph = nullptr;
  ASSERT_CUDA(cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal));
  std::string notLoaded =
      expectError((*unloaded)->launch(args, stream, workspace));
  EXPECT_NE(notLoaded.find("not loaded"), std::string::npos) << notLoaded;
  if (bundle.mapsInMemory) {
    std::string notPrepared =
        expectError(bundle.kernel->launch(unprepared, stream, workspace));
    EXPECT_NE(notPrepared.find("PreparedArguments"), std::string::npos)
        << notPrepared;
  }
  if (workspace.bytes) {
    std::string noWorkspace = expectError(bundle.kernel->launch(args, stream));
    EXPECT_NE(noWorkspace.find("caller workspace"), std::string::npos)
        << noWorkspace;
  }
  Error launched = bundle.kernel->launch(args, stream, workspace);
  // The capture must survive the refusals and the launch.
  cudaError_t ended = cudaStreamEndCapture(stream, &graph);
  ASSERT_NO_ERROR(std::move(launched));
  ASSERT_EQ(ended, cudaSuccess) << cudaGetErrorString(ended);
  cudaError_t instantiated = cudaGraphInstantiate(&executable, graph, 0);
  EXPECT_EQ(cudaGraphDestroy(graph), cudaSuccess);
  ASSERT_EQ(instantiated, cudaSuccess) << cudaGetErrorString(instantiated);
}

TEST_F(GpuLaunchTest, CapturedLaunchReplaysWithNewData) {
  for (const std::string &path : getTestBundles()) {
    SCOPED_TRACE(path);
    BundleKernel bundle;
    bool plain = false;
    ASSERT_NO_FATAL_FAILURE(loadPlainBundle(path, bundle, plain));
    if (!plain)
      continue;
    GemmShape shape = chooseShape(bundle, 512);
    DeviceBuffer a, b, c, expected, workspaceBuffer;
    ASSERT_NO_FATAL_FAILURE(
        allocateTestBuffer(bytesOf(bundle.types.a, shape.m, shape.k), a));
    ASSERT_NO_FATAL_FAILURE(
        allocateTestBuffer(bytesOf(bundle.types.b, shape.k, shape.n), b));
    ASSERT_NO_FATAL_FAILURE(
        allocateTestBuffer(bytesOf(bundle.types.c, shape.m, shape.n), c));
    ASSERT_NO_FATAL_FAILURE(allocateTestBuffer(
        bytesOf(bundle.types.c, shape.m, shape.n), expected));
    GemmArguments args = makeArguments(shape, a.data(), b.data(), c.data());
    ASSERT_NO_ERROR(bundle.kernel->checkArguments(args));

    // A caller workspace where the kernel takes one, zeroed once.
    LaunchWorkspace workspace;
    ASSERT_NO_FATAL_FAILURE(makeCallerWorkspace(bundle, args, 0, false,
                                                workspaceBuffer, workspace));

    Expected<PreparedArguments> prepared =
        bundle.kernel->prepare(args, stream, workspace);
    ASSERT_TRUE(bool(prepared)) << toString(prepared.takeError());
    // Only kernels with tensor maps in device memory keep state for them.
    EXPECT_EQ(prepared->holdsDeviceState(), bundle.mapsInMemory);

    cudaGraphExec_t executable = nullptr;
    GemmArguments unprepared = args;
    unprepared.c = expected.data();
    ASSERT_NO_FATAL_FAILURE(
        captureLaunch(bundle, args, unprepared, workspace, stream, executable));

    Expected<CublasReference> cublas = makeCublas(bundle);
    ASSERT_TRUE(bool(cublas)) << toString(cublas.takeError());
    for (uint64_t round = 0; round < 3; ++round) {
      SCOPED_TRACE("replay " + std::to_string(round));
      // New data in the same buffers; the output poisoned.
      ASSERT_NO_FATAL_FAILURE(uploadRandom(bundle.types.a, shape.m, shape.k,
                                           100 + 2 * round, a.data()));
      ASSERT_NO_FATAL_FAILURE(uploadRandom(bundle.types.b, shape.k, shape.n,
                                           101 + 2 * round, b.data()));
      ASSERT_CUDA(cudaMemset(c.data(), OutputPoisonByte, c.size()));
      ASSERT_CUDA(cudaGraphLaunch(executable, stream));
      ASSERT_CUDA(cudaStreamSynchronize(stream));
      ASSERT_NO_FATAL_FAILURE(computeReference(
          *cublas, bundle, shape, a.data(), b.data(), expected.data(), stream));
      ASSERT_NO_FATAL_FAILURE(
          expectSameResult(bundle, shape, c.data(), expected.data()));
    }
    EXPECT_EQ(cudaGraphExecDestroy(executable), cudaSuccess);
  }
}

TEST_F(GpuLaunchTest, ManyLaunchesKeepDeviceMemoryFlat) {
  constexpr int Launches = 10000, Warmup = 1000, Buffers = 300;
  // Launch i uses A buffer i % Buffers and C buffer i % Buffers moved by
  // 256 bytes per round, so that no two launches share their pointers.
  constexpr size_t Step = 256;
  constexpr size_t Rounds = (Launches + Buffers - 1) / Buffers;
  for (const std::string &path : getTestBundles()) {
    SCOPED_TRACE(path);
    BundleKernel bundle;
    bool plain = false;
    ASSERT_NO_FATAL_FAILURE(loadPlainBundle(path, bundle, plain));
    if (!plain)
      continue;
    GemmShape shape = chooseShape(bundle, 256);
    size_t aBytes = bytesOf(bundle.types.a, shape.m, shape.k);
    size_t cBytes = bytesOf(bundle.types.c, shape.m, shape.n);
    size_t cSlot = alignTo(cBytes, Step) + Rounds * Step;
    DeviceBuffer a, b, c, expected;
    ASSERT_NO_FATAL_FAILURE(allocateTestBuffer(aBytes * Buffers, a));
    ASSERT_NO_FATAL_FAILURE(
        allocateTestBuffer(bytesOf(bundle.types.b, shape.k, shape.n), b));
    ASSERT_NO_FATAL_FAILURE(allocateTestBuffer(cSlot * Buffers, c));
    ASSERT_NO_FATAL_FAILURE(allocateTestBuffer(cBytes, expected));
    ASSERT_NO_FATAL_FAILURE(
        uploadRandom(bundle.types.a, shape.m * Buffers, shape.k, 7, a.data()));
    ASSERT_NO_FATAL_FAILURE(
        uploadRandom(bundle.types.b, shape.k, shape.n, 8, b.data()));
    auto argumentsOf = [&](int launch) {
      size_t buffer = size_t(launch) % Buffers,
             round = size_t(launch) / Buffers;
      return makeArguments(
          shape, static_cast<char *>(a.data()) + buffer * aBytes, b.data(),
          static_cast<char *>(c.data()) + buffer * cSlot + round * Step);
    };

    size_t freeAfterWarmup = 0, freeAtEnd = 0, total = 0;
    for (int launch = 0; launch < Launches; ++launch) {
      GemmArguments args = argumentsOf(launch);
      ASSERT_CUDA(cudaMemsetAsync(args.c, OutputPoisonByte, cBytes, stream));
      Error launched = bundle.kernel->launch(args, stream);
      ASSERT_FALSE(bool(launched))
          << "launch " << launch << ": " << toString(std::move(launched));
      if (launch + 1 == Warmup) {
        ASSERT_CUDA(cudaStreamSynchronize(stream));
        ASSERT_CUDA(cudaMemGetInfo(&freeAfterWarmup, &total));
      }
    }
    ASSERT_CUDA(cudaStreamSynchronize(stream));
    ASSERT_CUDA(cudaMemGetInfo(&freeAtEnd, &total));
    // cudaMemGetInfo counts in 2 MiB pages: any growth shows.
    EXPECT_GE(int64_t(freeAtEnd) - int64_t(freeAfterWarmup), -int64_t(1 << 20))
        << "device memory grew by "
        << (int64_t(freeAfterWarmup) - int64_t(freeAtEnd)) << " bytes after "
        << Warmup << " launches";
    size_t kept = bundle.kernel->getArgumentSetCount();
    EXPECT_LE(kept, GemmKernelOptions().argumentSetLimit);
    if (!bundle.mapsInMemory)
      EXPECT_EQ(kept, 0u); // Tensor maps by value: nothing per launch.

    Expected<CublasReference> cublas = makeCublas(bundle);
    ASSERT_TRUE(bool(cublas)) << toString(cublas.takeError());
    for (int launch : {Launches - 3, Launches - 2, Launches - 1}) {
      SCOPED_TRACE("launch " + std::to_string(launch));
      GemmArguments args = argumentsOf(launch);
      ASSERT_NO_FATAL_FAILURE(computeReference(
          *cublas, bundle, shape, args.a, args.b, expected.data(), stream));
      ASSERT_NO_FATAL_FAILURE(
          expectSameResult(bundle, shape, args.c, expected.data()));
    }
  }
}

TEST_F(GpuLaunchTest, RepeatedArgumentsRunReady) {
  const size_t limit = GemmKernelOptions().readyLaunchLimit;
  const size_t sets = limit + 2;
  for (const std::string &path : getTestBundles()) {
    SCOPED_TRACE(path);
    BundleKernel bundle;
    bool plain = false;
    ASSERT_NO_FATAL_FAILURE(loadPlainBundle(path, bundle, plain));
    if (!plain)
      continue;
    GemmShape shape = chooseShape(bundle, 256);
    size_t cBytes = bytesOf(bundle.types.c, shape.m, shape.n);
    DeviceBuffer a, b, c, expected, workspaceBuffer;
    ASSERT_NO_FATAL_FAILURE(
        allocateTestBuffer(bytesOf(bundle.types.a, shape.m, shape.k), a));
    ASSERT_NO_FATAL_FAILURE(
        allocateTestBuffer(bytesOf(bundle.types.b, shape.k, shape.n), b));
    ASSERT_NO_FATAL_FAILURE(allocateTestBuffer(cBytes * sets, c));
    ASSERT_NO_FATAL_FAILURE(allocateTestBuffer(cBytes, expected));
    ASSERT_NO_FATAL_FAILURE(
        uploadRandom(bundle.types.b, shape.k, shape.n, 11, b.data()));
    auto argumentsOf = [&](size_t set) {
      return makeArguments(shape, a.data(), b.data(),
                           static_cast<char *>(c.data()) + set * cBytes);
    };
    // A caller workspace where the kernel takes one, its counters zeroed by
    // every launch (ready ones too).
    LaunchWorkspace workspace;
    ASSERT_NO_FATAL_FAILURE(makeCallerWorkspace(
        bundle, argumentsOf(0), 0xff, true, workspaceBuffer, workspace));

    Expected<CublasReference> cublas = makeCublas(bundle);
    ASSERT_TRUE(bool(cublas)) << toString(cublas.takeError());
    std::vector<size_t> order;
    for (size_t set = 0; set < sets; ++set)
      order.push_back(set);
    order.push_back(sets - 1); // Ready.
    order.push_back(sets - 1); // Ready, again.
    order.push_back(0);        // Evicted (by-value maps), made again.
    for (size_t step = 0; step < order.size(); ++step) {
      SCOPED_TRACE("launch " + std::to_string(step) + " with argument set " +
                   std::to_string(order[step]));
      GemmArguments args = argumentsOf(order[step]);
      ASSERT_NO_FATAL_FAILURE(
          uploadRandom(bundle.types.a, shape.m, shape.k, 200 + step, a.data()));
      ASSERT_CUDA(cudaMemsetAsync(args.c, OutputPoisonByte, cBytes, stream));
      ASSERT_NO_ERROR(bundle.kernel->launch(args, stream, workspace));
      ASSERT_CUDA(cudaStreamSynchronize(stream));
      ASSERT_NO_FATAL_FAILURE(computeReference(
          *cublas, bundle, shape, args.a, args.b, expected.data(), stream));
      ASSERT_NO_FATAL_FAILURE(
          expectSameResult(bundle, shape, args.c, expected.data()));
    }
    size_t ready = bundle.kernel->getReadyLaunchCount();
    if (bundle.mapsInMemory) {
      EXPECT_EQ(ready, 0u);
    } else {
      EXPECT_GE(ready, 1u);
      EXPECT_LE(ready, limit);
    }
  }
}

} // namespace
