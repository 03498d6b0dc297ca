//===- TestMain.cpp - gtest main that remembers argv[0] -------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The process tests run this binary again; they need its path.

#include "gtest/gtest.h"

const char *gemmOptJitTestArgv0 = nullptr;

int main(int argc, char **argv) {
  gemmOptJitTestArgv0 = argv[0];
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
