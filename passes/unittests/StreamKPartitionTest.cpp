//===- StreamKPartitionTest.cpp - the stream-K partition, folded on the host ===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Builds passes/StreamKPartition's IR on constant grids, folds it to
// constants and checks what the kernel relies on: every (tile, K step)
// computed exactly once; a block's segments contiguous in its pipeline
// steps; a split tile's owner is the block with its last K step, its last
// segment, and its helpers are exactly the blocks before it that compute
// part of the tile, each in its first segment (so no block waits for a
// block that waits); and with stream_k = 1 the blocks of the stream-K
// phase stay within K - L steps of one another. The helpers' workspace
// slots are distinct and are the ones their owner adds. stream_k = spares
// is checked the same way, and for the heads it gives the idle blocks.
//
//===----------------------------------------------------------------------===//

#include "passes/hopper/StreamKPartition.h"

#include "FoldToConstants.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include "gtest/gtest.h"

#include <map>
#include <random>
#include <set>

using namespace mlir;
using namespace gemm_opt;

namespace {

struct Segment {
  int64_t tile, kBegin, kCount, stepBase, helpers, slot, firstHelperSlot;
  int64_t signalTile, signalCount, signalStride;
  bool owner;
};

class Partition {
public:
  Partition(int64_t tiles, int64_t kTiles, int64_t blocks, int64_t waves,
            bool spares = false)
      : tiles(tiles), kTiles(kTiles), blocks(blocks), waves(waves),
        spares(spares) {
    context.loadDialect<arith::ArithDialect, func::FuncDialect>();
  }

  std::vector<Segment> segments(int64_t block) {
    Location loc = UnknownLoc::get(&context);
    OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
    OpBuilder b(module->getBodyRegion());
    auto constant = [&](int64_t v) -> Value {
      return arith::ConstantIndexOp::create(b, loc, v);
    };
    auto build = [&](func::FuncOp &func) {
      func = func::FuncOp::create(b, loc, "f", b.getFunctionType({}, {}));
      b.setInsertionPointToStart(func.addEntryBlock());
      return StreamKPartition(b, loc, constant(tiles), constant(kTiles),
                              constant(block), constant(blocks), waves,
                              spares);
    };
    func::FuncOp countFunc;
    StreamKPartition counting = build(countFunc);
    int64_t count = foldToConstants(countFunc, {counting.getSegmentCount()})[0];
    b.setInsertionPointToEnd(module->getBody());
    func::FuncOp func;
    StreamKPartition partition = build(func);
    SmallVector<Value> values;
    for (int64_t i = 0; i < count; ++i) {
      WorkSegment s = partition.getSegment(constant(i));
      Value owner = arith::IndexCastUIOp::create(b, loc, b.getIndexType(),
                                                 s.owner);
      values.append({s.tile, s.kBegin, s.kCount, s.stepBase, s.helpers,
                     s.slot, s.firstHelperSlot, s.signalTile, s.signalCount,
                     s.signalStride, owner});
    }
    std::vector<int64_t> folded = foldToConstants(func, values);
    std::vector<Segment> out;
    for (int64_t i = 0; i < count; ++i) {
      const int64_t *v = &folded[11 * i];
      out.push_back({v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8],
                     v[9], v[10] != 0});
    }
    return out;
  }

