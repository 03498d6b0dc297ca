//===- TransposeSpecTest.cpp - "transpose" bundle kernels and their checks ===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "TestBundles.h"

#include "runtime/KernelSpec.h"
#include "runtime/LaunchGrid.h"
#include "runtime/RuntimeError.h"
#include "runtime/TransposeBenchmark.h"

#include "gtest/gtest.h"

#include <cstring>
#include <vector>

using namespace llvm;
using namespace gemm_opt::runtime;
using namespace gemm_opt::runtime::test;

namespace {

/// The entry gemm-translate writes for examples/transpose_f32_sm90.mlir.
json::Object makeTransposeKernel() {
  auto memref = [](StringRef operand) {
    return json::Object{{"kind", "memref"}, {"operand", operand}, {"rank", 2}};
  };
  return json::Object{
      {"kind", "transpose"},
      {"name", "transpose_f32_kernel"},
      {"cubin", "k.cubin"},
      {"chip", "sm_90a"},
      {"block", json::Array{256, 1, 1}},
      {"cluster", json::Array{1, 1, 1}},
      {"dynamic_shared_memory_bytes", 16640},
      {"grid", json::Object{{"x", json::Object{{"extent", "n"}, {"tile", 64}}},
                            {"y", json::Object{{"extent", "m"}, {"tile", 64}}},
                            {"z", 1}}},
      {"tile", json::Object{{"m", 64}, {"n", 64}}},
      {"types", json::Object{{"src", "f32"}, {"dst", "f32"}}},
      {"layouts", json::Object{{"src", "row"}, {"dst", "row"}}},
      {"min_alignment_bytes", 4},
      {"vector_elements", 4},
      {"parameters", json::Array{memref("src"), memref("dst")}},
  };
}

Expected<KernelSpec> parseOne(json::Object kernel) {
  Expected<KernelBundle> bundle =
      parseKernelBundle(makeBundleText(std::move(kernel)), "/b", "b.json");
  if (!bundle)
    return bundle.takeError();
  return std::move(bundle->kernels.front());
}

std::string errorOf(json::Object kernel) {
  Expected<KernelSpec> spec = parseOne(std::move(kernel));
  if (spec)
    return "";
  return summarizeError(spec.takeError()).message;
}

TEST(TransposeSpecTest, ParsesATransposeKernel) {
  Expected<KernelSpec> spec = parseOne(makeTransposeKernel());
  ASSERT_TRUE(static_cast<bool>(spec)) << toString(spec.takeError());
  EXPECT_EQ(spec->kind, KernelKind::Transpose);
  ASSERT_TRUE(spec->matrixMove.has_value());
  EXPECT_EQ(spec->matrixMove->tileRows, 64);
  EXPECT_EQ(spec->matrixMove->tileCols, 64);
  EXPECT_EQ(spec->matrixMove->elementType, ElementType::F32);
  EXPECT_EQ(spec->matrixMove->vectorElements, 4);
  EXPECT_EQ(spec->minAlignmentBytes, 4);
  EXPECT_EQ(spec->dynamicSharedMemoryBytes, 16640u);
  EXPECT_EQ(spec->getThreadsPerBlock(), 256u);
  // The grid covers src: ceil(N/64) × ceil(M/64), ragged shapes included.
  Expected<LaunchGrid> grid =
      computeGrid(*spec, GemmShape::get(4097, 1023, 1), 132);
  ASSERT_TRUE(static_cast<bool>(grid)) << toString(grid.takeError());
  EXPECT_EQ(grid->dims, (std::array<unsigned, 3>{16, 65, 1}));
}

TEST(TransposeSpecTest, EntriesWithoutKindAreGemms) {
  Expected<KernelSpec> spec = parseOne(makeValidKernel());
  ASSERT_TRUE(static_cast<bool>(spec)) << toString(spec.takeError());
  EXPECT_EQ(spec->kind, KernelKind::Gemm);
  EXPECT_FALSE(spec->matrixMove.has_value());
}

TEST(TransposeSpecTest, RejectsAnUnknownKind) {
  json::Object kernel = makeTransposeKernel();
  kernel["kind"] = "conv";
  EXPECT_NE(
      errorOf(std::move(kernel))
          .find("expected \"gemm\", \"transpose\" or \"copy\" at "
                "kernels[0].kind"),
      std::string::npos);
}

TEST(TransposeSpecTest, RejectsDifferentElementTypes) {
  json::Object kernel = makeTransposeKernel();
  kernel["types"] = json::Object{{"src", "f32"}, {"dst", "bf16"}};
  EXPECT_NE(errorOf(std::move(kernel))
                .find("is bf16 but src is f32; a transpose keeps the element "
                      "type"),
            std::string::npos);
}

TEST(TransposeSpecTest, RejectsOtherParameters) {
  json::Object kernel = makeTransposeKernel();
  kernel["parameters"] = json::Array{
      json::Object{{"kind", "memref"}, {"operand", "dst"}, {"rank", 2}},
      json::Object{{"kind", "memref"}, {"operand", "src"}, {"rank", 2}}};
  EXPECT_NE(errorOf(std::move(kernel)).find("field 'parameters' must be"),
            std::string::npos);
}

TEST(TransposeSpecTest, RejectsMissingTile) {
  json::Object kernel = makeTransposeKernel();
  kernel.erase("tile");
  EXPECT_NE(errorOf(std::move(kernel)).find("tile"), std::string::npos);
}

TEST(TransposeSpecTest, PacksSrcAndDstMemrefs) {
  TransposeShape shape = TransposeShape::get(3, 5, 8, 4);
  std::vector<uint64_t> params =
      packTransposeParams(shape, 0x1000, 0x2000, /*batched=*/false);
  EXPECT_EQ(params, (std::vector<uint64_t>{0x1000, 0x1000, 0, 3, 5, 8, 1,
                                           0x2000, 0x2000, 0, 5, 3, 4, 1}));
}

/// The entry of a batched transpose (tile.transpose on rank-3 memrefs).
json::Object makeBatchedTransposeKernel() {
  json::Object kernel = makeTransposeKernel();
  auto memref3 = [](StringRef operand) {
    return json::Object{{"kind", "memref"}, {"operand", operand}, {"rank", 3}};
  };
  kernel["parameters"] = json::Array{memref3("src"), memref3("dst")};
  kernel["grid"] =
      json::Object{{"x", json::Object{{"extent", "n"}, {"tile", 64}}},
                   {"y", json::Object{{"extent", "m"}, {"tile", 64}}},
                   {"z", json::Object{{"extent", "batch"}, {"tile", 1}}}};
  return kernel;
}

TEST(TransposeSpecTest, ParsesABatchedTransposeKernel) {
  Expected<KernelSpec> spec = parseOne(makeBatchedTransposeKernel());
  ASSERT_TRUE(static_cast<bool>(spec)) << toString(spec.takeError());
  EXPECT_TRUE(spec->matrixMove->batched);
  EXPECT_FALSE(parseOne(makeTransposeKernel())->matrixMove->batched);
  // One grid layer per batch entry.
  Expected<LaunchGrid> grid = computeGrid(
      *spec, GemmShape::get(100, 65, 1).withBatch(7), 132);
  ASSERT_TRUE(static_cast<bool>(grid)) << toString(grid.takeError());
  EXPECT_EQ(grid->dims, (std::array<unsigned, 3>{2, 2, 7}));
}

TEST(TransposeSpecTest, RankAndGridZMustAgree) {
  // Rank-3 parameters on a grid of one layer would transpose entry 0 only.
  json::Object oneLayer = makeBatchedTransposeKernel();
  oneLayer["grid"] = makeTransposeKernel()["grid"];
  EXPECT_NE(errorOf(std::move(oneLayer))
                .find("field 'grid' must have z = {\"extent\": \"batch\", "
                      "\"tile\": 1} for rank-3"),
            std::string::npos);
  json::Object layered = makeTransposeKernel();
  layered["grid"] = makeBatchedTransposeKernel()["grid"];
  EXPECT_NE(errorOf(std::move(layered))
                .find("field 'grid' must have z = 1 for rank-2 parameters"),
            std::string::npos);
  json::Object mixed = makeTransposeKernel();
  mixed["parameters"] = json::Array{
      json::Object{{"kind", "memref"}, {"operand", "src"}, {"rank", 3}},
      json::Object{{"kind", "memref"}, {"operand", "dst"}, {"rank", 2}}};
  EXPECT_NE(errorOf(std::move(mixed)).find("field 'parameters' must be"),
            std::string::npos);
}

TEST(TransposeSpecTest, PacksBatchedMemrefs) {
  TransposeShape shape = TransposeShape::get(3, 5, 8, 4);
  shape.batch = 2;
  shape.batchStrideSrc = 0; // one src matrix for both entries
  shape.batchStrideDst = 20;
  std::vector<uint64_t> params = packTransposeParams(shape, 0x1000, 0x2000,
                                                     /*batched=*/true);
  EXPECT_EQ(params,
            (std::vector<uint64_t>{0x1000, 0x1000, 0, 2, 3, 5, 0, 8, 1,
                                   0x2000, 0x2000, 0, 2, 5, 3, 20, 4, 1}));
}

TEST(TransposeSpecTest, VerifiesBatchStrides) {
  TransposeShape shape = TransposeShape::get(3, 5, 8, 4);
  shape.batch = 2;
  shape.batchStrideDst = 20;
  EXPECT_FALSE(static_cast<bool>(verifyTransposeShape(shape)));
  shape.batchStrideDst = 19; // dst entries would overlap
  Error overlap = verifyTransposeShape(shape);
  ASSERT_TRUE(static_cast<bool>(overlap));
  EXPECT_NE(summarizeError(std::move(overlap)).message.find("must not overlap"),
            std::string::npos);
  shape.batchStrideDst = 20;
  shape.batchStrideSrc = 23; // src entries overlap (3 rows of 8)
  Error srcOverlap = verifyTransposeShape(shape);
  EXPECT_TRUE(static_cast<bool>(srcOverlap));
  consumeError(std::move(srcOverlap));
  shape.batch = 70000;
  shape.batchStrideSrc = 0;
  Error tooMany = verifyTransposeShape(shape);
  ASSERT_TRUE(static_cast<bool>(tooMany));
  EXPECT_NE(summarizeError(std::move(tooMany)).message.find("65535"),
            std::string::npos);
}

TEST(TransposeSpecTest, VerifiesShapes) {
  EXPECT_FALSE(static_cast<bool>(
      verifyTransposeShape(TransposeShape::get(4097, 1023))));
  Error tooNarrow = verifyTransposeShape(TransposeShape::get(4, 8, 7, 4));
  ASSERT_TRUE(static_cast<bool>(tooNarrow));
  EXPECT_NE(summarizeError(std::move(tooNarrow))
                .message.find("lds=7 must be at least N=8"),
            std::string::npos);
}

TEST(TransposeSpecTest, CheckCoversEveryBatchEntry) {
  // Two packed entries of src 2×2, dst 2×2: entry 1's dst is wrong.
  TransposeShape shape = TransposeShape::get(2, 2);
  shape.batch = 2;
  shape.batchStrideSrc = 4;
  shape.batchStrideDst = 4;
  std::vector<float> src = {1, 2, 3, 4, 5, 6, 7, 8};
  std::vector<float> dst = {1, 3, 2, 4, 5, 7, 6, 8};
  EXPECT_TRUE(checkTranspose(src.data(), dst.data(), shape, 4, 0xff).passed());
  dst[6] = 9; // entry 1, dst[1][0]
  TransposeCheck check = checkTranspose(src.data(), dst.data(), shape, 4, 0xff);
  EXPECT_EQ(check.mismatches, 1);
  ASSERT_TRUE(check.first.has_value());
  EXPECT_EQ(check.first->entry, 1);
  EXPECT_EQ(check.first->dstRow, 1);
  EXPECT_EQ(check.first->dstCol, 0);
}

TEST(TransposeSpecTest, CheckIsBitExactAndWatchesPadding) {
  // src 2×3 (ld 3), dst 3×2 with ld 3: one padding column.
  TransposeShape shape = TransposeShape::get(2, 3, 3, 3);
  std::vector<float> src = {1, 2, 3, 4, 5, 6};
  float nan;
  std::memset(&nan, 0xff, sizeof nan);
  std::vector<float> dst = {1, 4, nan, 2, 5, nan, 3, 6, nan};
  EXPECT_TRUE(checkTranspose(src.data(), dst.data(), shape, 4, 0xff).passed());

  std::vector<float> wrong = dst;
  wrong[3] = -0.0f; // dst[1][0] should be 2
  TransposeCheck check = checkTranspose(src.data(), wrong.data(), shape, 4, 0xff);
  EXPECT_EQ(check.mismatches, 1);
  ASSERT_TRUE(check.first.has_value());
  EXPECT_EQ(check.first->dstRow, 1);
  EXPECT_EQ(check.first->dstCol, 0);

  // A NaN where a value belongs never passes, and neither does a write
  // into the padding.
  std::vector<float> poisoned = dst;
  poisoned[4] = nan;
  EXPECT_EQ(checkTranspose(src.data(), poisoned.data(), shape, 4, 0xff)
                .mismatches,
            1);
  std::vector<float> clobbered = dst;
  clobbered[2] = 0.0f;
  TransposeCheck padding =
      checkTranspose(src.data(), clobbered.data(), shape, 4, 0xff);
  EXPECT_EQ(padding.mismatches, 0);
  EXPECT_EQ(padding.clobberedPadding, 1);
  EXPECT_FALSE(padding.passed());
}

} // namespace
