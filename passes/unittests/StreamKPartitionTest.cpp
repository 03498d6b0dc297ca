//===- StreamKPartitionTest.cpp - the stream-K partition, folded on the host ===//
//
// Builds passes/StreamKPartition's IR on constant grids, folds it to
// constants and checks what the kernel relies on: every (tile, K step)
// computed exactly once; a block's segments contiguous in its pipeline
// steps; a split tile's owner is the block with its last K step, its last
// segment, and its helpers are exactly the blocks before it that compute
// part of the tile, each in its first segment (so no block waits for a
// block that waits); and with stream_k = 1 the blocks of the stream-K
// phase stay within K - L steps of one another.
//
//===----------------------------------------------------------------------===//

#include "passes/StreamKPartition.h"

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
  int64_t tile, kBegin, kCount, stepBase, helpers;
  bool owner;
};

/// Folds `values` (built into `func`'s body before its return) to integers.
std::vector<int64_t> foldToConstants(func::FuncOp func,
                                     ArrayRef<Value> values) {
  OpBuilder b(func.getBody());
  b.setInsertionPointToEnd(&func.getBody().front());
  auto ret = func::ReturnOp::create(b, func.getLoc(), values);
  func.setFunctionType(
      b.getFunctionType({}, TypeRange(ValueRange(values))));
  RewritePatternSet none(func.getContext());
  (void)applyPatternsGreedily(func, std::move(none));
  std::vector<int64_t> out;
  for (Value v : ret.getOperands()) {
    APInt value;
    EXPECT_TRUE(matchPattern(v, m_ConstantInt(&value)));
    out.push_back(value.getZExtValue());
  }
  return out;
}

class Partition {
public:
  Partition(int64_t tiles, int64_t kTiles, int64_t blocks, int64_t waves)
      : tiles(tiles), kTiles(kTiles), blocks(blocks), waves(waves) {
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
                              constant(block), constant(blocks), waves);
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
      values.append({s.tile, s.kBegin, s.kCount, s.stepBase, s.helpers, owner});
    }
    std::vector<int64_t> folded = foldToConstants(func, values);
    std::vector<Segment> out;
    for (int64_t i = 0; i < count; ++i) {
      const int64_t *v = &folded[6 * i];
      out.push_back({v[0], v[1], v[2], v[3], v[4], v[5] != 0});
    }
    return out;
  }

  /// Checks every property; returns each block's segments.
  std::vector<std::vector<Segment>> check() {
    std::vector<std::vector<Segment>> all;
    std::map<std::pair<int64_t, int64_t>, int64_t> computedBy;
    for (int64_t block = 0; block < blocks; ++block) {
      all.push_back(segments(block));
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
      int64_t owner = *parts.rbegin();
      EXPECT_EQ(owner, (computedBy[{tile, kTiles - 1}]));
      // The owner's helpers are consecutive: the blocks before it.
      EXPECT_EQ(*parts.begin() + static_cast<int64_t>(parts.size()) - 1,
                owner)
          << "tile " << tile;
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
        } else {
          EXPECT_FALSE(it->owner);
          EXPECT_EQ(it->helpers, 0);
          // Nothing before a helper's part waits.
          for (auto before = mine.begin(); before != it; ++before)
            EXPECT_EQ(before->helpers, 0);
        }
      }
    }
    return all;
  }

private:
  MLIRContext context;
  int64_t tiles, kTiles, blocks, waves;
};

TEST(StreamKPartitionTest, FourThousandCubedOnTheH200) {
  // 4096³, 128×256 tiles: 512 tiles of 64 K steps on 132 blocks.
  std::vector<std::vector<Segment>> all = Partition(512, 64, 132, 1).check();
  // Three data-parallel tiles each, then about 56 of the last 116 tiles'
  // K steps, heads first: at pipeline step 3·64 + τ every block is on K
  // step τ .. τ + 8 of its tile (K - L = 64 - 7424/132 < 8).
  for (const std::vector<Segment> &segments : all) {
    ASSERT_GE(segments.size(), 4u);
    for (size_t i = 0; i < 3; ++i)
      EXPECT_EQ(segments[i].kCount, 64);
    for (size_t i = 3; i < segments.size(); ++i) {
      const Segment &s = segments[i];
      int64_t tau = s.stepBase - 3 * 64;
      EXPECT_GE(s.kBegin, tau);
      EXPECT_LE(s.kBegin, tau + 8);
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

} // namespace
