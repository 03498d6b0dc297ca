//===- CacheEntryFormatTest.cpp - a kernel cache file's bytes -------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "jit/CacheEntryFormat.h"

#include "gtest/gtest.h"

using namespace gemm_opt::jit;
using namespace llvm;

namespace {

static std::string errorOf(Expected<CacheEntry> entry) {
  return entry ? std::string() : toString(entry.takeError());
}

TEST(CacheEntryFormatTest, RoundTrip) {
  CompiledKernel kernel{"cache key", "{}",
                        "\x7f"
                        "ELF-cubin",
                        "report"};
  std::string bytes = serializeCacheEntry(kernel, "request key");
  EXPECT_EQ(StringRef(bytes).take_front(8), "GEMMJIT2");
  auto entry = deserializeCacheEntry(bytes);
  ASSERT_TRUE(bool(entry)) << toString(entry.takeError());
  EXPECT_EQ(entry->requestKey, "request key");
  EXPECT_EQ(entry->kernel.cacheKey, kernel.cacheKey);
  EXPECT_EQ(entry->kernel.bundleEntry, kernel.bundleEntry);
  EXPECT_EQ(entry->kernel.cubin, kernel.cubin);
  EXPECT_EQ(entry->kernel.ptxasReport, kernel.ptxasReport);
  EXPECT_FALSE(hasOtherFormatVersion(bytes));
}

TEST(CacheEntryFormatTest, RejectsDamage) {
  CompiledKernel kernel{"key", "{}",
                        "\x7f"
                        "ELF-cubin",
                        "report"};
  std::string bytes = serializeCacheEntry(kernel, "request");
  for (size_t cut : {size_t(0), size_t(7), size_t(10), size_t(24),
                     bytes.size() / 2, bytes.size() - 1})
    EXPECT_NE(errorOf(deserializeCacheEntry(StringRef(bytes).take_front(cut)))
                  .find("corrupt cache entry"),
              std::string::npos)
        << cut;
  EXPECT_NE(errorOf(deserializeCacheEntry(bytes + "x")).find("truncated?"),
            std::string::npos);
  for (size_t at : {size_t(24), bytes.size() / 2, bytes.size() - 1}) {
    std::string flipped = bytes;
    flipped[at] ^= 1;
    EXPECT_NE(errorOf(deserializeCacheEntry(flipped)).find("checksum"),
              std::string::npos)
        << at;
  }
  std::string wrongSize = bytes;
  wrongSize[8] ^= 1;
  EXPECT_NE(errorOf(deserializeCacheEntry(wrongSize)).find("truncated?"),
            std::string::npos);
  // Empty fields are refused even with a good checksum.
  EXPECT_NE(errorOf(deserializeCacheEntry(serializeCacheEntry(
                        {"key", "{}", "", "report"}, "request")))
                .find("empty"),
            std::string::npos);
}

TEST(CacheEntryFormatTest, OtherVersionsAreRecognized) {
  std::string bytes =
      serializeCacheEntry({"key", "{}", "cubin", "report"}, "request");
  std::string version1 = bytes;
  version1[7] = '1';
  EXPECT_TRUE(hasOtherFormatVersion(version1));
  EXPECT_NE(errorOf(deserializeCacheEntry(version1)).find("format version 2"),
            std::string::npos);
  EXPECT_FALSE(hasOtherFormatVersion("GEMMJIT"));
  EXPECT_FALSE(hasOtherFormatVersion("GARBAGE1 and more"));
}

} // namespace
