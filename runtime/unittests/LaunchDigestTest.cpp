//===- LaunchDigestTest.cpp - the hash of a kernel's launch metadata ------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "TestBundles.h"

#include "runtime/bundle/LaunchDigest.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace gemm_opt;
using namespace gemm_opt::runtime::test;

namespace {

bundle::KernelEntry parseEntry(json::Object kernel) {
  bundle::KernelEntry entry;
  json::Path::Root root;
  EXPECT_TRUE(fromJSON(json::Value(std::move(kernel)), entry, root));
  return entry;
}

TEST(LaunchDigestTest, IgnoresImagesAndPtxasReport) {
  json::Object kernel = makeHopperKernel();
  uint64_t digest = bundle::computeLaunchDigest(parseEntry(kernel));
  kernel["cubin"] = "elsewhere.cubin";
  kernel["ptx"] = "elsewhere.ptx";
  kernel["ptxas_info"] = "ptxas info : Used 168 registers";
  kernel["ptxas_opt_level"] = 1;
  EXPECT_EQ(bundle::computeLaunchDigest(parseEntry(kernel)), digest);
}

TEST(LaunchDigestTest, CoversEveryLaunchField) {
  json::Object kernel = makeHopperKernel();
  uint64_t digest = bundle::computeLaunchDigest(parseEntry(kernel));

  json::Object noSharedMemory = kernel;
  noSharedMemory["dynamic_shared_memory_bytes"] = 0;
  EXPECT_NE(bundle::computeLaunchDigest(parseEntry(noSharedMemory)), digest);

  json::Object otherBlock = kernel;
  otherBlock["block"] = json::Array{96, 1, 1};
  EXPECT_NE(bundle::computeLaunchDigest(parseEntry(otherBlock)), digest);

  json::Object fewerParameters = kernel;
  fewerParameters["parameters"].getAsArray()->pop_back();
  EXPECT_NE(bundle::computeLaunchDigest(parseEntry(fewerParameters)), digest);
}

TEST(LaunchDigestTest, SurvivesARoundTripThroughText) {
  bundle::KernelEntry entry = parseEntry(makeHopperKernel());
  std::string text;
  raw_string_ostream(text) << toJSON(entry);
  Expected<json::Value> value = json::parse(text);
  ASSERT_TRUE(static_cast<bool>(value)) << toString(value.takeError());
  bundle::KernelEntry reread;
  json::Path::Root root;
  ASSERT_TRUE(fromJSON(*value, reread, root));
  EXPECT_EQ(bundle::computeLaunchDigest(reread),
            bundle::computeLaunchDigest(entry));
  EXPECT_EQ(bundle::getLaunchDigestSymbol("k"), "k_launch_digest");
}

} // namespace
