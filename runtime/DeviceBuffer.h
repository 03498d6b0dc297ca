//===- DeviceBuffer.h - Owning device memory (RAII) ------------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_DEVICEBUFFER_H
#define GEMM_OPT_RUNTIME_DEVICEBUFFER_H

#include "llvm/Support/Error.h"

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

namespace gemm_opt {
namespace runtime {

/// A cudaMalloc'ed buffer, freed on destruction. Move-only.
/// Byte written over every output before a run: 0xff.. is a NaN in f16,
/// bf16 and f32, so an entry the kernel does not write never passes.
inline constexpr unsigned char OutputPoisonByte = 0xff;

class DeviceBuffer {
public:
  DeviceBuffer() = default;
  static llvm::Expected<DeviceBuffer> allocate(size_t bytes);
  /// A buffer of `bytes` holding a copy of `host` (copied synchronously).
  static llvm::Expected<DeviceBuffer> upload(const void *host, size_t bytes);

  DeviceBuffer(DeviceBuffer &&other) noexcept;
  DeviceBuffer &operator=(DeviceBuffer &&other) noexcept;
  DeviceBuffer(const DeviceBuffer &) = delete;
  DeviceBuffer &operator=(const DeviceBuffer &) = delete;
  ~DeviceBuffer();

  void *data() const { return pointer; }
  uint64_t getAddress() const { return reinterpret_cast<uint64_t>(pointer); }
  size_t size() const { return bytes; }

  /// Copies `size()` bytes from host memory (synchronously).
  llvm::Error copyFromHost(const void *host);
  /// Copies `size()` bytes to host memory (synchronously).
  llvm::Error copyToHost(void *host) const;
  /// Sets every byte to `value` on `stream` (asynchronously).
  llvm::Error fill(unsigned char value, cudaStream_t stream);

private:
  void reset();

  void *pointer = nullptr;
  size_t bytes = 0;
};

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_DEVICEBUFFER_H
