//===- WholeTileVariantTest.cpp - the runtime's choice of a kernel pair ---===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// An mma.sync entry compiled with ragged = true carries a
// "whole_tile_variant" (KernelSpec.h); launches run it where the block tile
// divides the shape and every operand is 16-byte aligned
// (WholeTileVariant.h). No GPU needed.
//
//===----------------------------------------------------------------------===//

#include "TestBundles.h"

#include "runtime/WholeTileVariant.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace gemm_opt::runtime;
using namespace gemm_opt::runtime::test;

namespace {

/// What gemm-translate writes for bench/schedules/bf16_128x256x32_s4_ragged
/// (with a column bias): any shape, min_alignment_bytes = sizeof(C), and the
/// whole-tile variant.
json::Object makeRaggedKernel() {
  json::Object kernel = makeValidKernel();
  kernel["name"] = "gemm_kernel";
  kernel["requires_divisible"] = json::Object{{"m", 1}, {"n", 1}, {"k", 1}};
  kernel["min_alignment_bytes"] = 2;
  kernel.getArray("parameters")
      ->push_back(
          json::Object{{"kind", "memref"}, {"operand", "bias"}, {"rank", 1}});
  kernel["epilogue"] = json::Object{{"bias", "column"}};
  kernel["whole_tile_variant"] = json::Object{
      {"name", "gemm_kernel_whole_tiles"},
      {"requires_divisible", json::Object{{"m", 128}, {"n", 256}, {"k", 32}}},
      {"min_alignment_bytes", 16},
      {"dynamic_shared_memory_bytes", 98304}};
  return kernel;
}

Expected<KernelSpec> parse(json::Object kernel) {
  Expected<KernelBundle> bundle =
      parseKernelBundle(makeBundleText(std::move(kernel)), "/b", "k.json");
  if (!bundle)
    return bundle.takeError();
  return bundle->kernels.front();
}

constexpr uint64_t Aligned = 0x7f0000000000; // 256-byte aligned

TEST(WholeTileVariantTest, ParsesTheVariant) {
  Expected<KernelSpec> spec = parse(makeRaggedKernel());
  ASSERT_TRUE(bool(spec)) << toString(spec.takeError());
  ASSERT_TRUE(spec->wholeTileVariant.has_value());
  EXPECT_EQ(spec->wholeTileVariant->name, "gemm_kernel_whole_tiles");
  EXPECT_EQ(spec->wholeTileVariant->requiresDivisible.m, 128);
  EXPECT_EQ(spec->wholeTileVariant->requiresDivisible.n, 256);
  EXPECT_EQ(spec->wholeTileVariant->requiresDivisible.k, 32);
  EXPECT_EQ(spec->wholeTileVariant->minAlignmentBytes, 16);
  EXPECT_EQ(spec->wholeTileVariant->dynamicSharedMemoryBytes, 98304u);

  KernelSpec variant = getWholeTileVariantSpec(*spec);
  EXPECT_EQ(variant.name, "gemm_kernel_whole_tiles");
  EXPECT_EQ(variant.requiresDivisible.n, 256);
  EXPECT_EQ(variant.minAlignmentBytes, 16);
  EXPECT_FALSE(variant.wholeTileVariant.has_value());
  // Everything else is the entry's: same launch.
  EXPECT_EQ(variant.block, spec->block);
  EXPECT_EQ(variant.parameters.size(), spec->parameters.size());
  EXPECT_EQ(variant.epilogue.bias, spec->epilogue.bias);

  // Shared memory defaults to the entry's.
  json::Object kernel = makeRaggedKernel();
  kernel.getObject("whole_tile_variant")->erase("dynamic_shared_memory_bytes");
  kernel["dynamic_shared_memory_bytes"] = 65536;
  Expected<KernelSpec> defaulted = parse(std::move(kernel));
  ASSERT_TRUE(bool(defaulted)) << toString(defaulted.takeError());
  EXPECT_EQ(defaulted->wholeTileVariant->dynamicSharedMemoryBytes, 65536u);
}

TEST(WholeTileVariantTest, RefusesMalformedVariants) {
  auto errorOf = [](json::Object kernel) {
    Expected<KernelSpec> spec = parse(std::move(kernel));
    return spec ? std::string() : toString(spec.takeError());
  };
  json::Object unnamed = makeRaggedKernel();
  unnamed.getObject("whole_tile_variant")->erase("name");
  EXPECT_NE(errorOf(std::move(unnamed)).find("name"), std::string::npos);

  json::Object itself = makeRaggedKernel();
  (*itself.getObject("whole_tile_variant"))["name"] = "gemm_kernel";
  EXPECT_NE(errorOf(std::move(itself)).find("the entry's own kernel"),
            std::string::npos);

  json::Object zeroTile = makeRaggedKernel();
  (*zeroTile.getObject("whole_tile_variant"))["requires_divisible"] =
      json::Object{{"m", 0}, {"n", 256}, {"k", 32}};
  EXPECT_NE(errorOf(std::move(zeroTile)), "");

  // It launches with the entry's parameters through cuLaunchKernel: not on
  // cluster or TMA kernels.
  json::Object hopper = makeHopperKernel();
  hopper["whole_tile_variant"] = makeRaggedKernel()["whole_tile_variant"];
  EXPECT_NE(errorOf(std::move(hopper)).find("without clusters and tensor maps"),
            std::string::npos);
}

TEST(WholeTileVariantTest, ChosenForWholeTilesAndAlignedOperands) {
  Expected<KernelSpec> spec = parse(makeRaggedKernel());
  ASSERT_TRUE(bool(spec)) << toString(spec.takeError());
  OperandAddresses addresses{Aligned, Aligned + 0x10000000, Aligned + 0x20000000};
  EpilogueArguments epilogue{1.0f, 0.0f, Aligned + 0x30000000, 0};
  auto takes = [&](const GemmShape &shape, OperandAddresses at,
                   EpilogueArguments with) {
    return takesWholeTileVariant(*spec, shape, at, with);
  };
  GemmShape whole = GemmShape::get(4096, 4096, 4096);
  EXPECT_TRUE(takes(whole, addresses, epilogue));
  // Padded pitches of 16-byte multiples keep it.
  EXPECT_TRUE(takes(GemmShape::get(256, 512, 64, 72, 520, 512), addresses,
                    epilogue));

  // Any extent the block tile does not divide: the any-shape kernel.
  EXPECT_FALSE(takes(GemmShape::get(4097, 4096, 4096), addresses, epilogue));
  EXPECT_FALSE(takes(GemmShape::get(4096, 4095, 4096), addresses, epilogue));
  EXPECT_FALSE(takes(GemmShape::get(4096, 4096, 4080), addresses, epilogue));
  // A pitch of 4097 bf16 is not a 16-byte multiple.
  EXPECT_FALSE(takes(GemmShape::get(4096, 4096, 4096, 4097), addresses,
                     epilogue));
  EXPECT_FALSE(takes(GemmShape::get(4096, 4096, 4096, 0, 0, 4100), addresses,
                     epilogue));
  // An operand or the bias 2 bytes past an aligned address.
  for (Operand operand : {Operand::A, Operand::B, Operand::C}) {
    OperandAddresses shifted = addresses;
    (operand == Operand::A   ? shifted.a
     : operand == Operand::B ? shifted.b
                             : shifted.c) += 2;
    EXPECT_FALSE(takes(whole, shifted, epilogue))
        << getOperandName(operand).str();
  }
  EpilogueArguments shiftedBias = epilogue;
  shiftedBias.bias += 2;
  EXPECT_FALSE(takes(whole, addresses, shiftedBias));

  // An entry without a variant never takes one.
  json::Object plain = makeRaggedKernel();
  plain.erase("whole_tile_variant");
  Expected<KernelSpec> withoutVariant = parse(std::move(plain));
  ASSERT_TRUE(bool(withoutVariant)) << toString(withoutVariant.takeError());
  EXPECT_FALSE(
      takesWholeTileVariant(*withoutVariant, whole, addresses, epilogue));
}

} // namespace
