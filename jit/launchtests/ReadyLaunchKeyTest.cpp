//===- ReadyLaunchKeyTest.cpp - what tells ready launches apart -----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// getReadyLaunchKey (ReadyLaunches.h): a launch is enqueued again from the
// ready launches only with every argument equal, so each argument, changed
// alone, must change the key; equal arguments must give equal keys. No GPU
// needed.
//
//===----------------------------------------------------------------------===//

#include "jit/ReadyLaunches.h"

#include "gtest/gtest.h"

#include <functional>
#include <vector>

using namespace gemm_opt::jit;

namespace {

GemmArguments makeArguments() {
  GemmArguments args;
  args.a = reinterpret_cast<const void *>(0x10000);
  args.b = reinterpret_cast<const void *>(0x20000);
  args.c = reinterpret_cast<void *>(0x30000);
  args.m = 128;
  args.n = 256;
  args.k = 64;
  args.lda = 64;
  args.ldb = 256;
  args.ldc = 256;
  return args;
}

TEST(ReadyLaunchKeyTest, EqualArgumentsGiveEqualKeys) {
  GemmArguments args = makeArguments();
  LaunchWorkspace workspace{reinterpret_cast<void *>(0x40000), 4096, true, 0};
  EXPECT_EQ(getReadyLaunchKey(args, nullptr), getReadyLaunchKey(args, nullptr));
  EXPECT_EQ(getReadyLaunchKey(args, &workspace),
            getReadyLaunchKey(makeArguments(), &workspace));
  // zeroCounters is what the launch does, not what it runs: one key.
  LaunchWorkspace kept = workspace;
  kept.zeroCounters = false;
  EXPECT_EQ(getReadyLaunchKey(args, &workspace),
            getReadyLaunchKey(args, &kept));
}

TEST(ReadyLaunchKeyTest, EveryArgumentTellsLaunchesApart) {
  using Change = std::function<void(GemmArguments &)>;
  auto pointer = [](uintptr_t value) {
    return reinterpret_cast<const void *>(value);
  };
  std::vector<std::pair<const char *, Change>> changes = {
      {"a", [&](GemmArguments &x) { x.a = pointer(0x10100); }},
      {"b", [&](GemmArguments &x) { x.b = pointer(0x20100); }},
      {"c", [](GemmArguments &x) { x.c = reinterpret_cast<void *>(0x30100); }},
      {"m", [](GemmArguments &x) { x.m = 129; }},
      {"n", [](GemmArguments &x) { x.n = 255; }},
      {"k", [](GemmArguments &x) { x.k = 65; }},
      {"lda", [](GemmArguments &x) { x.lda = 72; }},
      {"ldb", [](GemmArguments &x) { x.ldb = 264; }},
      {"ldc", [](GemmArguments &x) { x.ldc = 264; }},
      {"alpha", [](GemmArguments &x) { x.alpha = 2.0f; }},
      {"beta", [](GemmArguments &x) { x.beta = 1.0f; }},
      {"-0 beta", [](GemmArguments &x) { x.beta = -0.0f; }},
      {"bias", [&](GemmArguments &x) { x.bias = pointer(0x50000); }},
      {"residual", [&](GemmArguments &x) { x.residual = pointer(0x60000); }},
      {"batch", [](GemmArguments &x) { x.batch = 2; }},
      {"batch stride of A 0", [](GemmArguments &x) { x.batchStrideA = 0; }},
      {"batch stride of B", [](GemmArguments &x) { x.batchStrideB = 8192; }},
      {"batch stride of C", [](GemmArguments &x) { x.batchStrideC = 32768; }},
      {"order of A",
       [](GemmArguments &x) { x.orderA = MatrixOrder::ColumnMajor; }},
      {"order of B",
       [](GemmArguments &x) { x.orderB = MatrixOrder::ColumnMajor; }},
      {"order of C",
       [](GemmArguments &x) { x.orderC = MatrixOrder::ColumnMajor; }},
      {"scale of A", [&](GemmArguments &x) { x.scaleA = pointer(0x70000); }},
      {"scale of B", [&](GemmArguments &x) { x.scaleB = pointer(0x70100); }},
      {"group rows",
       [](GemmArguments &x) {
         x.groupRows = reinterpret_cast<const int32_t *>(0x80000);
       }},
      {"group offsets",
       [](GemmArguments &x) {
         x.groupOffsets = reinterpret_cast<const int32_t *>(0x80000);
       }},
      {"groups", [](GemmArguments &x) { x.groups = 8; }},
  };
  ReadyLaunchKey base = getReadyLaunchKey(makeArguments(), nullptr);
  std::vector<ReadyLaunchKey> seen{base};
  for (const auto &[name, change] : changes) {
    SCOPED_TRACE(name);
    GemmArguments args = makeArguments();
    change(args);
    ReadyLaunchKey key = getReadyLaunchKey(args, nullptr);
    for (const ReadyLaunchKey &other : seen)
      EXPECT_FALSE(key == other);
    seen.push_back(key);
  }
}

TEST(ReadyLaunchKeyTest, WorkspaceTellsLaunchesApart) {
  GemmArguments args = makeArguments();
  LaunchWorkspace workspace{reinterpret_cast<void *>(0x40000), 4096, false, 0};
  LaunchWorkspace moved = workspace, larger = workspace, counters = workspace;
  moved.pointer = reinterpret_cast<void *>(0x40100);
  larger.bytes = 8192;
  counters.counterRegionBytes = 1024;
  // An empty workspace is one, and differs from none.
  LaunchWorkspace empty;
  std::vector<ReadyLaunchKey> keys = {
      getReadyLaunchKey(args, nullptr),   getReadyLaunchKey(args, &workspace),
      getReadyLaunchKey(args, &moved),    getReadyLaunchKey(args, &larger),
      getReadyLaunchKey(args, &counters), getReadyLaunchKey(args, &empty)};
  for (size_t i = 0; i < keys.size(); ++i)
    for (size_t j = i + 1; j < keys.size(); ++j)
      EXPECT_FALSE(keys[i] == keys[j]) << i << " and " << j;
}

} // namespace
