//===- LaunchWorkspaceTest.cpp - a caller's split-K workspace -------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The size and layout of a caller's workspace (counters first, partial sums
// 256-byte aligned after them) and what a launch refuses. No GPU needed.
//
//===----------------------------------------------------------------------===//

#include "jit/LaunchWorkspace.h"

#include "SplitKSpec.h"
#include "runtime/RuntimeError.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace gemm_opt::jit;
using namespace gemm_opt::runtime;

namespace {

std::string errorOf(Expected<WorkspaceAddresses> placed) {
  return placed ? std::string() : toString(placed.takeError());
}

TEST(LaunchWorkspaceTest, CountersFirstThenAlignedPartialSums) {
  KernelSpec spec = makeSplitKSpec();
  // 100x300: 2 x 3 tiles of 64x128 (6 counters, 24 bytes, rounded to 256),
  // 4 slices of 100x300 floats.
  GemmShape shape = GemmShape::get(100, 300, 512);
  Expected<size_t> size = getLaunchWorkspaceSize(spec, shape);
  ASSERT_TRUE(bool(size)) << toString(size.takeError());
  EXPECT_EQ(*size, 256u + 4u * 100 * 300 * 4);

  LaunchWorkspace workspace{reinterpret_cast<void *>(0x7f0000100000), *size};
  Expected<WorkspaceAddresses> placed =
      placeLaunchWorkspace(spec, shape, workspace);
  ASSERT_TRUE(bool(placed)) << toString(placed.takeError());
  EXPECT_EQ(placed->tileCounters, 0x7f0000100000u);
  EXPECT_EQ(placed->partials, 0x7f0000100000u + 256);
  EXPECT_EQ(placed->tileCount, 6);
  EXPECT_EQ(placed->partialCount, 4 * 100 * 300);
  EXPECT_EQ(getTileCounterBytes(*placed), 24u);
}

TEST(LaunchWorkspaceTest, PartsAddUpToTheSize) {
  KernelSpec spec = makeSplitKSpec();
  GemmShape shape = GemmShape::get(100, 300, 512);
  Expected<LaunchWorkspaceSize> parts = getLaunchWorkspaceParts(spec, shape);
  ASSERT_TRUE(bool(parts)) << toString(parts.takeError());
  EXPECT_EQ(parts->counterBytes, 256u);
  EXPECT_EQ(parts->partialBytes, 4u * 100 * 300 * 4);
  EXPECT_EQ(parts->getBytes(), cantFail(getLaunchWorkspaceSize(spec, shape)));
}

TEST(LaunchWorkspaceTest, PartialSumsStartPastTheCounterRegion) {
  // A workspace shared by shapes keeps 1024 bytes for counters: the small
  // shape's partial sums start past them, not past its own 256.
  KernelSpec spec = makeSplitKSpec();
  GemmShape shape = GemmShape::get(100, 300, 512);
  size_t partials = cantFail(getLaunchWorkspaceParts(spec, shape)).partialBytes;
  LaunchWorkspace workspace{reinterpret_cast<void *>(0x7f0000100000),
                            1024 + partials};
  workspace.counterRegionBytes = 1024;
  Expected<WorkspaceAddresses> placed =
      placeLaunchWorkspace(spec, shape, workspace);
  ASSERT_TRUE(bool(placed)) << toString(placed.takeError());
  EXPECT_EQ(placed->tileCounters, 0x7f0000100000u);
  EXPECT_EQ(placed->partials, 0x7f0000100000u + 1024);

  workspace.bytes -= 4;
  std::string small = errorOf(placeLaunchWorkspace(spec, shape, workspace));
  EXPECT_NE(small.find("needs a " + std::to_string(1024 + partials) +
                       "-byte workspace"),
            std::string::npos)
      << small;
  workspace.bytes += 4;
  workspace.counterRegionBytes = 1000;
  std::string unaligned = errorOf(placeLaunchWorkspace(spec, shape, workspace));
  EXPECT_NE(unaligned.find("counter region (1000 bytes) is not a multiple"),
            std::string::npos)
      << unaligned;
}

TEST(LaunchWorkspaceTest, TooSmallMisalignedOrMissingIsRefused) {
  KernelSpec spec = makeSplitKSpec();
  GemmShape shape = GemmShape::get(128, 256, 512);
  size_t size = cantFail(getLaunchWorkspaceSize(spec, shape));
  void *base = reinterpret_cast<void *>(0x7f0000100000);
  std::string small = errorOf(
      placeLaunchWorkspace(spec, shape, LaunchWorkspace{base, size - 4}));
  EXPECT_NE(small.find("needs a " + std::to_string(size) + "-byte workspace"),
            std::string::npos)
      << small;
  std::string misaligned = errorOf(placeLaunchWorkspace(
      spec, shape,
      LaunchWorkspace{reinterpret_cast<char *>(base) + 16, size + 16}));
  EXPECT_NE(misaligned.find("256-byte aligned"), std::string::npos)
      << misaligned;
  std::string missing =
      errorOf(placeLaunchWorkspace(spec, shape, LaunchWorkspace{}));
  EXPECT_NE(missing.find("is null"), std::string::npos) << missing;
}

TEST(LaunchWorkspaceTest, KernelsWithoutOneNeedNone) {
  KernelSpec plain = test::parseSingleKernel(test::makeValidKernel());
  GemmShape shape = GemmShape::get(128, 256, 512);
  EXPECT_EQ(cantFail(getLaunchWorkspaceSize(plain, shape)), 0u);
  Expected<WorkspaceAddresses> placed =
      placeLaunchWorkspace(plain, shape, LaunchWorkspace{});
  ASSERT_TRUE(bool(placed));
  EXPECT_EQ(placed->partials, 0u);
  EXPECT_EQ(placed->tileCounters, 0u);
}

} // namespace
