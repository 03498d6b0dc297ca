//===- TestMain.cpp - gtest main that remembers argv[0] -------------------===//
//
// The process tests run this binary again; they need its path.

#include "gtest/gtest.h"

const char *gemmOptJitTestArgv0 = nullptr;

int main(int argc, char **argv) {
  gemmOptJitTestArgv0 = argv[0];
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
