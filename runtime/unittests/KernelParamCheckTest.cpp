//===- KernelParamCheckTest.cpp - metadata parameters against a kernel ----===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/KernelParamCheck.h"
#include "runtime/KernelParams.h"
#include "runtime/RuntimeError.h"

#include "gtest/gtest.h"

#include <vector>

using namespace llvm;
using namespace gemm_opt::runtime;

namespace {

/// The parameters the fake kernel declares, by size.
std::vector<size_t> declared;

CUresult getParamInfo(CUfunction, size_t index, size_t *offset,
                      size_t *bytes) {
  if (index >= declared.size())
    return CUDA_ERROR_INVALID_VALUE;
  *offset = 0;
  *bytes = declared[index];
  return CUDA_SUCCESS;
}

DriverApi makeApi() {
  DriverApi api;
  api.funcGetParamInfo = getParamInfo;
  return api;
}

std::string check(ArrayRef<size_t> described) {
  Error err = checkKernelParameters(makeApi(), nullptr, "k", described);
  if (!err)
    return "";
  ErrorSummary summary = summarizeError(std::move(err));
  EXPECT_EQ(summary.exitCode, ExitBadInput);
  return summary.message;
}

TEST(KernelParamCheckTest, MatchingParametersPass) {
  declared = {8, 8, 4, 128};
  EXPECT_EQ(check({8, 8, 4, 128}), "");
}

TEST(KernelParamCheckTest, ARemovedParameterIsRefused) {
  // The f32 alpha removed from the metadata: the next one is 4 bytes in the
  // kernel.
  declared = {8, 4, 4, 8};
  EXPECT_NE(check({8, 4, 8}).find("the launch metadata of kernel k does not "
                                  "match its image: parameter 2 is 4 bytes"),
            std::string::npos);
}

TEST(KernelParamCheckTest, AnAddedParameterIsRefused) {
  declared = {8, 8};
  EXPECT_NE(check({8, 8, 8}).find("the kernel declares 2 parameters, the "
                                  "metadata describes 3"),
            std::string::npos);
}

TEST(KernelParamCheckTest, AResizedParameterIsRefused) {
  declared = {8, 4};
  EXPECT_NE(check({8, 8}).find("parameter 1 is 4 bytes in the kernel but 8 "
                               "bytes in the metadata"),
            std::string::npos);
}

TEST(KernelParamCheckTest, ATrailingParameterIsLeftToTheDigest) {
  // Asking past the kernel's last parameter would be a failed driver call
  // that compute-sanitizer reports; the launch digest covers this case.
  declared = {8, 8, 8};
  EXPECT_EQ(check({8, 8}), "");
}

TEST(KernelParamCheckTest, AnOldDriverChecksNothing) {
  EXPECT_FALSE(static_cast<bool>(
      checkKernelParameters(DriverApi(), nullptr, "k", {8})));
}

TEST(KernelParamCheckTest, PackedParametersKnowTheirSizes) {
  PackedKernelParams params;
  params.appendValue(1);
  params.appendFloat(2.0f);
  params.appendTensorMap(CUtensorMap());
  EXPECT_EQ(params.getParamBytes(),
            (std::vector<size_t>{8, 4, sizeof(CUtensorMap)}));
}

} // namespace
