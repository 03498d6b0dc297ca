//===- RuntimeErrorTest.cpp - Error kinds, exit codes, CUDA checks --------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/RuntimeError.h"
#include "runtime/CudaCheck.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace gemm_opt::runtime;

namespace {

TEST(RuntimeErrorTest, ExitCodes) {
  EXPECT_EQ(summarizeError(Error::success()).exitCode, ExitPass);
  EXPECT_EQ(summarizeError(makeBadInputError("x")).exitCode, ExitBadInput);
  EXPECT_EQ(summarizeError(makeNoDeviceError("x")).exitCode, ExitNoDevice);
  EXPECT_EQ(summarizeError(makeCudaFailureError("x")).exitCode,
            ExitCudaFailure);
  ErrorSummary other =
      summarizeError(createStringError(inconvertibleErrorCode(), "io"));
  EXPECT_EQ(other.exitCode, ExitBadInput);
  EXPECT_EQ(other.message, "io");
  ErrorSummary joined = summarizeError(
      joinErrors(makeBadInputError("a"), makeCudaFailureError("b")));
  EXPECT_EQ(joined.exitCode, ExitCudaFailure);
  EXPECT_EQ(joined.message, "a\nb");
}

TEST(RuntimeErrorTest, ContextKeepsKind) {
  ErrorSummary summary =
      summarizeError(addErrorContext(makeNoDeviceError("inner"), "outer"));
  EXPECT_EQ(summary.exitCode, ExitNoDevice);
  EXPECT_EQ(summary.message, "outer: inner");
  EXPECT_FALSE(static_cast<bool>(addErrorContext(Error::success(), "x")));
}

TEST(RuntimeErrorTest, CudaChecksNameTheCall) {
  EXPECT_FALSE(static_cast<bool>(GEMM_CUDA_CHECK(CUDA_SUCCESS)));
  EXPECT_FALSE(static_cast<bool>(GEMM_CUDA_CHECK(CUBLAS_STATUS_SUCCESS)));

  ErrorSummary driver = summarizeError(GEMM_CUDA_CHECK(CUDA_ERROR_INVALID_PTX));
  EXPECT_EQ(driver.exitCode, ExitCudaFailure);
  EXPECT_NE(driver.message.find("CUDA driver call CUDA_ERROR_INVALID_PTX at "
                                "unittests/RuntimeErrorTest.cpp:"),
            std::string::npos)
      << driver.message;
  EXPECT_EQ(summarizeError(GEMM_CUDA_CHECK(CUDA_ERROR_NO_DEVICE)).exitCode,
            ExitNoDevice);

  ErrorSummary blas =
      summarizeError(GEMM_CUDA_CHECK(CUBLAS_STATUS_NOT_SUPPORTED));
  EXPECT_EQ(blas.exitCode, ExitCudaFailure);
  EXPECT_NE(blas.message.find("failed: CUBLAS_STATUS_NOT_SUPPORTED"),
            std::string::npos)
      << blas.message;

  ErrorSummary runtime =
      summarizeError(GEMM_CUDA_CHECK(cudaErrorMemoryAllocation));
  EXPECT_EQ(runtime.exitCode, ExitCudaFailure);
  EXPECT_NE(runtime.message.find("failed: cudaErrorMemoryAllocation"),
            std::string::npos)
      << runtime.message;
  EXPECT_EQ(summarizeError(GEMM_CUDA_CHECK(cudaErrorNoDevice)).exitCode,
            ExitNoDevice);
  EXPECT_EQ(
      summarizeError(GEMM_CUDA_CHECK(cudaErrorInsufficientDriver)).exitCode,
      ExitNoDevice);
}

} // namespace
