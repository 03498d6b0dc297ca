//===- BundleSchemaTest.cpp - the typed bundle schema ---------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/bundle/BundleSchema.h"

#include "llvm/Support/JSON.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace gemm_opt::bundle;

namespace {

/// Serializes `value`, parses it back into a T and serializes that: both
/// texts must be equal (every field survives the round trip).
template <typename T> void expectRoundTrip(const T &value) {
  json::Value first = toJSON(value);
  T parsed;
  json::Path::Root root;
  ASSERT_TRUE(fromJSON(first, parsed, root)) << toString(root.getError());
  EXPECT_EQ(formatJSON(first), formatJSON(toJSON(parsed)));
}

Parameter memref(StringRef operand, int64_t rank) {
  Parameter parameter;
  parameter.kind = ParameterKind::MemRef;
  parameter.operand = operand.str();
  parameter.rank = rank;
  return parameter;
}

Parameter tensorMap(StringRef operand) {
  Parameter parameter;
  parameter.kind = ParameterKind::Tma;
  parameter.operand = operand.str();
  parameter.box = {64, 128};
  parameter.swizzle = 128;
  parameter.pass = "by_value";
  parameter.l2Promotion = 256;
  parameter.oobFill = "zero";
  parameter.nullWhenUnaligned = true;
  return parameter;
}

Parameter named(ParameterKind kind, StringRef name) {
  Parameter parameter;
  parameter.kind = kind;
  parameter.name = name.str();
  if (kind == ParameterKind::Scalar)
    parameter.type = "f32";
  return parameter;
}

KernelEntry makeTranspose(KernelKind kind) {
  KernelEntry entry;
  entry.kind = kind;
  entry.name = "move";
  entry.block = {256, 1, 1};
  entry.cluster = std::array<int64_t, 3>{1, 1, 1};
  entry.dynamicSharedMemoryBytes = 0;
  entry.grid.x = GridDim{1, "n", 64};
  entry.grid.y = GridDim{1, "m", 32};
  entry.grid.z = GridDim{1, "batch", 1};
  entry.tile = ProblemTile{32, 64, std::nullopt};
  entry.minAlignmentBytes = 2;
  entry.parameters = {memref("src", 3), memref("dst", 3)};
  entry.matrixMove = MatrixMoveFields{"bf16", "bf16", "row", "row", 8};
  return entry;
}

KernelEntry makeGemm() {
  KernelEntry entry;
  entry.name = "gemm_kernel_0";
  entry.chip = "sm_90a";
  entry.cubin = "k.cubin";
  entry.ptx = "k.ptx";
  entry.ptxasOptLevel = 2;
  entry.ptxasInfo = "ptxas -O2\nregisters: 168";
  entry.block = {384, 1, 1};
  entry.cluster = std::array<int64_t, 3>{2, 1, 1};
  entry.dynamicSharedMemoryBytes = 200000;
  entry.grid.persistent = PersistentOptions{1, true};
  entry.grid.tiles = PersistentTiles{128, 256, 64, 1};
  entry.tile = ProblemTile{128, 256, 64};
  entry.minAlignmentBytes = 16;
  Parameter present;
  present.kind = ParameterKind::TmaPresent;
  present.operand = "c";
  entry.parameters = {memref("a", 3),
                      memref("b", 3),
                      memref("c", 3),
                      tensorMap("c"),
                      present,
                      named(ParameterKind::Scalar, "alpha"),
                      memref("bias", 1),
                      named(ParameterKind::Workspace, "split_k_partials")};
  GemmFields &gemm = entry.gemm.emplace();
  gemm.types = GemmTypes{"bf16", "bf16", "f32", "f32"};
  gemm.layouts = GemmLayouts{"col", "row", "row"};
  gemm.sourceLayouts = GemmLayouts{"col", "row", "col"};
  gemm.requiresDivisible = ProblemTile{1, 1, 1};
  gemm.math = "tensor_core";
  gemm.epilogue = Epilogue{true, "column", "gelu_tanh", false};
  gemm.batch = Batch{true};
  gemm.stagedTransposes = {{"a", makeTranspose(KernelKind::Transpose)}};
  gemm.stagedCopies = {{"a", makeTranspose(KernelKind::Copy)},
                       {"b", makeTranspose(KernelKind::Copy)}};
  gemm.wholeTileVariant =
      WholeTileVariant{"whole", ProblemTile{128, 256, 64}, 16, 98304};
  return entry;
}

TEST(BundleSchemaTest, EveryStructRoundTrips) {
  expectRoundTrip(ProblemTile{128, 256, 64});
  expectRoundTrip(ProblemTile{32, 64, std::nullopt});
  expectRoundTrip(GridDim{3, std::nullopt, 1});
  expectRoundTrip(GridDim{1, "k", 64});
  expectRoundTrip(PersistentOptions{4, std::nullopt});
  expectRoundTrip(PersistentTiles{128, 128, std::nullopt, std::nullopt});
  Grid grid;
  grid.x = GridDim{1, "n", 128};
  grid.y = GridDim{1, "m", 64};
  expectRoundTrip(grid);
  expectRoundTrip(memref("residual", 2));
  expectRoundTrip(tensorMap("residual"));
  expectRoundTrip(named(ParameterKind::Scalar, "beta"));
  expectRoundTrip(named(ParameterKind::Workspace, "split_k_tile_counters"));
  expectRoundTrip(GemmTypes{"f16", "f16", "f16", "f32"});
  expectRoundTrip(GemmLayouts{"row", "col", "row"});
  expectRoundTrip(Epilogue{std::nullopt, "row", std::nullopt, true});
  expectRoundTrip(Batch{true});
  expectRoundTrip(WholeTileVariant{"w", ProblemTile{64, 64, 32}, 16,
                                   std::nullopt});
  expectRoundTrip(makeTranspose(KernelKind::Transpose));
  expectRoundTrip(makeGemm());
  Bundle bundle;
  bundle.source = "examples/gemm.mlir";
  bundle.kernels = {makeGemm(), makeTranspose(KernelKind::Transpose)};
  expectRoundTrip(bundle);
}

TEST(BundleSchemaTest, ParsedFieldsKeepTheirValues) {
  Bundle bundle;
  bundle.kernels = {makeGemm()};
  Expected<Bundle> parsed = parseBundle(formatJSON(toJSON(bundle)));
  ASSERT_TRUE(static_cast<bool>(parsed)) << toString(parsed.takeError());
  EXPECT_EQ(parsed->schemaVersion, SchemaVersion);
  const KernelEntry &entry = parsed->kernels.front();
  EXPECT_EQ(entry.getKind(), KernelKind::Gemm);
  EXPECT_EQ(entry.block[0], 384);
  EXPECT_EQ((*entry.cluster)[0], 2);
  EXPECT_TRUE(entry.grid.persistent->streamK.value_or(false));
  EXPECT_EQ(entry.grid.tiles->k, 64);
  ASSERT_EQ(entry.parameters.size(), 8u);
  EXPECT_EQ(entry.parameters[3].kind, ParameterKind::Tma);
  EXPECT_EQ(entry.parameters[3].box, (std::vector<int64_t>{64, 128}));
  EXPECT_EQ(entry.parameters[4].kind, ParameterKind::TmaPresent);
  ASSERT_TRUE(entry.gemm.has_value());
  EXPECT_EQ(entry.gemm->epilogue->activation, "gelu_tanh");
  ASSERT_EQ(entry.gemm->stagedCopies.size(), 2u);
  EXPECT_EQ(entry.gemm->stagedCopies[1].operand, "b");
  EXPECT_EQ(entry.gemm->stagedCopies[1].kernel.getKind(), KernelKind::Copy);
  EXPECT_EQ(entry.gemm->wholeTileVariant->dynamicSharedMemoryBytes, 98304);
}

TEST(BundleSchemaTest, BundlesWithoutAVersionReadAsVersionOne) {
  Bundle bundle;
  bundle.kernels = {makeGemm()};
  json::Value value = toJSON(bundle);
  value.getAsObject()->erase("schema_version");
  Expected<Bundle> parsed = parseBundle(formatJSON(value));
  ASSERT_TRUE(static_cast<bool>(parsed)) << toString(parsed.takeError());
  EXPECT_EQ(parsed->schemaVersion, 1);
}

TEST(BundleSchemaTest, AnotherMajorVersionIsRejected) {
  Bundle bundle;
  bundle.kernels = {makeGemm()};
  bundle.schemaVersion = SchemaVersion + 1;
  Expected<Bundle> parsed = parseBundle(formatJSON(toJSON(bundle)));
  ASSERT_FALSE(static_cast<bool>(parsed));
  EXPECT_EQ(toString(parsed.takeError()),
            "bundle schema version 2 is not supported: this reader reads "
            "schema version 1");
}

/// The error of parsing `bundle` after `edit` changed its first kernel.
std::string malformedKernelError(function_ref<void(json::Object &)> edit) {
  Bundle bundle;
  bundle.kernels = {makeGemm()};
  json::Value value = toJSON(bundle);
  edit(*(*value.getAsObject()->getArray("kernels"))[0].getAsObject());
  Expected<Bundle> parsed = parseBundle(formatJSON(value));
  if (parsed)
    return "";
  return toString(parsed.takeError());
}

TEST(BundleSchemaTest, MalformedFieldsNameTheirPath) {
  EXPECT_EQ(malformedKernelError([](json::Object &kernel) {
              kernel["block"] = json::Array{256, "1", 1};
            }),
            "expected 3 integers, each in [1, 1024] at kernels[0].block[1]");
  EXPECT_EQ(malformedKernelError(
                [](json::Object &kernel) { kernel.erase("grid"); }),
            "missing value at kernels[0].grid");
  EXPECT_EQ(malformedKernelError([](json::Object &kernel) {
              json::Object &map =
                  *(*kernel.getArray("parameters"))[3].getAsObject();
              map["swizzle"] = 48;
            }),
            "expected 0, 32, 64 or 128 at kernels[0].parameters[3].swizzle");
  EXPECT_EQ(malformedKernelError([](json::Object &kernel) {
              (*kernel.getObject("types"))["a"] = "f8";
            }),
            "expected \"f16\", \"bf16\", \"f32\", \"f8E4M3FN\" or "
            "\"f8E5M2\" at kernels[0].types.a");
  EXPECT_EQ(malformedKernelError([](json::Object &kernel) {
              (*kernel.getObject("types"))["c"] = "f8E5M2";
            }),
            "expected \"f16\", \"bf16\", \"f32\" or \"f8E4M3FN\" at "
            "kernels[0].types.c");
  EXPECT_EQ(malformedKernelError([](json::Object &kernel) {
              (*kernel.getObject("staged_copies")->getObject("b"))["tile"] =
                  json::Object{{"m", 32}};
            }),
            "missing value at kernels[0].staged_copies.b.tile.n");
  EXPECT_EQ(malformedKernelError([](json::Object &kernel) {
              kernel["min_alignment_bytes"] = 12;
            }),
            "expected a power of two in [1, 4096] at "
            "kernels[0].min_alignment_bytes");
  // A name the driver cannot look up (an empty one made cuModuleGetFunction
  // fail with CUDA_ERROR_INVALID_VALUE).
  for (const char *name : {"", "1kernel", "k ernel", "k/../x"})
    EXPECT_EQ(malformedKernelError(
                  [&](json::Object &kernel) { kernel["name"] = name; }),
              "expected a kernel symbol: letters, digits, '_' and '$', not "
              "starting with a digit at kernels[0].name")
        << name;
}

/// An FP8 GEMM as the compiler writes it: 8-bit A and B, "scaling", the
/// scale memrefs and 8-bit staged copies of 16-element vectors.
KernelEntry makeFp8Gemm() {
  KernelEntry entry = makeGemm();
  GemmFields &gemm = *entry.gemm;
  gemm.types = GemmTypes{"f8E4M3FN", "f8E5M2", "bf16", "f32"};
  gemm.layouts = GemmLayouts{"row", "col", "row"};
  gemm.sourceLayouts.reset();
  gemm.batch.reset();
  gemm.stagedTransposes.clear();
  gemm.scaling = Scaling{"block_1x128", "block_128x128", false};
  KernelEntry copy = makeTranspose(KernelKind::Copy);
  copy.parameters = {memref("src", 2), memref("dst", 2)};
  copy.matrixMove = MatrixMoveFields{"f8E5M2", "f8E5M2", "row", "row", 16};
  gemm.stagedCopies = {{"b", copy}};
  entry.parameters = {memref("a", 2),       memref("b", 2),
                      memref("c", 2),       tensorMap("a"),
                      memref("scale_a", 2), memref("scale_b", 0)};
  return entry;
}

TEST(BundleSchemaTest, Fp8FieldsRoundTrip) {
  expectRoundTrip(Scaling{"tensor", "column", true});
  expectRoundTrip(memref("scale_a", 0));
  expectRoundTrip(makeFp8Gemm());
  Bundle bundle;
  bundle.kernels = {makeFp8Gemm()};
  Expected<Bundle> parsed = parseBundle(formatJSON(toJSON(bundle)));
  ASSERT_TRUE(static_cast<bool>(parsed)) << toString(parsed.takeError());
  const GemmFields &gemm = *parsed->kernels.front().gemm;
  EXPECT_EQ(gemm.types.b, "f8E5M2");
  ASSERT_TRUE(gemm.scaling.has_value());
  EXPECT_EQ(gemm.scaling->a, "block_1x128");
  EXPECT_EQ(gemm.scaling->b, "block_128x128");
  EXPECT_FALSE(gemm.scaling->fastAccumulation);
  EXPECT_EQ(parsed->kernels.front().parameters[5].rank, 0);
  EXPECT_EQ(gemm.stagedCopies.front().kernel.matrixMove->vectorElements, 16);
}

TEST(BundleSchemaTest, FastAccumulationIsOptional) {
  json::Value scaling = json::Object{{"a", "row"}, {"b", "column"}};
  Scaling parsed;
  json::Path::Root root;
  ASSERT_TRUE(fromJSON(scaling, parsed, root)) << toString(root.getError());
  EXPECT_EQ(parsed.a, "row");
  EXPECT_FALSE(parsed.fastAccumulation);
}

/// The error of parsing the FP8 GEMM of makeFp8Gemm after `edit`.
std::string malformedFp8Error(function_ref<void(json::Object &)> edit) {
  Bundle bundle;
  bundle.kernels = {makeFp8Gemm()};
  json::Value value = toJSON(bundle);
  edit(*(*value.getAsObject()->getArray("kernels"))[0].getAsObject());
  Expected<Bundle> parsed = parseBundle(formatJSON(value));
  if (parsed)
    return "";
  return toString(parsed.takeError());
}

TEST(BundleSchemaTest, MalformedFp8FieldsNameTheirPath) {
  EXPECT_EQ(malformedFp8Error([](json::Object &kernel) {
              (*kernel.getObject("scaling"))["a"] = "column";
            }),
            "expected \"tensor\", \"row\" or \"block_1x128\" at "
            "kernels[0].scaling.a");
  EXPECT_EQ(malformedFp8Error([](json::Object &kernel) {
              (*kernel.getObject("scaling"))["b"] = "block_1x128";
            }),
            "expected \"tensor\", \"column\" or \"block_128x128\" at "
            "kernels[0].scaling.b");
  EXPECT_EQ(malformedFp8Error([](json::Object &kernel) {
              kernel.getObject("scaling")->erase("b");
            }),
            "missing value at kernels[0].scaling.b");
  EXPECT_EQ(malformedFp8Error([](json::Object &kernel) {
              (*kernel.getObject("scaling"))["fast_accumulation"] = 1;
            }),
            "expected boolean at kernels[0].scaling.fast_accumulation");
  EXPECT_EQ(malformedFp8Error([](json::Object &kernel) {
              (*(*kernel.getArray("parameters"))[4].getAsObject())["rank"] = 4;
            }),
            "expected 0 (a tensor's scale), 1 (a row or column vector) or 2 "
            "(block scales), one more for scales per batch entry at "
            "kernels[0].parameters[4].rank");
  EXPECT_EQ(malformedFp8Error([](json::Object &kernel) {
              (*(*kernel.getArray("parameters"))[4].getAsObject())["operand"] =
                  "scale_c";
            }),
            "expected \"a\", \"b\", \"c\", \"bias\", \"residual\", "
            "\"scale_a\", \"scale_b\", \"scale_d\", \"amax\", \"src\", "
            "\"dst\", \"group_rows\" or \"group_offsets\" at "
            "kernels[0].parameters[4].operand");
  EXPECT_EQ(malformedFp8Error([](json::Object &kernel) {
              (*kernel.getObject("staged_copies")
                    ->getObject("b"))["vector_elements"] = 32;
            }),
            "expected an integer in [1, 16] at "
            "kernels[0].staged_copies.b.vector_elements");
}

TEST(BundleSchemaTest, DocumentErrors) {
  Expected<Bundle> invalid = parseBundle("{");
  ASSERT_FALSE(static_cast<bool>(invalid));
  EXPECT_NE(toString(invalid.takeError()).find("invalid JSON"),
            std::string::npos);
  Expected<Bundle> format =
      parseBundle(R"({"format": "v0", "kernels": []})");
  ASSERT_FALSE(static_cast<bool>(format));
  EXPECT_EQ(toString(format.takeError()),
            "expected \"gemm-opt-bundle-v1\" at format");
  Expected<Bundle> empty =
      parseBundle(R"({"format": "gemm-opt-bundle-v1", "kernels": []})");
  ASSERT_FALSE(static_cast<bool>(empty));
  EXPECT_EQ(toString(empty.takeError()),
            "expected a non-empty array at kernels");
}

} // namespace
