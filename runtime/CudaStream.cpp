//===- CudaStream.cpp - An owned CUDA stream ------------------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/CudaStream.h"

#include "runtime/CudaCheck.h"
#include "runtime/RuntimeError.h"

using namespace llvm;

namespace gemm_opt {
namespace runtime {

CudaStream::~CudaStream() {
  if (stream)
    (void)cudaStreamDestroy(stream);
}

Error CudaStream::create() {
  GEMM_CUDA_TRY(cudaStreamCreate(&stream));
  return Error::success();
}

Error waitForKernel(cudaStream_t stream, const Twine &what) {
  return addErrorContext(GEMM_CUDA_CHECK(cudaStreamSynchronize(stream)),
                         what + " failed while running (run "
                                "compute-sanitizer on it)");
}

} // namespace runtime
} // namespace gemm_opt
