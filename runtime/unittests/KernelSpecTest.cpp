//===- KernelSpecTest.cpp - Bundle metadata parsing -----------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "TestBundles.h"

#include "runtime/KernelSpec.h"
#include "runtime/RuntimeError.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace gemm_opt::runtime;
using namespace gemm_opt::runtime::test;

namespace {

/// Parses `text` and returns the error summary (exit code 0 if it parsed).
ErrorSummary parseError(StringRef text) {
  Expected<KernelBundle> bundle = parseKernelBundle(text, "/dir", "b.json");
  if (bundle)
    return ErrorSummary();
  return summarizeError(bundle.takeError());
}

ErrorSummary kernelError(json::Object kernel) {
  return parseError(makeBundleText(std::move(kernel)));
}

TEST(KernelSpecTest, ParsesTheContractExample) {
  Expected<KernelBundle> bundle = parseKernelBundle(
      makeBundleText(makeValidKernel()), "/bundles/x", "test.json");
  ASSERT_TRUE(static_cast<bool>(bundle)) << toString(bundle.takeError());
  ASSERT_EQ(bundle->kernels.size(), 1u);
  const KernelSpec &spec = bundle->kernels.front();
  EXPECT_EQ(spec.name, "gemm_kernel_0");
  EXPECT_EQ(spec.cubinPath, "/bundles/x/k.cubin");
  EXPECT_EQ(spec.ptxPath, "/bundles/x/k.ptx");
  EXPECT_EQ(spec.chipName, "sm_90a");
  EXPECT_EQ(spec.chip.major, 9);
  EXPECT_EQ(spec.chip.minor, 0);
  EXPECT_EQ(spec.chip.variant, ChipTarget::Variant::ArchSpecific);
  EXPECT_EQ(spec.block, (std::array<unsigned, 3>{256, 1, 1}));
  EXPECT_EQ(spec.cluster, (std::array<unsigned, 3>{1, 1, 1}));
  EXPECT_FALSE(spec.hasCluster());
  EXPECT_EQ(spec.dynamicSharedMemoryBytes, 98304u);
  EXPECT_FALSE(spec.grid[0].isConstant);
  EXPECT_EQ(spec.grid[0].extent, ProblemDim::N);
  EXPECT_EQ(spec.grid[0].tile, 256);
  EXPECT_EQ(spec.grid[1].extent, ProblemDim::M);
  EXPECT_EQ(spec.grid[1].tile, 128);
  EXPECT_TRUE(spec.grid[2].isConstant);
  EXPECT_EQ(spec.grid[2].constant, 1);
  ASSERT_TRUE(spec.tile.has_value());
  EXPECT_EQ(spec.tile->n, 256);
  EXPECT_EQ(spec.requiresDivisible.m, 128);
  EXPECT_EQ(spec.requiresDivisible.n, 256);
  EXPECT_EQ(spec.requiresDivisible.k, 32);
  EXPECT_EQ(spec.aType, ElementType::BF16);
  EXPECT_EQ(spec.cType, ElementType::BF16);
  EXPECT_EQ(spec.accumulatorType, ElementType::F32);
  EXPECT_EQ(spec.minAlignmentBytes, 16);
  ASSERT_EQ(spec.parameters.size(), 3u);
  EXPECT_EQ(spec.parameters[2].operand, Operand::C);
  EXPECT_EQ(spec.parameters[2].rank, 2u);
}

TEST(KernelSpecTest, OptionalFieldsAndPtxOnly) {
  json::Object kernel = makeValidKernel();
  kernel.erase("cubin");
  kernel.erase("cluster");
  kernel.erase("dynamic_shared_memory_bytes");
  kernel.erase("tile");
  kernel["ptx"] = "k.ptx";
  kernel["chip"] = "sm_80";
  kernel["types"] = json::Object{
      {"a", "f16"}, {"b", "f16"}, {"c", "f32"}, {"accumulator", "f32"}};
  KernelSpec spec = parseSingleKernel(std::move(kernel));
  EXPECT_TRUE(spec.cubinPath.empty());
  EXPECT_EQ(spec.ptxPath, "/bundles/x/k.ptx");
  EXPECT_EQ(spec.dynamicSharedMemoryBytes, 0u);
  EXPECT_FALSE(spec.tile.has_value());
  EXPECT_EQ(spec.aType, ElementType::F16);
  EXPECT_EQ(spec.cType, ElementType::F32);
}

TEST(KernelSpecTest, Fp32FfmaKernel) {
  json::Object kernel = makeValidKernel();
  kernel["types"] = json::Object{
      {"a", "f32"}, {"b", "f32"}, {"c", "f32"}, {"accumulator", "f32"}};
  kernel["math"] = "ffma";
  KernelSpec spec = parseSingleKernel(std::move(kernel));
  EXPECT_EQ(spec.aType, ElementType::F32);
  EXPECT_EQ(spec.bType, ElementType::F32);
  EXPECT_EQ(spec.cType, ElementType::F32);
  EXPECT_TRUE(spec.exactFp32Math);
  EXPECT_EQ(getElementSize(spec.aType), 4u);
}

TEST(KernelSpecTest, MathDefaultsToTensorCores) {
  EXPECT_FALSE(parseSingleKernel(makeValidKernel()).exactFp32Math);
  json::Object kernel = makeValidKernel();
  kernel["math"] = "tensor_core";
  EXPECT_FALSE(parseSingleKernel(std::move(kernel)).exactFp32Math);
}

TEST(KernelSpecTest, MissingFieldsAreNamed) {
  for (StringRef field :
       {"name", "chip", "block", "grid", "requires_divisible", "types",
        "layouts", "min_alignment_bytes", "parameters"}) {
    json::Object kernel = makeValidKernel();
    kernel.erase(field);
    ErrorSummary error = kernelError(std::move(kernel));
    EXPECT_EQ(error.exitCode, ExitBadInput) << field.str();
    // The schema names the field by its path; the chip, which a staged
    // kernel inherits, is checked with the entry.
    std::string expected =
        field == "chip" ? "b.json: kernels[0] (gemm_kernel_0): missing "
                          "required field 'chip'"
                        : "b.json: missing value at kernels[0]." + field.str();
    EXPECT_EQ(error.message, expected);
  }
}

TEST(KernelSpecTest, MissingNestedFieldsAreNamed) {
  json::Object kernel = makeValidKernel();
  kernel["types"].getAsObject()->erase("c");
  ErrorSummary error = kernelError(std::move(kernel));
  EXPECT_NE(error.message.find("missing value at kernels[0].types.c"),
            std::string::npos)
      << error.message;

  kernel = makeValidKernel();
  kernel["requires_divisible"].getAsObject()->erase("k");
  error = kernelError(std::move(kernel));
  EXPECT_NE(error.message.find("missing value at kernels[0].requires_divisible.k"), std::string::npos)
      << error.message;
}

TEST(KernelSpecTest, NeedsAnImage) {
  json::Object kernel = makeValidKernel();
  kernel.erase("cubin");
  kernel.erase("ptx");
  EXPECT_TRUE(
      isRefusedKernel(std::move(kernel), "needs a 'cubin' or a 'ptx' field"));
}

TEST(KernelSpecTest, BadTypes) {
  struct Case {
    json::Object types;
    const char *expected;
  };
  Case cases[] = {
      {json::Object{
           {"a", "f8"}, {"b", "bf16"}, {"c", "bf16"}, {"accumulator", "f32"}},
       "expected \"f16\", \"bf16\", \"f32\", \"f8E4M3FN\" or \"f8E5M2\" at "
       "kernels[0].types.a"},
      {json::Object{
           {"a", 16}, {"b", "bf16"}, {"c", "bf16"}, {"accumulator", "f32"}},
       "expected string at kernels[0].types.a"},
      {json::Object{
           {"a", "bf16"}, {"b", "f16"}, {"c", "bf16"}, {"accumulator", "f32"}},
       "unsupported type combination a=bf16 b=f16 c=bf16"},
      {json::Object{
           {"a", "f16"}, {"b", "f16"}, {"c", "bf16"}, {"accumulator", "f32"}},
       "unsupported type combination a=f16 b=f16 c=bf16"},
      {json::Object{
           {"a", "bf16"}, {"b", "bf16"}, {"c", "bf16"}, {"accumulator", "f16"}},
       "unsupported accumulator type 'f16'"},
  };
  for (Case &c : cases) {
    json::Object kernel = makeValidKernel();
    kernel["types"] = std::move(c.types);
    ErrorSummary error = kernelError(std::move(kernel));
    EXPECT_EQ(error.exitCode, ExitBadInput);
    EXPECT_NE(error.message.find(c.expected), std::string::npos)
        << error.message;
  }
}

TEST(KernelSpecTest, BadValues) {
  struct Case {
    const char *field;
    json::Value value;
    const char *expected;
  };
  Case cases[] = {
      {"block", json::Array{256, 1},
       "expected 3 integers, each in [1, 1024] at kernels[0].block"},
      {"block", json::Array{64, 32, 1}, "has 2048 threads"},
      {"block", json::Array{0, 1, 1},
       "expected 3 integers, each in [1, 1024] at kernels[0].block[0]"},
      {"chip", "gfx90a", "invalid chip 'gfx90a'"},
      {"min_alignment_bytes", 12, "expected a power of two in [1, 4096]"},
      {"math", "tf32",
       "expected \"ffma\" or \"tensor_core\" at kernels[0].math"},
      {"math", 1, "expected string at kernels[0].math"},
      {"min_alignment_bytes", "16",
       "expected integer at kernels[0].min_alignment_bytes"},
      {"layouts", json::Object{{"a", "row"}, {"b", "column"}, {"c", "row"}},
       "expected \"row\" or \"col\" at kernels[0].layouts.b"},
      {"grid",
       json::Object{{"x", json::Object{{"extent", "q"}, {"tile", 1}}},
                    {"y", 1}},
       "expected \"m\", \"n\", \"k\" or \"batch\" at "
       "kernels[0].grid.x.extent"},
      {"grid", json::Object{{"x", 0}, {"y", 1}}, "expected a positive integer at kernels[0].grid.x"},
      {"dynamic_shared_memory_bytes", -1, "expected an integer in [0, 2^30] at "
       "kernels[0].dynamic_shared_memory_bytes"},
      {"parameters",
       json::Array{
           json::Object{{"kind", "texture"}, {"operand", "a"}, {"rank", 2}}},
       "expected \"memref\", \"tma\", \"tma_present\", \"scalar\" or "
       "\"workspace\" at kernels[0].parameters[0].kind"},
      {"parameters",
       json::Array{json::Object{{"kind", "scalar"}, {"name", "gamma"},
                                {"type", "f32"}}},
       "expected \"alpha\" or \"beta\" at kernels[0].parameters[0].name"},
      {"epilogue", json::Object{{"activation", "tanh"}},
       "expected \"none\", \"relu\", \"gelu_tanh\", \"gelu_erf\" or "
       "\"silu\" at kernels[0].epilogue.activation"},
      {"epilogue", json::Object{{"bias", "column"}},
       "0 'bias' parameter(s), but the epilogue (bias=column) needs 1"},
      {"parameters",
       json::Array{
           json::Object{{"kind", "memref"}, {"operand", "a"}, {"rank", 4}}},
       "expected 2, or 3 for a batch of matrices at "
       "kernels[0].parameters[0].rank"},
      {"parameters",
       json::Array{
           json::Object{{"kind", "memref"}, {"operand", "a"}, {"rank", 2}},
           json::Object{{"kind", "memref"}, {"operand", "a"}, {"rank", 2}}},
       "operand 'a' is passed twice"},
      {"parameters",
       json::Array{
           json::Object{{"kind", "memref"}, {"operand", "a"}, {"rank", 2}},
           json::Object{{"kind", "memref"}, {"operand", "b"}, {"rank", 2}}},
       "no memref or tma parameter for operand 'c'"},
  };
  for (Case &c : cases) {
    json::Object kernel = makeValidKernel();
    kernel[c.field] = std::move(c.value);
    ErrorSummary error = kernelError(std::move(kernel));
    EXPECT_EQ(error.exitCode, ExitBadInput) << c.field;
    EXPECT_NE(error.message.find(c.expected), std::string::npos)
        << c.field << ": " << error.message;
  }
}

TEST(KernelSpecTest, BadBundles) {
  EXPECT_NE(parseError("{").message.find("b.json: invalid JSON"),
            std::string::npos);
  EXPECT_NE(parseError("[]").message.find("b.json: expected object"),
            std::string::npos);
  EXPECT_NE(parseError(R"({"format": "v0", "kernels": []})")
                .message.find("b.json: expected \"gemm-opt-bundle-v1\" at "
                              "format"),
            std::string::npos);
  EXPECT_NE(parseError(R"({"format": "gemm-opt-bundle-v1", "kernels": []})")
                .message.find("b.json: expected a non-empty array at kernels"),
            std::string::npos);
  EXPECT_NE(parseError(R"({"format": "gemm-opt-bundle-v1"})")
                .message.find("b.json: missing value at kernels"),
            std::string::npos);
}

TEST(KernelSpecTest, LoadsFilesRelativeToTheBundle) {
  SmallString<128> directory;
  ASSERT_FALSE(sys::fs::createUniqueDirectory("gemm-run-test", directory));
  SmallString<128> path(directory);
  sys::path::append(path, "kernel.json");
  {
    std::error_code ec;
    raw_fd_ostream os(path, ec);
    ASSERT_FALSE(ec);
    os << makeBundleText(makeValidKernel());
  }
  Expected<KernelBundle> bundle = loadKernelBundle(path);
  ASSERT_TRUE(static_cast<bool>(bundle)) << toString(bundle.takeError());
  SmallString<128> cubin(directory);
  sys::path::append(cubin, "k.cubin");
  EXPECT_EQ(bundle->kernels.front().cubinPath, std::string(cubin));
  sys::fs::remove_directories(directory);

  ErrorSummary missing =
      summarizeError(loadKernelBundle("/nonexistent/kernel.json").takeError());
  EXPECT_EQ(missing.exitCode, ExitBadInput);
  EXPECT_NE(missing.message.find("cannot read the kernel bundle file "
                                 "'/nonexistent/kernel.json'"),
            std::string::npos);
}

} // namespace