  /// Checks every property; returns each block's segments.
  std::vector<std::vector<Segment>> check() {
    std::vector<std::vector<Segment>> all;
    std::map<std::pair<int64_t, int64_t>, int64_t> computedBy;
    // (tile, block) -> the block's segment that counts it on the tile.
    std::map<std::pair<int64_t, int64_t>, size_t> signalledAt;
    for (int64_t block = 0; block < blocks; ++block) {
      all.push_back(segments(block));
      for (size_t i = 0; i < all.back().size(); ++i) {
        const Segment &s = all.back()[i];
        for (int64_t j = 0; j < s.signalCount; ++j)
          EXPECT_TRUE(signalledAt
                          .emplace(std::pair{s.signalTile + j * s.signalStride,
                                             block},
                                   i)
                          .second)
              << "block " << block << " counts itself twice";
      }
      int64_t step = 0;
      for (const Segment &s : all.back()) {
        EXPECT_GE(s.kCount, 1);
        EXPECT_EQ(s.stepBase, step) << "block " << block;
        step += s.kCount;
        for (int64_t k = s.kBegin; k < s.kBegin + s.kCount; ++k)
          EXPECT_TRUE(computedBy.emplace(std::pair{s.tile, k}, block).second)
              << "tile " << s.tile << " step " << k << " twice";
      }
    }
    EXPECT_EQ(static_cast<int64_t>(computedBy.size()), tiles * kTiles);
    for (int64_t tile = 0; tile < tiles; ++tile) {
      std::set<int64_t> parts;
      for (int64_t k = 0; k < kTiles; ++k) {
        auto it = computedBy.find({tile, k});
        EXPECT_NE(it, computedBy.end()) << "tile " << tile << " step " << k;
        if (it != computedBy.end())
          parts.insert(it->second);
      }
      if (parts.empty())
        continue;
      int64_t owner = computedBy[{tile, kTiles - 1}];
      if (!spares) {
        // The owner's helpers are consecutive: the blocks before it.
        EXPECT_EQ(owner, *parts.rbegin());
        EXPECT_EQ(*parts.begin() + static_cast<int64_t>(parts.size()) - 1,
                  owner)
            << "tile " << tile;
      }
      std::set<int64_t> helperSlots;
      const Segment *ownerSegment = nullptr;
      for (int64_t block : parts) {
        const std::vector<Segment> &mine = all[block];
        auto it = std::find_if(mine.begin(), mine.end(),
                               [&](const Segment &s) { return s.tile == tile; });
        if (it == mine.end()) {
          ADD_FAILURE() << "block " << block << " has no part of " << tile;
          continue;
        }
        if (block == owner) {
          EXPECT_TRUE(it->owner);
          EXPECT_EQ(it->helpers, static_cast<int64_t>(parts.size()) - 1);
          if (parts.size() > 1)
            EXPECT_EQ(&*it, &mine.back()) << "owner waits before its end";
          ownerSegment = &*it;
        } else {
          EXPECT_FALSE(it->owner);
          EXPECT_EQ(it->helpers, 0);
          // Nothing before a helper's part waits.
          for (auto before = mine.begin(); before != it; ++before)
            EXPECT_EQ(before->helpers, 0);
          EXPECT_GE(it->slot, 0);
          EXPECT_LT(it->slot, blocks) << "the workspace has one slot a block";
          helperSlots.insert(it->slot);
          EXPECT_TRUE(usedSlots.insert(it->slot).second)
              << "slot " << it->slot << " stored twice";
          // Counted once on the tile, by the helper, at or after its part
          // and before anything of its own waits.
          auto signal = signalledAt.find({tile, block});
          if (signal == signalledAt.end()) {
            ADD_FAILURE() << "block " << block << " never counts itself on "
                          << tile;
          } else {
            size_t part = it - mine.begin();
            EXPECT_GE(signal->second, part);
            for (size_t k = part; k <= signal->second; ++k)
              EXPECT_EQ(mine[k].helpers, 0);
            signalledAt.erase(signal);
          }
        }
      }
      // The owner adds exactly its helpers' slots.
      if (ownerSegment && ownerSegment->helpers > 0) {
        std::set<int64_t> added;
        for (int64_t i = 0; i < ownerSegment->helpers; ++i)
          added.insert(ownerSegment->firstHelperSlot + i);
        EXPECT_EQ(added, helperSlots) << "tile " << tile;
      }
    }
    // No count on a tile that the block helps with nothing.
    EXPECT_TRUE(signalledAt.empty());
    return all;
  }

private:
  MLIRContext context;
  int64_t tiles, kTiles, blocks, waves;
  bool spares;
  std::set<int64_t> usedSlots;
};

