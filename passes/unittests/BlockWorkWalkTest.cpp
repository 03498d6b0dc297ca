//===- BlockWorkWalkTest.cpp - a block's tiles, folded on the host --------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Builds passes/BlockWorkWalk's IR for every block of a persistent grid
// (blockIdx.x and gridDim.x replaced by constants, the block's place in
// its cluster given as constants), folds it and checks what the kernel
// relies on: every tile of C (of every batch entry) is computed by exactly
// one block, tiles that lie outside C only where a cluster's patch sticks
// out of it, and the blocks of one cluster walk the same number of tiles
// (their pipelines are coupled by multicast). Rasters along M and N, with
// and without thread-block clusters, batched and not, on shapes that are
// and are not multiples of the cluster and group sizes.
//
//===----------------------------------------------------------------------===//

#include "passes/hopper/BlockWorkWalk.h"

#include "FoldToConstants.h"

#include "dialect/TileDialect.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"

#include "gtest/gtest.h"

#include <map>
#include <memory>
#include <string>
#include <tuple>

using namespace mlir;
using namespace gemm_opt;

namespace {

struct WalkCase {
  std::string raster; ///< "along_m" or "along_n"
  int64_t group;
  int64_t clusterM, clusterN;
  int64_t tilesM, tilesN, batchCount; ///< batchCount 0: not batched
  int64_t blocks;
};

std::string describe(const WalkCase &c) {
  return c.raster + " by " + std::to_string(c.group) + ", cluster " +
         std::to_string(c.clusterM) + "x" + std::to_string(c.clusterN) + ", " +
         std::to_string(c.tilesM) + "x" + std::to_string(c.tilesN) +
         " tiles, batch " + std::to_string(c.batchCount) + ", " +
         std::to_string(c.blocks) + " blocks";
}

class WalkChecker {
public:
  WalkChecker() {
    context.loadDialect<arith::ArithDialect, func::FuncDialect, gpu::GPUDialect,
                        tile::TileDialect>();
  }

  tile::ScheduleAttr parseSchedule(const WalkCase &c) {
    std::string cluster =
        c.clusterM * c.clusterN > 1
            ? "cluster = #tile.cluster<[" + std::to_string(c.clusterM) + ", " +
                  std::to_string(c.clusterN) + "], multicast = true>, "
            : "";
    std::string text =
        "#tile.schedule<chip = \"sm_90a\", block = [128, 256, 64], "
        "warp = [64, 256], mma = #tile.mma<wgmma, [64, 256, 16]>, "
        "elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>, "
        "smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>, "
        "pipeline = #tile.pipeline<stages = 4, load = tma>, "
        "specialization = #tile.warp_specialization<producer_registers = 40, "
        "consumer_registers = 232>, "
        "grid = #tile.grid<persistent = true, raster = " +
        c.raster + ", group = " + std::to_string(c.group) + ">, " + cluster +
        "store = #tile.store<tma, rounds = 2>>";
    auto schedule =
        dyn_cast_or_null<tile::ScheduleAttr>(parseAttribute(text, &context));
    EXPECT_TRUE(schedule) << text;
    return schedule;
  }

  /// The (batch, tile row, tile column) of each of `block`'s tiles, in
  /// walk order.
  std::vector<std::tuple<int64_t, int64_t, int64_t>>
  tilesOf(const WalkCase &c, tile::ScheduleAttr schedule,
          const HopperKernelPlan &plan, int64_t block) {
    Location loc = UnknownLoc::get(&context);
    OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
    OpBuilder b(module->getBodyRegion());
    auto constant = [&](int64_t v) -> Value {
      return arith::ConstantIndexOp::create(b, loc, v);
    };
    // Folding rewrites the function's IR, so the count and the tiles are
    // built (and folded) in two functions, each with its own walk.
    auto build = [&](func::FuncOp &func) {
      b.setInsertionPointToEnd(module->getBody());
      func = func::FuncOp::create(b, loc, "f", b.getFunctionType({}, {}));
      b.setInsertionPointToStart(func.addEntryBlock());
      BlockTiles tiles;
      tiles.tilesM = constant(c.tilesM);
      tiles.tilesN = constant(c.tilesN);
      if (c.batchCount > 0) {
        // Only their presence matters to the walk.
        Value any = constant(0);
        tiles.batched = {any, any, any};
        tiles.batchCount = constant(c.batchCount);
      }
      // Rank j + i·clusterN is block (i, j) of its cluster's patch.
      int64_t rank = block % (c.clusterM * c.clusterN);
      ClusterPosition position{constant(rank / c.clusterN),
                               constant(rank % c.clusterN)};
      auto walk = std::make_unique<BlockWorkWalk>(
          b, loc, schedule, plan, tiles, constant(4), Value(), position);
      walk->countWork();
      return walk;
    };
    func::FuncOp countFunc, func;
    int64_t tileCount =
        fold(countFunc, {build(countFunc)->getTileCount()}, block, c.blocks)[0];
    std::unique_ptr<BlockWorkWalk> walk = build(func);
    SmallVector<Value> values;
    for (int64_t i = 0; i < tileCount; ++i) {
      BlockSegment segment = walk->getSegment(constant(i));
      values.append({segment.batch ? segment.batch : constant(0),
                     segment.rowBase, segment.colBase});
    }
    std::vector<int64_t> folded = fold(func, values, block, c.blocks);
    std::vector<std::tuple<int64_t, int64_t, int64_t>> out;
    for (int64_t i = 0; i < tileCount; ++i)
      out.emplace_back(folded[3 * i], folded[3 * i + 1] / plan.blockM,
                       folded[3 * i + 2] / plan.blockN);
    return out;
  }

