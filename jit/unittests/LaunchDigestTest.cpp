//===- LaunchDigestTest.cpp - the compiler's digest, the runtime's digest -===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The compiler stores a digest of each kernel's launch metadata in its PTX;
// the runtime recomputes it from the kernel.json it reads
// (runtime/bundle/LaunchDigest.h). They must agree for every kind of entry
// the compiler writes, after the trip through the file.
//
//===----------------------------------------------------------------------===//

#include "compiler/BundleWriter.h"
#include "runtime/bundle/BundleSchema.h"
#include "runtime/bundle/LaunchDigest.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace gemm_opt;

namespace {

std::string readFile(const Twine &path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> buffer = MemoryBuffer::getFile(path);
  EXPECT_TRUE(bool(buffer)) << path.str();
  return buffer ? (*buffer)->getBuffer().str() : "";
}

class LaunchDigestTest : public ::testing::TestWithParam<const char *> {
protected:
  void SetUp() override {
    ASSERT_FALSE(sys::fs::createUniqueDirectory("launch-digest", directory));
  }
  void TearDown() override { sys::fs::remove_directories(directory); }
  SmallString<128> directory;
};

TEST_P(LaunchDigestTest, PtxHoldsTheDigestOfItsEntry) {
  std::string source = std::string(GEMM_OPT_SOURCE_DIR) + "/" + GetParam();
  SmallString<128> json(directory);
  sys::path::append(json, "kernel.json");
  Error written =
      compileScheduleToBundle(readFile(source), source, json.str());
  ASSERT_FALSE(bool(written)) << toString(std::move(written));

  Expected<bundle::Bundle> read = bundle::parseBundle(readFile(json));
  ASSERT_TRUE(bool(read)) << toString(read.takeError());
  ASSERT_FALSE(read->kernels.empty());
  for (const bundle::KernelEntry &entry : read->kernels) {
    ASSERT_TRUE(entry.ptx.has_value());
    std::string ptx = readFile(directory + "/" + *entry.ptx);
    SmallVector<StringRef, 2> match;
    Regex declaration("\\.visible \\.const \\.align 8 \\.u64 " +
                      bundle::getLaunchDigestSymbol(entry.name) +
                      " = ([0-9]+);");
    ASSERT_TRUE(declaration.match(ptx, &match)) << entry.name;
    uint64_t digest = 0;
    ASSERT_FALSE(match[1].getAsInteger(10, digest));
    EXPECT_EQ(digest, bundle::computeLaunchDigest(entry)) << entry.name;
  }
}

INSTANTIATE_TEST_SUITE_P(
    Schedules, LaunchDigestTest,
    ::testing::Values("examples/gemm_bf16_wgmma_sm90.mlir",
                      "examples/gemm_fp8_block_scaled_sm90.mlir",
                      "bench/schedules/bf16_128x256x32_s4_ragged.mlir",
                      "examples/transpose_f32_sm90.mlir"));

} // namespace
