//===- CudaLaunchEvents.cpp - launch events through CUDA ------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// LaunchEvents (ArgumentSetCache.h) on the CUDA runtime of the calling
// thread's current device: events without timing.
//
//===----------------------------------------------------------------------===//

#include "jit/ArgumentSetCache.h"

#include "runtime/CudaCheck.h"

using namespace llvm;

namespace gemm_opt {
namespace jit {

namespace {

class CudaLaunchEvents final : public LaunchEvents {
public:
  Expected<cudaEvent_t> create() override {
    cudaEvent_t event = nullptr;
    GEMM_CUDA_TRY(cudaEventCreateWithFlags(&event, cudaEventDisableTiming));
    return event;
  }

  void destroy(cudaEvent_t event) override { (void)cudaEventDestroy(event); }

  Error record(cudaEvent_t event, cudaStream_t stream) override {
    return GEMM_CUDA_CHECK(cudaEventRecord(event, stream));
  }

  Expected<bool> isComplete(cudaEvent_t event) override {
    cudaError_t status = cudaEventQuery(event);
    if (status == cudaErrorNotReady) {
      (void)cudaGetLastError(); // Not an error to keep.
      return false;
    }
    GEMM_CUDA_TRY(status);
    return true;
  }

  Error synchronize(cudaEvent_t event) override {
    return GEMM_CUDA_CHECK(cudaEventSynchronize(event));
  }

  Error wait(cudaStream_t stream, cudaEvent_t event) override {
    return GEMM_CUDA_CHECK(cudaStreamWaitEvent(stream, event, 0));
  }
};

} // namespace

std::shared_ptr<LaunchEvents> createCudaLaunchEvents() {
  return std::make_shared<CudaLaunchEvents>();
}

} // namespace jit
} // namespace gemm_opt
