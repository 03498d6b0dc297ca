//===- GpuTestChecks.h - assertions of the GPU launch tests ----*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_JIT_LAUNCHTESTS_GPUTESTCHECKS_H
#define GEMM_OPT_JIT_LAUNCHTESTS_GPUTESTCHECKS_H

#include "llvm/Support/Error.h"

#include "gtest/gtest.h"

#include <cuda_runtime_api.h>

/// Asserts that a CUDA runtime call succeeded.
#define ASSERT_CUDA(call)                                                      \
  do {                                                                         \
    cudaError_t cudaStatus = (call);                                           \
    ASSERT_EQ(cudaStatus, cudaSuccess)                                         \
        << #call << ": " << cudaGetErrorName(cudaStatus) << ", "               \
        << cudaGetErrorString(cudaStatus);                                     \
  } while (false)

/// Asserts that an llvm::Error is success.
#define ASSERT_NO_ERROR(expression)                                            \
  do {                                                                         \
    if (llvm::Error assertedError = (expression))                              \
      FAIL() << #expression << ": "                                            \
             << llvm::toString(std::move(assertedError));                      \
  } while (false)

#endif // GEMM_OPT_JIT_LAUNCHTESTS_GPUTESTCHECKS_H
