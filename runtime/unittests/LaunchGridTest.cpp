//===- LaunchGridTest.cpp - Grids, clusters and persistent grids ----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "TestBundles.h"

#include "runtime/LaunchGrid.h"
#include "runtime/RuntimeError.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace gemm_opt::runtime;
using namespace gemm_opt::runtime::test;

namespace {

constexpr unsigned h100Sms = 132;

LaunchGrid grid(const KernelSpec &spec, const GemmShape &shape,
                unsigned sms = h100Sms) {
  Expected<LaunchGrid> computed = computeGrid(spec, shape, sms);
  if (!computed) {
    ADD_FAILURE() << toString(computed.takeError());
    return LaunchGrid();
  }
  return *computed;
}

TEST(LaunchGridTest, ComputesTheGrid) {
  KernelSpec spec = parseSingleKernel(makeValidKernel());
  LaunchGrid tiled = grid(spec, GemmShape::get(4096, 8192, 64));
  EXPECT_EQ(tiled.dims, (std::array<unsigned, 3>{32, 32, 1}));
  EXPECT_EQ(tiled.persistentTiles, 0u);
  EXPECT_EQ(tiled.getBlockCount(), 1024u);
  // The SM count does not matter here.
  EXPECT_EQ(grid(spec, GemmShape::get(4096, 8192, 64), 1).dims, tiled.dims);

  // Grid tiles are ceil-divided, even where divisibility is looser.
  json::Object kernel = makeValidKernel();
  kernel["requires_divisible"] = json::Object{{"m", 64}, {"n", 64}, {"k", 32}};
  kernel["grid"] =
      json::Object{{"x", json::Object{{"extent", "n"}, {"tile", 256}}},
                   {"y", json::Object{{"extent", "m"}, {"tile", 128}}},
                   {"z", json::Object{{"extent", "k"}, {"tile", 512}}}};
  KernelSpec ceilSpec = parseSingleKernel(std::move(kernel));
  EXPECT_EQ(grid(ceilSpec, GemmShape::get(192, 320, 1024)).dims,
            (std::array<unsigned, 3>{2, 2, 2}));
}

TEST(LaunchGridTest, RoundsUpToWholeClusters) {
  json::Object kernel = makeValidKernel();
  kernel["cluster"] = json::Array{2, 1, 1};
  KernelSpec spec = parseSingleKernel(std::move(kernel));
  EXPECT_TRUE(spec.hasCluster());
  EXPECT_EQ(spec.getClusterSize(), 2u);
  EXPECT_EQ(grid(spec, GemmShape::get(128, 512, 32)).dims[0], 2u);
  // 3 tiles along N: 4 blocks, the kernel skips the one outside N.
  EXPECT_EQ(grid(spec, GemmShape::get(128, 768, 32)).dims,
            (std::array<unsigned, 3>{4, 1, 1}));

  kernel = makeValidKernel();
  kernel["cluster"] = json::Array{1, 4, 1};
  spec = parseSingleKernel(std::move(kernel));
  EXPECT_EQ(grid(spec, GemmShape::get(5 * 128, 256, 32)).dims,
            (std::array<unsigned, 3>{1, 8, 1}));
  EXPECT_EQ(grid(spec, GemmShape::get(8 * 128, 256, 32)).dims,
            (std::array<unsigned, 3>{1, 8, 1}));

  // Constant dims are rounded as well.
  kernel = makeValidKernel();
  kernel["cluster"] = json::Array{1, 1, 2};
  kernel["grid"] = json::Object{{"x", 1}, {"y", 1}, {"z", 3}};
  spec = parseSingleKernel(std::move(kernel));
  EXPECT_EQ(grid(spec, GemmShape::get(128, 256, 32)).dims[2], 4u);
}

TEST(LaunchGridTest, GridLimits) {
  json::Object kernel = makeValidKernel();
  kernel["grid"] =
      json::Object{{"x", 1}, {"y", json::Object{{"extent", "m"}, {"tile", 1}}}};
  kernel["requires_divisible"] = json::Object{{"m", 1}, {"n", 1}, {"k", 1}};
  KernelSpec spec = parseSingleKernel(std::move(kernel));
  ErrorSummary error = summarizeError(
      computeGrid(spec, GemmShape::get(70000, 8, 8), h100Sms).takeError());
  EXPECT_EQ(error.exitCode, ExitBadInput);
  EXPECT_NE(error.message.find("grid.y = 70000 is outside [1, 65535]"),
            std::string::npos)
      << error.message;

  // Rounding up to the cluster can cross the limit.
  kernel = makeValidKernel();
  kernel["grid"] = json::Object{{"x", 1}, {"y", 65535}};
  kernel["cluster"] = json::Array{1, 2, 1};
  spec = parseSingleKernel(std::move(kernel));
  error = summarizeError(
      computeGrid(spec, GemmShape::get(128, 256, 32), h100Sms).takeError());
  EXPECT_NE(error.message.find("grid.y = 65536 (65535 rounded up to a "
                               "multiple of the cluster dimension 2) is "
                               "outside [1, 65535]"),
            std::string::npos)
      << error.message;
}

TEST(LaunchGridTest, PersistentGridSize) {
  // min(tiles, SMs * ctas per SM) ...
  EXPECT_EQ(getPersistentGridSize(512, 132, 1, 1), 132u);
  EXPECT_EQ(getPersistentGridSize(512, 132, 2, 1), 264u);
  EXPECT_EQ(getPersistentGridSize(100, 132, 1, 1), 100u);
  EXPECT_EQ(getPersistentGridSize(1, 132, 1, 1), 1u);
  // ... rounded down to whole clusters ...
  EXPECT_EQ(getPersistentGridSize(512, 132, 1, 8), 128u);
  EXPECT_EQ(getPersistentGridSize(512, 133, 1, 2), 132u);
  EXPECT_EQ(getPersistentGridSize(99, 132, 1, 2), 98u);
  // ... but at least one cluster.
  EXPECT_EQ(getPersistentGridSize(1, 132, 1, 2), 2u);
  EXPECT_EQ(getPersistentGridSize(3, 132, 1, 4), 4u);
  EXPECT_EQ(getPersistentGridSize(512, 1, 1, 4), 4u);
}

TEST(LaunchGridTest, PersistentGridFitsTheActiveClusters) {
  LaunchGrid grid;
  grid.dims = {132, 1, 1};
  // Every cluster of 2 fits: unchanged.
  fitPersistentGridToActiveClusters(grid, 2, 66);
  EXPECT_EQ(grid.dims[0], 132u);
  // Fewer clusters at once than the grid has: all of them run together.
  fitPersistentGridToActiveClusters(grid, 4, 30);
  EXPECT_EQ(grid.dims[0], 120u);
  // Unknown (0): unchanged.
  fitPersistentGridToActiveClusters(grid, 4, 0);
  EXPECT_EQ(grid.dims[0], 120u);
}

TEST(LaunchGridTest, PersistentGrid) {
  json::Object kernel = makeValidKernel();
  kernel["grid"] =
      json::Object{{"persistent", json::Object{{"ctas_per_sm", 1}}},
                   {"tiles", json::Object{{"m", 128}, {"n", 256}}}};
  KernelSpec spec = parseSingleKernel(std::move(kernel));
  ASSERT_TRUE(spec.persistentGrid.has_value());
  EXPECT_EQ(spec.persistentGrid->ctasPerSm, 1);
  EXPECT_EQ(spec.persistentGrid->tileM, 128);
  EXPECT_EQ(spec.persistentGrid->tileN, 256);

  // 4096 x 4096: 32 x 16 = 512 tiles over 132 SMs.
  LaunchGrid large = grid(spec, GemmShape::get(4096, 4096, 64));
  EXPECT_EQ(large.dims, (std::array<unsigned, 3>{132, 1, 1}));
  EXPECT_EQ(large.persistentTiles, 512u);
  // 256 x 512: 2 x 2 tiles; ragged tiles count (ceil).
  EXPECT_EQ(grid(spec, GemmShape::get(256, 512, 64)).dims[0], 4u);
  EXPECT_EQ(grid(spec, GemmShape::get(200, 300, 64)).persistentTiles, 4u);

  // Clusters of 2 (persistent grids are 1-D, so clusters are [X, 1, 1]).
  KernelSpec hopper = parseSingleKernel(makeHopperKernel());
  ASSERT_TRUE(hopper.persistentGrid.has_value());
  EXPECT_EQ(grid(hopper, GemmShape::get(4096, 4096, 64), 133).dims,
            (std::array<unsigned, 3>{132, 1, 1}));
  EXPECT_EQ(grid(hopper, GemmShape::get(128, 256, 64), 133).dims,
            (std::array<unsigned, 3>{2, 1, 1}));

  kernel = makeValidKernel();
  kernel["grid"] =
      json::Object{{"persistent", json::Object{{"ctas_per_sm", 2}}},
                   {"tiles", json::Object{{"m", 64}, {"n", 64}}}};
  spec = parseSingleKernel(std::move(kernel));
  EXPECT_EQ(grid(spec, GemmShape::get(4096, 4096, 64)).dims[0], 264u);
}

TEST(LaunchGridTest, StreamKGrid) {
  json::Object kernel = makeValidKernel();
  kernel["grid"] = json::Object{
      {"persistent", json::Object{{"ctas_per_sm", 1}, {"stream_k", true}}},
      {"tiles", json::Object{{"m", 128}, {"n", 256}, {"k", 64}}}};
  KernelSpec spec = parseSingleKernel(std::move(kernel));
  ASSERT_TRUE(spec.persistentGrid.has_value());
  ASSERT_TRUE(spec.persistentGrid->streamK);
  // Few tiles still fill the machine: 1 tile of 64 K steps on 132 SMs.
  EXPECT_EQ(grid(spec, GemmShape::get(128, 256, 4096)).dims[0], 64u);
  EXPECT_EQ(grid(spec, GemmShape::get(1024, 1024, 8192)).dims[0], 132u);
  // The partition's largest product, work units x blocks, must fit in 32
  // bits: 32 x 16 tiles of 2^17 K steps over 132 blocks does not.
  Expected<LaunchGrid> huge =
      computeGrid(spec, GemmShape::get(4096, 4096, int64_t{64} << 17), 132);
  ASSERT_FALSE(static_cast<bool>(huge));
  EXPECT_NE(toString(huge.takeError()).find("32-bit partition"),
            std::string::npos);
}

TEST(LaunchGridTest, BadPersistentGrids) {
  struct Case {
    json::Object grid;
    json::Value cluster;
    const char *expected;
  };
  auto tiles = [] { return json::Object{{"m", 128}, {"n", 256}}; };
  auto persistent = [](int ctas) {
    return json::Object{{"ctas_per_sm", ctas}};
  };
  Case cases[] = {
      {json::Object{{"persistent", persistent(1)}}, json::Array{1, 1, 1},
       "missing value at kernels[0].grid.tiles"},
      {json::Object{{"persistent", persistent(0)}, {"tiles", tiles()}},
       json::Array{1, 1, 1},
       "expected an integer in [1, 32] at "
       "kernels[0].grid.persistent.ctas_per_sm"},
      {json::Object{{"persistent", json::Object{}}, {"tiles", tiles()}},
       json::Array{1, 1, 1}, "missing value at kernels[0].grid.persistent.ctas_per_sm"},
      {json::Object{{"persistent", persistent(1)},
                    {"tiles", json::Object{{"m", 128}}}},
       json::Array{1, 1, 1}, "missing value at kernels[0].grid.tiles.n"},
      {json::Object{
           {"persistent", persistent(1)}, {"tiles", tiles()}, {"x", 4}},
       json::Array{1, 1, 1}, "not allowed with \"persistent\" (a persistent grid is 1-D) at "
       "kernels[0].grid.x"},
      {json::Object{{"persistent", 1}, {"tiles", tiles()}},
       json::Array{1, 1, 1}, "expected object at kernels[0].grid.persistent"},
      {json::Object{{"persistent", persistent(1)}, {"tiles", tiles()}},
       json::Array{1, 2, 1},
       "field 'cluster' is [1, 2, 1]; a persistent grid is 1-D"},
      {json::Object{{"x", 1}, {"y", 1}, {"tiles", tiles()}},
       json::Array{1, 1, 1}, "only allowed with \"persistent\" at kernels[0].grid.tiles"},
  };
  for (Case &c : cases) {
    json::Object kernel = makeValidKernel();
    kernel["grid"] = std::move(c.grid);
    kernel["cluster"] = std::move(c.cluster);
    ErrorSummary error = kernelError(std::move(kernel));
    EXPECT_EQ(error.exitCode, ExitBadInput) << c.expected;
    EXPECT_NE(error.message.find(c.expected), std::string::npos)
        << error.message;
  }
}

} // namespace
