//===- DeviceBuffer.cpp - Owning device memory (RAII) ---------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/DeviceBuffer.h"

#include "runtime/CudaCheck.h"
#include "runtime/RuntimeError.h"

using namespace llvm;

namespace gemm_opt {
namespace runtime {

Expected<DeviceBuffer> DeviceBuffer::upload(const void *host, size_t bytes) {
  Expected<DeviceBuffer> buffer = allocate(bytes);
  if (!buffer)
    return buffer.takeError();
  if (Error err = buffer->copyFromHost(host))
    return std::move(err);
  return buffer;
}

Expected<DeviceBuffer> DeviceBuffer::allocate(size_t bytes) {
  DeviceBuffer buffer;
  if (bytes == 0)
    return std::move(buffer);
  cudaError_t status = cudaMalloc(&buffer.pointer, bytes);
  if (status == cudaErrorMemoryAllocation) {
    (void)cudaGetLastError();
    size_t freeBytes = 0, totalBytes = 0;
    (void)cudaMemGetInfo(&freeBytes, &totalBytes);
    return makeCudaFailureError("out of device memory: cannot allocate " +
                                Twine(bytes >> 20) + " MiB (" +
                                Twine(freeBytes >> 20) + " of " +
                                Twine(totalBytes >> 20) + " MiB free)");
  }
  GEMM_CUDA_TRY(status);
  buffer.bytes = bytes;
  return std::move(buffer);
}

DeviceBuffer::DeviceBuffer(DeviceBuffer &&other) noexcept
    : pointer(other.pointer), bytes(other.bytes) {
  other.pointer = nullptr;
  other.bytes = 0;
}

DeviceBuffer &DeviceBuffer::operator=(DeviceBuffer &&other) noexcept {
  if (this != &other) {
    reset();
    pointer = other.pointer;
    bytes = other.bytes;
    other.pointer = nullptr;
    other.bytes = 0;
  }
  return *this;
}

DeviceBuffer::~DeviceBuffer() { reset(); }

void DeviceBuffer::reset() {
  if (pointer)
    (void)cudaFree(pointer);
  pointer = nullptr;
  bytes = 0;
}

Error DeviceBuffer::copyFromHost(const void *host) {
  GEMM_CUDA_TRY(cudaMemcpy(pointer, host, bytes, cudaMemcpyHostToDevice));
  return Error::success();
}

Error DeviceBuffer::copyToHost(void *host) const {
  GEMM_CUDA_TRY(cudaMemcpy(host, pointer, bytes, cudaMemcpyDeviceToHost));
  return Error::success();
}

Error DeviceBuffer::fill(unsigned char value, cudaStream_t stream) {
  GEMM_CUDA_TRY(cudaMemsetAsync(pointer, value, bytes, stream));
  return Error::success();
}

} // namespace runtime
} // namespace gemm_opt
