//===- PinnedHostBuffer.cpp - page-locked host memory (RAII) --------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "jit/PinnedHostBuffer.h"

#include "runtime/CudaCheck.h"

#include <cuda_runtime_api.h>

#include <utility>

using namespace llvm;

namespace gemm_opt {
namespace jit {

Expected<PinnedHostBuffer> PinnedHostBuffer::allocate(size_t bytes) {
  PinnedHostBuffer buffer;
  GEMM_CUDA_TRY(cudaMallocHost(&buffer.pointer, bytes));
  buffer.bytes = bytes;
  return std::move(buffer);
}

PinnedHostBuffer::PinnedHostBuffer(PinnedHostBuffer &&other) noexcept
    : pointer(std::exchange(other.pointer, nullptr)),
      bytes(std::exchange(other.bytes, 0)) {}

PinnedHostBuffer &
PinnedHostBuffer::operator=(PinnedHostBuffer &&other) noexcept {
  if (this != &other) {
    reset();
    pointer = std::exchange(other.pointer, nullptr);
    bytes = std::exchange(other.bytes, 0);
  }
  return *this;
}

PinnedHostBuffer::~PinnedHostBuffer() { reset(); }

void PinnedHostBuffer::reset() {
  if (pointer)
    (void)cudaFreeHost(pointer);
  pointer = nullptr;
  bytes = 0;
}

} // namespace jit
} // namespace gemm_opt
