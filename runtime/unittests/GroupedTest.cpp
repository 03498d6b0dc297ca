//===- GroupedTest.cpp - grouped GEMM bundles (no GPU) ---------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What the runtime does with a grouped GEMM's bundle entry
// (docs/design/grouped-gemm.md): the schema keeps its "grouped" layout and
// its group parameter, refuses another layout name, and the kernel reader
// refuses to run it (gemm-run --groups is not there yet) instead of
// launching it without its group operand.

#include "TestBundles.h"

#include "runtime/bundle/BundleSchema.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace gemm_opt::runtime;
using namespace gemm_opt::runtime::test;

namespace {

json::Object memref(StringRef operand, int64_t rank) {
  return json::Object{{"kind", "memref"}, {"operand", operand}, {"rank", rank}};
}

/// What gemm-translate writes for
/// examples/gemm_bf16_wgmma_grouped_masked_sm90.mlir: a persistent batched
/// kernel with "grouped": "masked" and group_rows last.
json::Object makeMaskedGroupedKernel() {
  json::Object kernel = makeValidKernel();
  kernel["block"] = json::Array{384, 1, 1};
  kernel["requires_divisible"] = json::Object{{"m", 1}, {"n", 1}, {"k", 1}};
  kernel["min_alignment_bytes"] = 2;
  kernel["grid"] = json::Object{
      {"persistent", json::Object{{"ctas_per_sm", 1}}},
      {"tiles", json::Object{{"m", 128}, {"n", 256}, {"batch", 1}}}};
  kernel["parameters"] = json::Array{
      memref("a", 3),
      memref("b", 3),
      memref("c", 3),
      makeTmaParam("a", json::Array{64, 128, 1}, 128, "global_pointer"),
      makeTmaParam("b", json::Array{64, 64, 1}, 128, "global_pointer"),
      memref("group_rows", 1)};
  kernel["batch"] = json::Object{{"strided", true}};
  kernel["grouped"] = "masked";
  return kernel;
}

TEST(GroupedTest, SchemaKeepsTheLayout) {
  Expected<gemm_opt::bundle::Bundle> parsed = gemm_opt::bundle::parseBundle(
      makeBundleText(makeMaskedGroupedKernel()));
  ASSERT_TRUE(static_cast<bool>(parsed)) << toString(parsed.takeError());
  const gemm_opt::bundle::KernelEntry &entry = parsed->kernels.front();
  ASSERT_TRUE(entry.gemm.has_value());
  ASSERT_TRUE(entry.gemm->grouped.has_value());
  EXPECT_EQ(*entry.gemm->grouped, "masked");
  const gemm_opt::bundle::Parameter &rows = entry.parameters.back();
  ASSERT_TRUE(rows.operand.has_value() && rows.rank.has_value());
  EXPECT_EQ(*rows.operand, "group_rows");
  EXPECT_EQ(*rows.rank, 1);

  // And writes it back.
  std::string text;
  raw_string_ostream(text) << gemm_opt::bundle::toJSON(*parsed);
  EXPECT_NE(text.find("\"grouped\":\"masked\""), std::string::npos) << text;
}

TEST(GroupedTest, SchemaRefusesAnotherLayout) {
  json::Object kernel = makeMaskedGroupedKernel();
  kernel["grouped"] = "ragged";
  Expected<gemm_opt::bundle::Bundle> parsed =
      gemm_opt::bundle::parseBundle(makeBundleText(std::move(kernel)));
  ASSERT_FALSE(static_cast<bool>(parsed));
  EXPECT_EQ(toString(parsed.takeError()),
            "expected \"masked\" or \"contiguous\" at kernels[0].grouped");
}

TEST(GroupedTest, SchemaTakesOneEntryPerGroup) {
  json::Object kernel = makeMaskedGroupedKernel();
  (*kernel.getArray("parameters"))[5] = memref("group_rows", 2);
  Expected<gemm_opt::bundle::Bundle> parsed =
      gemm_opt::bundle::parseBundle(makeBundleText(std::move(kernel)));
  ASSERT_FALSE(static_cast<bool>(parsed));
  EXPECT_EQ(toString(parsed.takeError()),
            "expected 1 (one entry per group) at kernels[0].parameters[5].rank");
}

TEST(GroupedTest, ReaderRefusesToRunGroupedKernels) {
  EXPECT_TRUE(isRefusedKernel(
      makeMaskedGroupedKernel(),
      "'grouped' is \"masked\": grouped GEMM kernels are not run by this "
      "runtime yet"));
  json::Object contiguous = makeMaskedGroupedKernel();
  contiguous["grouped"] = "contiguous";
  EXPECT_TRUE(isRefusedKernel(std::move(contiguous),
                              "grouped GEMM kernels are not run"));
}

} // namespace
