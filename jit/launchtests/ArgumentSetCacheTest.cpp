//===- ArgumentSetCacheTest.cpp - the bounded argument-set cache ----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// ArgumentSetCache (what GemmKernel keeps per device for arguments whose
// parameters point into device memory) on fake events whose work finishes
// only when the test says so: at most `limit` sets, the least recently used
// one reused, never before its last launch finished, held (prepared) sets
// never reused and kept beyond the limit until released. No GPU needed.
//
//===----------------------------------------------------------------------===//

#include "jit/ArgumentSetCache.h"

#include "gtest/gtest.h"

#include <set>
#include <vector>

using namespace llvm;
using namespace gemm_opt::jit;

namespace {

/// Events are numbers; a recorded event stays pending until synchronized
/// or finish() says its work is done.
class FakeEvents final : public LaunchEvents {
public:
  Expected<cudaEvent_t> create() override {
    ++created;
    return reinterpret_cast<cudaEvent_t>(uintptr_t(0xe000 + created));
  }
  void destroy(cudaEvent_t) override { ++destroyed; }
  Error record(cudaEvent_t event, cudaStream_t) override {
    pending.insert(event);
    return Error::success();
  }
  Expected<bool> isComplete(cudaEvent_t event) override {
    return !pending.count(event);
  }
  Error synchronize(cudaEvent_t event) override {
    if (pending.count(event))
      waitedOnHost.push_back(event);
    pending.erase(event);
    return Error::success();
  }
  Error wait(cudaStream_t stream, cudaEvent_t event) override {
    waitedOnStream.push_back({stream, event});
    return Error::success();
  }
  void finish(cudaEvent_t event) { pending.erase(event); }

  int created = 0, destroyed = 0;
  std::set<cudaEvent_t> pending;
  std::vector<cudaEvent_t> waitedOnHost;
  std::vector<std::pair<cudaStream_t, cudaEvent_t>> waitedOnStream;
};

cudaStream_t stream(uintptr_t id) { return reinterpret_cast<cudaStream_t>(id); }

ArgumentSetKey key(uint64_t c) {
  ArgumentSetKey key;
  key.a = 0x1000;
  key.b = 0x2000;
  key.c = c;
  key.m = key.n = key.k = 256;
  return key;
}

class ArgumentSetCacheTest : public ::testing::Test {
protected:
  std::shared_ptr<ArgumentSet> take(ArgumentSetCache &cache, uint64_t c) {
    Expected<std::shared_ptr<ArgumentSet>> set = cache.take(key(c));
    EXPECT_TRUE(bool(set)) << toString(set.takeError());
    return set ? *set : nullptr;
  }

