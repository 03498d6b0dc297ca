//===- JsonNestingLimitTest.cpp - JSON parsing within a nesting depth -----===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/bundle/JsonNestingLimit.h"
#include "runtime/bundle/BundleSchema.h"

#include "gtest/gtest.h"

#include <string>

using namespace llvm;
using namespace gemm_opt;

namespace {

std::string nestedArrays(unsigned depth) {
  return std::string(depth, '[') + std::string(depth, ']');
}

/// The message of checkJsonNesting(text, limit), or "" where it passes.
std::string nestingError(StringRef text, unsigned limit) {
  Error error = checkJsonNesting(text, limit);
  return error ? toString(std::move(error)) : std::string();
}

TEST(JsonNestingLimitTest, CountsArraysAndObjectsUpToTheLimit) {
  EXPECT_EQ(nestingError(nestedArrays(3), 3), "");
  EXPECT_EQ(nestingError(R"({"a": [{"b": 1}]})", 3), "");
  EXPECT_EQ(nestingError(R"({"a": [{"b": []}]})", 3),
            "[1:14, byte=13]: arrays and objects nest deeper than 3 levels");
  // Siblings do not add up.
  EXPECT_EQ(nestingError("[[], [], {}, [[]]]", 3), "");
}

TEST(JsonNestingLimitTest, LocatesTheBracketByLineColumnAndByte) {
  // Line and column from 1, the byte offset from 0.
  EXPECT_EQ(nestingError("{\n  \"a\": [\n    [[]]]}", 3),
            "[3:6, byte=16]: arrays and objects nest deeper than 3 levels");
}

TEST(JsonNestingLimitTest, BracketsInStringsDoNotCount) {
  EXPECT_EQ(nestingError(R"(["[[[[", "{{{{"])", 1), "");
  // An escaped quote does not end the string, an escaped backslash does
  // not escape the quote after it.
  EXPECT_EQ(nestingError(R"(["\"[[[", "\\", "x"])", 1), "");
  EXPECT_EQ(nestingError(R"(["\\"[])", 1),
            "[1:6, byte=5]: arrays and objects nest deeper than 1 levels");
  // An unterminated string hides the rest; json::parse rejects it.
  EXPECT_EQ(nestingError(R"(["[[[)", 1), "");
}

TEST(JsonNestingLimitTest, StrayClosersLeaveTheCountAtZero) {
  // `]]]` first must not buy depth for what follows.
  EXPECT_EQ(nestingError("]]]" + nestedArrays(3), 2),
            "[1:6, byte=5]: arrays and objects nest deeper than 2 levels");
}

TEST(JsonNestingLimitTest, ParseStopsAtTheDefaultLimit) {
  // Deep enough to overflow the stack inside json::parse.
  std::string deep = nestedArrays(100000);
  Expected<json::Value> parsed = parseJsonWithNestingLimit(deep);
  ASSERT_FALSE(bool(parsed));
  EXPECT_EQ(toString(parsed.takeError()),
            "[1:257, byte=256]: arrays and objects nest deeper than 256 "
            "levels");
  Expected<json::Value> atLimit =
      parseJsonWithNestingLimit(nestedArrays(kMaxJsonNesting));
  EXPECT_TRUE(bool(atLimit)) << toString(atLimit.takeError());
}

TEST(JsonNestingLimitTest, BundleReaderStopsAtTheLimit) {
  std::string deep = R"({"format": "gemm-opt-bundle-v1", "kernels": )" +
                     nestedArrays(50000) + "}";
  Expected<bundle::Bundle> parsed = bundle::parseBundle(deep);
  ASSERT_FALSE(bool(parsed));
  EXPECT_EQ(toString(parsed.takeError()),
            "invalid JSON: [1:300, byte=299]: arrays and objects nest deeper "
            "than 256 levels");
  Expected<bundle::KernelEntry> entry =
      bundle::parseKernelEntry(nestedArrays(50000));
  ASSERT_FALSE(bool(entry));
  EXPECT_NE(toString(entry.takeError()).find("nest deeper"), std::string::npos);
}

} // namespace
