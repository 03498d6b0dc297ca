//===- CudaCheck.cuh - checked CUDA calls of the bench/power programs -----===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// CHECK_CUDA(call): on an error, prints the call, CUDA's message and where,
// prefixed with the program's kProgramName, and exits 1.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_BENCH_POWER_CUDACHECK_CUH
#define GEMM_OPT_BENCH_POWER_CUDACHECK_CUH

#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>

#define CHECK_CUDA(call)                                                       \
  do {                                                                         \
    cudaError_t status = (call);                                               \
    if (status != cudaSuccess) {                                               \
      std::fprintf(stderr, "%s: %s failed: %s (%s:%d)\n", kProgramName,        \
                   #call, cudaGetErrorString(status), __FILE__, __LINE__);     \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

#endif // GEMM_OPT_BENCH_POWER_CUDACHECK_CUH