TEST(StreamKPartitionTest, ALastWaveThreeQuartersFullStaysWhole) {
  // 4096³, 128×256 tiles: 512 tiles of 64 K steps on 132 blocks, the last
  // wave 116/132 full (kWholeLastWaveFill): blocks 0..115 take four whole
  // tiles, the others three, and nobody shares a tile.
  std::vector<std::vector<Segment>> all = Partition(512, 64, 132, 1).check();
  for (size_t block = 0; block < all.size(); ++block) {
    ASSERT_EQ(all[block].size(), block < 116 ? 4u : 3u) << "block " << block;
    for (size_t i = 0; i < all[block].size(); ++i) {
      const Segment &s = all[block][i];
      EXPECT_EQ(s.tile, static_cast<int64_t>(block + 132 * i));
      EXPECT_EQ(s.kCount, 64);
      EXPECT_TRUE(s.owner);
      EXPECT_EQ(s.helpers, 0);
    }
  }
  // Just under 3/4 (98 of 132) the last wave is shared.
  for (const std::vector<Segment> &segments :
       Partition(494, 64, 132, 1).check())
    EXPECT_LT(segments.back().kCount, 64);
}

TEST(StreamKPartitionTest, EightThousandByFourThousandSharesItsLastWave) {
  // 8192×8192×4096, 128×256 tiles: 2048 tiles of 64 K steps on 132 blocks,
  // the last wave 68/132 full. Fifteen data-parallel tiles each, then about
  // 33 of the last 68 tiles' K steps, heads first: at pipeline step
  // 15·64 + τ every block is on K step τ .. τ + 32 of its tile
  // (K - L = 64 - ⌊4352/132⌋).
  std::vector<std::vector<Segment>> all = Partition(2048, 64, 132, 1).check();
  for (const std::vector<Segment> &segments : all) {
    ASSERT_GE(segments.size(), 16u);
    for (size_t i = 0; i < 15; ++i)
      EXPECT_EQ(segments[i].kCount, 64);
    for (size_t i = 15; i < segments.size(); ++i) {
      const Segment &s = segments[i];
      int64_t tau = s.stepBase - 15 * 64;
      EXPECT_GE(s.kBegin, tau);
      EXPECT_LE(s.kBegin, tau + 32);
    }
  }
}

TEST(StreamKPartitionTest, WholeWavesHaveNoStreamKPhase) {
  // 4224×4096×4096: 528 tiles = 4 waves of 132.
  for (const std::vector<Segment> &segments :
       Partition(528, 64, 132, 1).check()) {
    ASSERT_EQ(segments.size(), 4u);
    for (const Segment &s : segments) {
      EXPECT_EQ(s.kCount, 64);
      EXPECT_TRUE(s.owner);
      EXPECT_EQ(s.helpers, 0);
    }
  }
}

TEST(StreamKPartitionTest, FewerStepsThanBlocks) {
  // 133 tiles of 64 steps on 132 blocks: the stream-K phase has 64 steps,
  // one per block for blocks 0..63; before, blocks in between held empty
  // ranges and the owner counted them as helpers (and waited forever).
  Partition(133, 64, 132, 1).check();
  Partition(140, 2, 132, 1).check();
  Partition(133, 1, 132, 1).check();
}

TEST(StreamKPartitionTest, RandomGrids) {
  std::mt19937 random(7);
  for (int trial = 0; trial < 60; ++trial) {
    int64_t blocks = 1 + random() % 40;
    int64_t tiles = 1 + random() % 120;
    int64_t kTiles = 1 + random() % 20;
    int64_t waves = 1 + random() % 2;
    SCOPED_TRACE(testing::Message() << tiles << " tiles of " << kTiles
                                    << " steps on " << blocks << " blocks, "
                                    << "stream_k = " << waves);
    Partition(tiles, kTiles, blocks, waves).check();
  }
}

