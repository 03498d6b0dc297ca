//===- MlirNestingLimitTest.cpp - MLIR text within a nesting depth --------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "compiler/MlirNestingLimit.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <string>

using namespace gemm_opt;

namespace {

/// A text, a limit and the offset findExcessMlirNesting reports (-1: none).
struct ScanCase {
  const char *text;
  unsigned limit;
  long excessAt;
};

void expectScans(llvm::ArrayRef<ScanCase> cases) {
  for (const ScanCase &scan : cases) {
    std::optional<size_t> offset = findExcessMlirNesting(scan.text, scan.limit);
    EXPECT_EQ(offset ? static_cast<long>(*offset) : -1, scan.excessAt)
        << scan.text << " (limit " << scan.limit << ")";
  }
}

TEST(MlirNestingLimitTest, EveryBracketKindCounts) {
  expectScans({{"([{<x>}])", 4, -1},
               {"([{<<x>>}])", 4, 4},
               {"tuple<tuple<tuple<i32>>>", 3, -1},
               {"tuple<tuple<tuple<i32>>>", 2, 17},
               // Siblings do not add up.
               {"[[], (), {}, <>, []]", 2, -1},
               {"[[], (), {}, <>, [[]]]", 2, 18}});
}

TEST(MlirNestingLimitTest, ArrowsAndComparisonsCloseNothing) {
  // `->` of a function type, `>=` of an integer set: counting their `>`
  // as closers would let the next opener go one level deeper unseen.
  expectScans({{"((i32) -> ((i32) -> (i32)))", 3, -1},
               {"[-> [-> [", 2, 8},
               {"[(d0) : (d0 >= 0) [[", 2, 19},
               // `-->` is a `-` and an arrow.
               {"[-->[", 1, 4},
               // `<=` opens a level: over-counting is safe, under-counting
               // is not.
               {"[<=", 1, 1}});
}

TEST(MlirNestingLimitTest, StringsAndCommentsNestNothing) {
  expectScans({{R"(["[[[[(((<<<"])", 1, -1},
               // An escaped quote stays in the string; an escaped
               // backslash does not escape the quote after it.
               {R"(["\"[[[["])", 1, -1},
               {R"(["\\"[)", 1, 5},
               {"// ((((\n[", 1, -1},
               {"// ((((\n[[", 1, 9},
               // A comment in a string is string, a quote in a comment is
               // comment.
               {"[\"//\"[", 1, 5},
               {"// \"\n[[", 1, 6},
               // A single `/` is no comment.
               {"[/[", 1, 2}});
}

TEST(MlirNestingLimitTest, StrayClosersLeaveTheCountAtZero) {
  expectScans({{")))>>>]]]}}}[[[", 2, 14}});
}

TEST(MlirNestingLimitTest, CheckEmitsALocatedError) {
  mlir::MLIRContext context;
  std::string message;
  mlir::ScopedDiagnosticHandler handler(
      &context, [&](mlir::Diagnostic &diagnostic) {
        llvm::raw_string_ostream os(message);
        os << diagnostic.getLocation() << ": " << diagnostic.str();
        return mlir::success();
      });
  std::string deep = "module {\n  " + std::string(300, '[') + "\n}";
  EXPECT_TRUE(mlir::failed(checkMlirNesting(deep, "deep.mlir", &context)));
  // `{` of the module is the first level, so the 256th `[` is one too many.
  EXPECT_EQ(message, "loc(\"deep.mlir\":2:258): brackets nest deeper than 256 "
                     "levels, more than the parser takes");
  message.clear();
  std::string atLimit = "module {\n  " + std::string(255, '[') + "\n}";
  EXPECT_TRUE(mlir::succeeded(checkMlirNesting(atLimit, "ok.mlir", &context)));
  EXPECT_EQ(message, "");
}

TEST(MlirNestingLimitTest, BytecodeIsNotScanned) {
  mlir::MLIRContext context;
  std::string bytecode = "ML\xefR" + std::string(1000, '[');
  EXPECT_TRUE(
      mlir::succeeded(checkMlirNesting(bytecode, "in.mlirbc", &context)));
}

} // namespace