  void check(const WalkCase &c) {
    SCOPED_TRACE(describe(c));
    tile::ScheduleAttr schedule = parseSchedule(c);
    if (!schedule)
      return;
    HopperKernelPlan plan = planHopperKernel(schedule, /*epilogue=*/nullptr);
    ASSERT_EQ(plan.clusterM, c.clusterM);
    ASSERT_EQ(plan.clusterN, c.clusterN);
    std::map<std::tuple<int64_t, int64_t, int64_t>, int64_t> computedBy;
    int64_t clusterSize = c.clusterM * c.clusterN;
    std::map<int64_t, size_t> tilesPerCluster;
    int64_t entries = std::max<int64_t>(c.batchCount, 1);
    for (int64_t block = 0; block < c.blocks; ++block) {
      auto tiles = tilesOf(c, schedule, plan, block);
      auto [known, fresh] =
          tilesPerCluster.emplace(block / clusterSize, tiles.size());
      EXPECT_EQ(known->second, tiles.size())
          << "block " << block << " walks another tile count than its "
          << "cluster's first block";
      for (auto [batch, row, col] : tiles) {
        EXPECT_LT(batch, entries) << "block " << block;
        bool inside = row < c.tilesM && col < c.tilesN;
        if (!inside) {
          // Only a patch sticking out of C has tiles outside it.
          EXPECT_TRUE(c.tilesM % c.clusterM != 0 || c.tilesN % c.clusterN != 0)
              << "block " << block << " has tile (" << row << ", " << col
              << ") outside C";
          continue;
        }
        auto [at, added] =
            computedBy.emplace(std::tuple{batch, row, col}, block);
        EXPECT_TRUE(added) << "tile (" << batch << ", " << row << ", " << col
                           << ") computed by blocks " << at->second << " and "
                           << block;
      }
    }
    EXPECT_EQ(static_cast<int64_t>(computedBy.size()),
              entries * c.tilesM * c.tilesN)
        << "tiles of C that no block computes";
  }

private:
  /// Folds `values` (built in `func`) to integers, with blockIdx.x =
  /// `block` and gridDim.x = `blocks`.
  std::vector<int64_t> fold(func::FuncOp func, ArrayRef<Value> values,
                            int64_t block, int64_t blocks) {
    SmallVector<Operation *> ids;
    func.walk([&](Operation *op) {
      if (isa<gpu::BlockIdOp, gpu::GridDimOp>(op))
        ids.push_back(op);
    });
    for (Operation *op : ids) {
      OpBuilder b(op);
      int64_t v = isa<gpu::BlockIdOp>(op) ? block : blocks;
      op->getResult(0).replaceAllUsesWith(
          arith::ConstantIndexOp::create(b, op->getLoc(), v));
      op->erase();
    }
    return foldToConstants(func, values);
  }

  MLIRContext context;
};

TEST(BlockWorkWalkTest, RastersWithoutClusters) {
  WalkChecker checker;
  for (const char *raster : {"along_m", "along_n"})
    for (int64_t group : {1, 4, 16})
      for (auto [m, n] : {std::pair{32, 16}, {33, 16}, {7, 5}, {1, 1}})
        for (int64_t blocks : {132, 8, 3})
          checker.check({raster, group, 1, 1, m, n, 0, blocks});
}

TEST(BlockWorkWalkTest, Clusters) {
  WalkChecker checker;
  for (auto [cm, cn] : {std::pair{2, 1}, {1, 2}, {2, 2}})
    for (const char *raster : {"along_m", "along_n"})
      for (auto [m, n] : {std::pair{32, 16}, {33, 16}, {7, 5}, {1, 3}})
        for (int64_t blocks : {132, 8})
          checker.check({raster, 8, cm, cn, m, n, 0, blocks});
}

TEST(BlockWorkWalkTest, BatchedEntriesOneAfterAnother) {
  WalkChecker checker;
  for (auto [cm, cn] : {std::pair{1, 1}, {2, 1}})
    for (auto [m, n] : {std::pair{8, 8}, {5, 3}})
      for (int64_t blocks : {132, 6})
        checker.check({"along_m", 4, cm, cn, m, n, 3, blocks});
}

} // namespace