TEST(StreamKPartitionTest, SparesAtFourThousandCubed) {
  // 4096³, 128×256 tiles on 132 blocks: P = 116 partial-wave tiles, S = 16
  // spares, n = 8 heads at most, h = (64 + 2 - 8·4) / 9 = 3 K steps.
  std::vector<std::vector<Segment>> all =
      Partition(512, 64, 132, 1, /*spares=*/true).check();
  int64_t heads = 0;
  for (int64_t block = 0; block < 132; ++block) {
    const std::vector<Segment> &segments = all[block];
    if (block < 116) {
      // Three whole tiles, then its partial tile from K step 3 on.
      ASSERT_EQ(segments.size(), 4u) << "block " << block;
      for (size_t i = 0; i < 3; ++i)
        EXPECT_EQ(segments[i].kCount, 64);
      EXPECT_EQ(segments[3].tile, 396 + block);
      EXPECT_EQ(segments[3].kBegin, 3);
      EXPECT_EQ(segments[3].kCount, 61);
      EXPECT_EQ(segments[3].helpers, 1);
      continue;
    }
    // Three whole tiles, in step with the owners, then its heads (7 or 8
    // of 3 steps).
    int64_t mine = block - 116 < 4 ? 8 : 7;
    ASSERT_EQ(static_cast<int64_t>(segments.size()), 3 + mine);
    for (size_t i = 0; i < 3; ++i)
      EXPECT_EQ(segments[i].kCount, 64);
    for (int64_t e = 0; e < mine; ++e) {
      const Segment &head = segments[3 + e];
      EXPECT_EQ(head.tile, 396 + (block - 116) + 16 * e);
      EXPECT_EQ(head.kCount, 3);
      EXPECT_FALSE(head.owner);
      // One release for all its heads, after the last.
      EXPECT_EQ(head.signalCount, e + 1 == mine ? mine : 0);
    }
    heads += mine;
  }
  EXPECT_EQ(heads, 116);
}

TEST(StreamKPartitionTest, SparesSplitLongerTilesFurther) {
  // tf32 at 4096³ (K = 128 steps of 32): h = (128 + 2 - 32) / 9 = 10.
  std::vector<std::vector<Segment>> all =
      Partition(512, 128, 132, 1, /*spares=*/true).check();
  EXPECT_EQ(all[0].back().kBegin, 10);
  // 8192³ bf16 (2048 tiles = 15 waves + 68): 64 spares, n = 2, h = 40.
  all = Partition(2048, 128, 132, 1, /*spares=*/true).check();
  EXPECT_EQ(all[0].back().kBegin, 40);
  EXPECT_EQ(all[131].size(), 15u + 1u);
}

TEST(StreamKPartitionTest, SparesEdges) {
  // Whole waves: no split at all.
  for (const std::vector<Segment> &segments :
       Partition(528, 64, 132, 1, /*spares=*/true).check()) {
    ASSERT_EQ(segments.size(), 4u);
    for (const Segment &s : segments)
      EXPECT_EQ(s.kCount, 64);
  }
  // One tile on a grid sized by its K steps: about halved between two
  // blocks (h = (64 + 2 - 4) / 2 = 31).
  std::vector<std::vector<Segment>> one =
      Partition(1, 64, 64, 1, /*spares=*/true).check();
  EXPECT_EQ(one[0].back().kBegin, 31);
  // A single K step cannot be split: the owners take their tiles whole.
  Partition(5, 1, 5, 1, /*spares=*/true).check();
  Partition(130, 1, 132, 1, /*spares=*/true).check();
  Partition(131, 3, 132, 1, /*spares=*/true).check();
}

TEST(StreamKPartitionTest, SparesRandomGrids) {
  std::mt19937 random(11);
  for (int trial = 0; trial < 60; ++trial) {
    int64_t blocks = 1 + random() % 40;
    int64_t tiles = 1 + random() % 120;
    int64_t kTiles = 1 + random() % 40;
    SCOPED_TRACE(testing::Message() << tiles << " tiles of " << kTiles
                                    << " steps on " << blocks
                                    << " blocks, stream_k = spares");
    Partition(tiles, kTiles, blocks, 1, /*spares=*/true).check();
  }
}

} // namespace
