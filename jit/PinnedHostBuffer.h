//===- PinnedHostBuffer.h - page-locked host memory (RAII) ------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Host memory from cudaMallocHost, freed on destruction. A copy to the
// device from it (cudaMemcpyAsync) is truly asynchronous, where one from
// pageable memory may wait for the stream first.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_JIT_PINNEDHOSTBUFFER_H
#define GEMM_OPT_JIT_PINNEDHOSTBUFFER_H

#include "llvm/Support/Error.h"

#include <cstddef>

namespace gemm_opt {
namespace jit {

/// Move-only.
class PinnedHostBuffer {
public:
  PinnedHostBuffer() = default;
  static llvm::Expected<PinnedHostBuffer> allocate(size_t bytes);

  PinnedHostBuffer(PinnedHostBuffer &&other) noexcept;
  PinnedHostBuffer &operator=(PinnedHostBuffer &&other) noexcept;
  PinnedHostBuffer(const PinnedHostBuffer &) = delete;
  PinnedHostBuffer &operator=(const PinnedHostBuffer &) = delete;
  ~PinnedHostBuffer();

  void *data() const { return pointer; }
  size_t size() const { return bytes; }

private:
  void reset();

  void *pointer = nullptr;
  size_t bytes = 0;
};

} // namespace jit
} // namespace gemm_opt

#endif // GEMM_OPT_JIT_PINNEDHOSTBUFFER_H
