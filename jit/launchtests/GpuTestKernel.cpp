//===- GpuTestKernel.cpp - what the GPU launch tests share ----------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "GpuTestKernel.h"

#include "GpuTestBundles.h"
#include "GpuTestChecks.h"
#include "jit/CompiledKernelReader.h"

using namespace llvm;
using namespace gemm_opt::runtime;

namespace gemm_opt {
namespace jit {

void loadTestKernel(const std::string &path, TestKernel &loaded) {
  loaded.path = path;
  Expected<CompiledKernel> compiled = readCompiledKernel(path);
  ASSERT_TRUE(bool(compiled)) << toString(compiled.takeError());
  loaded.compiled = std::move(*compiled);
  Expected<std::shared_ptr<GemmKernel>> kernel =
      GemmKernel::create(loaded.compiled);
  ASSERT_TRUE(bool(kernel)) << toString(kernel.takeError());
  loaded.kernel = *kernel;
  loaded.spec = &cantFail(loaded.kernel->getSpec());
}

void loadTestKernels(function_ref<bool(const KernelSpec &)> wanted,
                     std::vector<TestKernel> &loaded) {
  for (const std::string &path : getTestBundles()) {
    TestKernel kernel;
    ASSERT_NO_FATAL_FAILURE(loadTestKernel(path, kernel));
    if (wanted(*kernel.spec))
      loaded.push_back(std::move(kernel));
  }
}

void expectFp64Match(const ErrorMetric &metric) {
  EXPECT_EQ(metric.nonFiniteCount, 0);
  EXPECT_TRUE(metric.passed)
      << "relative Frobenius error " << metric.relativeFrobenius
      << " (tolerance " << metric.tolerance << "), max abs error "
      << metric.maxAbsError << " over " << metric.count << " samples";
}

void expectLaunchRefused(GemmKernel &kernel, const GemmArguments &args,
                         cudaStream_t stream, StringRef why) {
  Error refused = kernel.launch(args, stream);
  EXPECT_TRUE(bool(refused)) << "a launch " << why.str() << " ran";
  consumeError(std::move(refused));
}

void allocateTestBuffer(size_t bytes, DeviceBuffer &buffer) {
  Expected<DeviceBuffer> allocated = DeviceBuffer::allocate(bytes);
  ASSERT_TRUE(bool(allocated)) << toString(allocated.takeError());
  buffer = std::move(*allocated);
}

void uploadTestBuffer(const void *host, size_t bytes, DeviceBuffer &buffer) {
  ASSERT_NO_FATAL_FAILURE(allocateTestBuffer(bytes, buffer));
  ASSERT_NO_ERROR(buffer.copyFromHost(host));
}

void GpuStreamTest::SetUp() {
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    (void)cudaGetLastError();
    GTEST_SKIP() << "no CUDA device";
  }
  ASSERT_CUDA(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
}

void GpuStreamTest::TearDown() {
  if (stream)
    EXPECT_EQ(cudaStreamDestroy(stream), cudaSuccess);
}

} // namespace jit
} // namespace gemm_opt
