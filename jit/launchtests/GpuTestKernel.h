//===- GpuTestKernel.h - what the GPU launch tests share --------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_JIT_LAUNCHTESTS_GPUTESTKERNEL_H
#define GEMM_OPT_JIT_LAUNCHTESTS_GPUTESTKERNEL_H

#include "jit/CompiledKernel.h"
#include "jit/GemmKernel.h"
#include "runtime/DeviceBuffer.h"
#include "runtime/Validation.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include "gtest/gtest.h"

#include <cuda_runtime_api.h>

#include <memory>
#include <string>
#include <vector>

namespace gemm_opt {
namespace jit {

/// A bundle's kernel, read as a service without LLVM/MLIR would read it.
struct TestKernel {
  std::string path;
  CompiledKernel compiled;
  std::shared_ptr<GemmKernel> kernel;
  const runtime::KernelSpec *spec = nullptr;
};

/// Reads the bundle at `path` (readCompiledKernel) into `loaded`; a test
/// failure where it does not load.
void loadTestKernel(const std::string &path, TestKernel &loaded);

/// Loads the bundles given (GpuTestBundles.h) and keeps in `loaded` those
/// whose kernel `wanted` accepts; a test failure where one does not load.
void loadTestKernels(
    llvm::function_ref<bool(const runtime::KernelSpec &)> wanted,
    std::vector<TestKernel> &loaded);

/// Expects a comparison with fp64 (compareWithFp64Reference) to have passed
/// without a NaN or Inf.
void expectFp64Match(const runtime::ErrorMetric &metric);

/// Expects `kernel` to refuse `args` (`why`: what is wrong with them)
/// before anything runs.
void expectLaunchRefused(GemmKernel &kernel, const GemmArguments &args,
                         cudaStream_t stream, llvm::StringRef why);

/// `bytes` bytes of device memory in `buffer`; a test failure where they
/// cannot be allocated.
void allocateTestBuffer(size_t bytes, runtime::DeviceBuffer &buffer);

/// A device copy of `bytes` bytes at `host` in `buffer`.
void uploadTestBuffer(const void *host, size_t bytes,
                      runtime::DeviceBuffer &buffer);

/// A test on a GPU with a stream of its own: skipped without a CUDA device.
class GpuStreamTest : public ::testing::Test {
protected:
  void SetUp() override;
  void TearDown() override;

  cudaStream_t stream = nullptr;
};

} // namespace jit
} // namespace gemm_opt

#endif // GEMM_OPT_JIT_LAUNCHTESTS_GPUTESTKERNEL_H
