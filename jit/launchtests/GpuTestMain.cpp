//===- GpuTestMain.cpp - gtest main that takes bundles --------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//   gemm-opt-launch-gputests [gtest flags] [BUNDLE ...]
//
// BUNDLE: a kernel.json, or a directory holding one; also taken from
// GEMM_OPT_LAUNCH_TEST_BUNDLES (":"-separated).
//
//===----------------------------------------------------------------------===//

#include "GpuTestBundles.h"

#include "gtest/gtest.h"

int main(int argc, char **argv) {
  ::testing::InitGoogleTest(&argc, argv); // Leaves what is not a gtest flag.
  gemm_opt::jit::addTestBundlesFromEnvironment();
  for (int i = 1; i < argc; ++i)
    gemm_opt::jit::addTestBundle(argv[i]);
  return RUN_ALL_TESTS();
}