  std::shared_ptr<FakeEvents> events = std::make_shared<FakeEvents>();
};

TEST_F(ArgumentSetCacheTest, KeepsAtMostTheLimitAndReusesTheLeastRecent) {
  ArgumentSetCache cache(events, 3);
  std::vector<ArgumentSet *> sets;
  for (uint64_t c : {1, 2, 3})
    sets.push_back(take(cache, c).get());
  EXPECT_EQ(cache.size(), 3u);
  EXPECT_EQ(cache.find(key(1)).get(), sets[0]); // Now the most recent.
  // A fourth takes the least recently used one, key 2's.
  std::shared_ptr<ArgumentSet> fourth = take(cache, 4);
  EXPECT_EQ(fourth.get(), sets[1]);
  EXPECT_EQ(cache.size(), 3u);
  EXPECT_EQ(cache.find(key(2)), nullptr);
  EXPECT_EQ(cache.find(key(4)).get(), sets[1]);
  EXPECT_EQ(fourth->key, key(4));
  EXPECT_EQ(events->created, 3); // One event per set, kept on reuse.
  // Thousands of distinct argument sets later, still three.
  for (uint64_t c = 5; c < 5000; ++c)
    take(cache, c);
  EXPECT_EQ(cache.size(), 3u);
  EXPECT_EQ(events->created, 3);
}

TEST_F(ArgumentSetCacheTest, ReusesASetOnlyOnceItsLastLaunchFinished) {
  ArgumentSetCache cache(events, 1);
  std::shared_ptr<ArgumentSet> first = take(cache, 1);
  ASSERT_FALSE(bool(cache.recordUse(*first, stream(7))));
  cudaEvent_t lastUse = first->lastUse;
  // Its launch is queued: reusing the set waits for it on the host first.
  std::shared_ptr<ArgumentSet> second = take(cache, 2);
  EXPECT_EQ(second.get(), first.get());
  ASSERT_EQ(events->waitedOnHost.size(), 1u);
  EXPECT_EQ(events->waitedOnHost[0], lastUse);
  // A finished one is reused without waiting.
  ASSERT_FALSE(bool(cache.recordUse(*second, stream(7))));
  events->finish(lastUse);
  take(cache, 3);
  EXPECT_EQ(events->waitedOnHost.size(), 1u);
}

TEST_F(ArgumentSetCacheTest, LaunchesWaitForAnUnfinishedLastUseOnTheGpu) {
  ArgumentSetCache cache(events, 4);
  std::shared_ptr<ArgumentSet> set = take(cache, 1);
  // The tensor maps' copy (recorded as its use) may still be under way: a
  // launch on another stream waits for it, on the GPU.
  ASSERT_FALSE(bool(cache.recordUse(*set, stream(1))));
  ASSERT_FALSE(bool(cache.waitForLastUse(*set, stream(2))));
  ASSERT_EQ(events->waitedOnStream.size(), 1u);
  EXPECT_EQ(events->waitedOnStream[0].first, stream(2));
  EXPECT_EQ(events->waitedOnStream[0].second, set->lastUse);
  // Once it finished, nothing to wait for.
  events->finish(set->lastUse);
  ASSERT_FALSE(bool(cache.waitForLastUse(*set, stream(2))));
  EXPECT_EQ(events->waitedOnStream.size(), 1u);
  EXPECT_TRUE(events->waitedOnHost.empty());
}

TEST_F(ArgumentSetCacheTest, HeldSetsAreNeverReusedAndGoOnceReleased) {
  ArgumentSetCache cache(events, 2);
  std::shared_ptr<ArgumentSet> one = take(cache, 1);
  std::shared_ptr<ArgumentSet> two = take(cache, 2);
  ++one->holds; // As PreparedArguments do.
  ++two->holds;
  // Both held: a third set is new, beyond the limit.
  std::shared_ptr<ArgumentSet> three = take(cache, 3);
  EXPECT_NE(three.get(), one.get());
  EXPECT_NE(three.get(), two.get());
  EXPECT_EQ(cache.size(), 3u);
  // One held: the unheld one is reused.
  EXPECT_EQ(take(cache, 4).get(), three.get());
  EXPECT_EQ(cache.find(key(1)).get(), one.get());
  EXPECT_EQ(cache.find(key(2)).get(), two.get());
  // Released: the next new set brings the cache back to its limit.
  --one->holds;
  --two->holds;
  ASSERT_FALSE(bool(cache.recordUse(*one, stream(1))));
  take(cache, 5);
  EXPECT_EQ(cache.size(), 2u);
  // The one dropped was waited for first (its launch was queued).
  EXPECT_EQ(events->waitedOnHost.size(), 1u);
}

TEST_F(ArgumentSetCacheTest, DropForgetsAFailedFill) {
  ArgumentSetCache cache(events, 4);
  std::shared_ptr<ArgumentSet> set = take(cache, 1);
  cache.drop(set);
  EXPECT_EQ(cache.size(), 0u);
  EXPECT_EQ(cache.find(key(1)), nullptr);
  set.reset();
  EXPECT_EQ(events->destroyed, 1);
}

TEST(ArgumentSetKeyTest, ScalarsCompareByTheirBits) {
  // A NaN alpha is a value like any other: equal to itself, ordered.
  ArgumentSetKey nan = key(1), one = key(1);
  nan.alphaBits = 0x7fc00000u;
  one.alphaBits = 0x3f800000u;
  EXPECT_TRUE(nan == nan);
  EXPECT_FALSE(nan == one);
  EXPECT_NE(nan < one, one < nan);
}

} // namespace
