//===- CudaStream.h - An owned CUDA stream ---------------------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_CUDASTREAM_H
#define GEMM_OPT_RUNTIME_CUDASTREAM_H

#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

#include <cuda_runtime_api.h>

namespace gemm_opt {
namespace runtime {

/// A blocking cudaStream_t (synchronizes with the legacy default stream that
/// cudaMemcpy uses), destroyed with the object. Move-only.
class CudaStream {
public:
  CudaStream() = default;
  CudaStream(const CudaStream &) = delete;
  CudaStream &operator=(const CudaStream &) = delete;
  ~CudaStream();

  llvm::Error create();
  cudaStream_t get() const { return stream; }

private:
  cudaStream_t stream = nullptr;
};

/// Synchronizes `stream` after a launch; an error here is `what` (a kernel,
/// cuBLAS) faulting, and says so.
llvm::Error waitForKernel(cudaStream_t stream, const llvm::Twine &what);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_CUDASTREAM_H
