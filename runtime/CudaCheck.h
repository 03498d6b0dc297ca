//===- CudaCheck.h - Turn CUDA / cuBLAS status codes into errors -*- C++
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//-*-===//
//
// One helper for every status type the runtime sees (CUresult, cudaError_t,
// cublasStatus_t). The message names the call, file:line and the error name:
//
//   if (Error err = GEMM_CUDA_CHECK(cudaMalloc(&p, bytes))) ...
//   GEMM_CUDA_TRY(cudaStreamSynchronize(stream));   // returns the error
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_CUDACHECK_H
#define GEMM_OPT_RUNTIME_CUDACHECK_H

#include "llvm/Support/Error.h"

#include <cublas_v2.h>
#include <cuda.h>
#include <cuda_runtime_api.h>

namespace gemm_opt {
namespace runtime {

llvm::Error checkCuda(CUresult result, const char *call, const char *file,
                      int line);
llvm::Error checkCuda(cudaError_t result, const char *call, const char *file,
                      int line);
llvm::Error checkCuda(cublasStatus_t result, const char *call, const char *file,
                      int line);

/// Name of a CUresult ("CUDA_ERROR_INVALID_VALUE"), or its number when the
/// driver is not loaded.
std::string getCuResultName(CUresult result);
/// Name of a cublasStatus_t ("CUBLAS_STATUS_NOT_SUPPORTED").
const char *getCublasStatusName(cublasStatus_t status);

} // namespace runtime
} // namespace gemm_opt

#define GEMM_CUDA_CHECK(call)                                                  \
  ::gemm_opt::runtime::checkCuda((call), #call, __FILE__, __LINE__)

#define GEMM_CUDA_TRY(call)                                                    \
  do {                                                                         \
    if (::llvm::Error gemmCudaErr = GEMM_CUDA_CHECK(call))                     \
      return ::llvm::Error(std::move(gemmCudaErr));                            \
  } while (false)

#endif // GEMM_OPT_RUNTIME_CUDACHECK_H
