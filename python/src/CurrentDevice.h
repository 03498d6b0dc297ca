//===- CurrentDevice.h - make the operands' device current ------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Kernels launch on the calling thread's current device, as torch's
// operators launch on their tensors' one: for its lifetime, this makes the
// operands' device current (cudaSetDevice only where it is another).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PYTHON_CURRENTDEVICE_H
#define GEMM_OPT_PYTHON_CURRENTDEVICE_H

#include "Errors.h"

#include "llvm/Support/FormatVariadic.h"

#include <cuda_runtime_api.h>

namespace gemm_opt::python {

class CurrentDevice {
public:
  explicit CurrentDevice(int device) {
    cudaError_t status = cudaGetDevice(&previous);
    if (status == cudaSuccess && previous != device)
      status = cudaSetDevice(device);
    if (status != cudaSuccess) {
      (void)cudaGetLastError();
      throwError(ErrorClass::DeviceError,
                 llvm::formatv("cannot use CUDA device cuda:{0}: {1}", device,
                               cudaGetErrorString(status)));
    }
    changed = previous != device;
  }
  ~CurrentDevice() {
    if (changed)
      (void)cudaSetDevice(previous);
  }
  CurrentDevice(const CurrentDevice &) = delete;
  CurrentDevice &operator=(const CurrentDevice &) = delete;

private:
  int previous = 0;
  bool changed = false;
};

} // namespace gemm_opt::python

#endif // GEMM_OPT_PYTHON_CURRENTDEVICE_H
