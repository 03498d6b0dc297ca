//===- SweepTargetsTest.cpp - What the sweep's aimed cases aim at ---------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tools/gemm-sweep/SweepBundles.h"

#include "gtest/gtest.h"

using namespace gemm_opt::runtime;
using namespace gemm_opt::sweep;

namespace {

TEST(SweepTargetsTest, AKernelWithAWholeTileVariantIsAimedAtItsTiles) {
  KernelSpec whole;
  whole.requiresDivisible = {128, 256, 32};
  KernelSpec anyShape; // mma.sync with ragged = true, or ffma
  anyShape.requiresDivisible = {1, 1, 1};
  anyShape.wholeTileVariant = WholeTileVariantSpec{"k_whole_tiles",
                                                   {128, 128, 8}, 16, 0};
  KernelSpec plain; // wgmma: any shape, no variant
  plain.requiresDivisible = {1, 1, 1};
  KernelSpec cover = whole; // a cover bundle's: not a target

  SweepBundles bundles;
  for (const KernelSpec *spec : {&whole, &anyShape, &plain, &cover})
    bundles.kernels.push_back({"k.json", spec, std::nullopt});
  bundles.targetKernels = 3;
  std::vector<SweepTarget> targets = bundles.getTargets();
  ASSERT_EQ(targets.size(), 3u);
  EXPECT_EQ(targets[0].tile.n, 256);
  // Whole tiles of the variant, so aimed cases (tile multiples, aligned
  // views) run it.
  EXPECT_EQ(targets[1].tile.m, 128);
  EXPECT_EQ(targets[1].tile.n, 128);
  EXPECT_EQ(targets[1].tile.k, 8);
  EXPECT_EQ(targets[2].tile.m, 1);
}

TEST(SweepTargetsTest, NoCaseIsAimedAtAnFp8Kernel) {
  KernelSpec bf16;
  bf16.requiresDivisible = {1, 1, 1};
  KernelSpec fp8 = bf16;
  fp8.aType = fp8.bType = ElementType::F8E4M3FN;
  fp8.scaling = ScalingSpec{ScaleMode::Tensor, ScaleMode::Tensor, false};
  SweepBundles bundles;
  for (const KernelSpec *spec : {&fp8, &bf16})
    bundles.kernels.push_back({"k.json", spec, std::nullopt});
  bundles.targetKernels = 2;
  std::vector<SweepTarget> targets = bundles.getTargets();
  ASSERT_EQ(targets.size(), 1u);
  EXPECT_EQ(targets[0].aType, ElementType::BF16);
}

} // namespace
