//===- CudaWorkspaceDevice.cpp - split-K workspaces through CUDA ----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// WorkspaceDevice (SplitKWorkspaces.h) on the CUDA runtime of the calling
// thread's current device: cudaMalloc'ed buffers (runtime::DeviceBuffer),
// cudaMemsetAsync, and events without timing.
//
//===----------------------------------------------------------------------===//

#include "jit/SplitKWorkspaces.h"

#include "runtime/CudaCheck.h"
#include "runtime/DeviceBuffer.h"

#include <map>
#include <mutex>

using namespace llvm;
using namespace gemm_opt::runtime;

namespace gemm_opt {
namespace jit {

namespace {

class CudaWorkspaceDevice final : public WorkspaceDevice {
public:
  Expected<uint64_t> allocate(size_t bytes) override {
    Expected<DeviceBuffer> buffer = DeviceBuffer::allocate(bytes);
    if (!buffer)
      return buffer.takeError();
    uint64_t address = buffer->getAddress();
    std::lock_guard<std::mutex> guard(mutex);
    buffers.emplace(address, std::move(*buffer));
    return address;
  }

  void release(uint64_t address) override {
    std::lock_guard<std::mutex> guard(mutex);
    buffers.erase(address);
  }

  Error zero(uint64_t address, size_t bytes, cudaStream_t stream) override {
    return GEMM_CUDA_CHECK(
        cudaMemsetAsync(reinterpret_cast<void *>(address), 0, bytes, stream));
  }

  Expected<cudaEvent_t> createEvent() override {
    cudaEvent_t event = nullptr;
    GEMM_CUDA_TRY(cudaEventCreateWithFlags(&event, cudaEventDisableTiming));
    return event;
  }

  void destroyEvent(cudaEvent_t event) override { cudaEventDestroy(event); }

  Error wait(cudaStream_t stream, cudaEvent_t event) override {
    return GEMM_CUDA_CHECK(cudaStreamWaitEvent(stream, event, 0));
  }

  Error record(cudaEvent_t event, cudaStream_t stream) override {
    return GEMM_CUDA_CHECK(cudaEventRecord(event, stream));
  }

private:
  std::mutex mutex; ///< Guards `buffers`.
  std::map<uint64_t, DeviceBuffer> buffers;
};

} // namespace

std::unique_ptr<WorkspaceDevice> createCudaWorkspaceDevice() {
  return std::make_unique<CudaWorkspaceDevice>();
}

} // namespace jit
} // namespace gemm_opt
