//===- SplitKWorkspacesTest.cpp - split-K workspaces of the JIT launch ----===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// SplitKWorkspaces (what GemmKernel::launch uses for split_k kernels) on a
// fake device that records its calls: one allocation per shape, counters
// zeroed once on the first launch's stream, reuse whatever the stream,
// launches ordered by the workspace's event, threads taking turns, and
// clean failures. No GPU needed.
//
//===----------------------------------------------------------------------===//

#include "jit/SplitKWorkspaces.h"

#include "SplitKSpec.h"

#include "runtime/RuntimeError.h"
#include "runtime/unittests/TestBundles.h"

#include "gtest/gtest.h"

#include <atomic>
#include <thread>
#include <vector>

using namespace llvm;
using namespace gemm_opt::jit;
using namespace gemm_opt::runtime;

namespace {

/// Records every call; memory is addresses counted up from 0x1000 (never
/// dereferenced), streams and events are opaque numbers.
class FakeDevice final : public WorkspaceDevice {
public:
  struct Counts {
    int allocations = 0, releases = 0, zeroes = 0, events = 0,
        destroyedEvents = 0, waits = 0, records = 0;
  };

  explicit FakeDevice(std::shared_ptr<Counts> counts) : counts(counts) {}

  Expected<uint64_t> allocate(size_t bytes) override {
    std::lock_guard<std::mutex> guard(mutex);
    if (failAllocation && counts->allocations + 1 == failAllocation) {
      failAllocation = 0;
      return makeCudaFailureError("out of device memory (fake)");
    }
    ++counts->allocations;
    allocatedBytes.push_back(bytes);
    uint64_t address = next;
    next += (bytes + 255) / 256 * 256 + 256;
    return address;
  }
  void release(uint64_t) override {
    std::lock_guard<std::mutex> guard(mutex);
    ++counts->releases;
  }
  Error zero(uint64_t address, size_t bytes, cudaStream_t stream) override {
    std::lock_guard<std::mutex> guard(mutex);
    ++counts->zeroes;
    zeroed.push_back({address, bytes, stream});
    return Error::success();
  }
  Expected<cudaEvent_t> createEvent() override {
    std::lock_guard<std::mutex> guard(mutex);
    ++counts->events;
    return reinterpret_cast<cudaEvent_t>(uintptr_t(0xe000 + counts->events));
  }
  void destroyEvent(cudaEvent_t) override {
    std::lock_guard<std::mutex> guard(mutex);
    ++counts->destroyedEvents;
  }
  Error wait(cudaStream_t stream, cudaEvent_t event) override {
    std::lock_guard<std::mutex> guard(mutex);
    ++counts->waits;
    // A launch waits for the last use's record, which must exist.
    EXPECT_EQ(event, lastRecorded);
    waitedBy.push_back(stream);
    return Error::success();
  }
  Error record(cudaEvent_t event, cudaStream_t stream) override {
    std::lock_guard<std::mutex> guard(mutex);
    ++counts->records;
    lastRecorded = event;
    recordedOn.push_back(stream);
    return Error::success();
  }

  struct Zeroed {
    uint64_t address;
    size_t bytes;
    cudaStream_t stream;
  };
  std::shared_ptr<Counts> counts;
  std::mutex mutex;
  int failAllocation = 0; ///< Fail the n-th allocation (1-based), once.
  uint64_t next = 0x1000;
  std::vector<size_t> allocatedBytes;
  std::vector<Zeroed> zeroed;
  std::vector<cudaStream_t> waitedBy, recordedOn;
  cudaEvent_t lastRecorded = nullptr;
};

cudaStream_t stream(uintptr_t id) { return reinterpret_cast<cudaStream_t>(id); }

class SplitKWorkspacesTest : public ::testing::Test {
protected:
  void SetUp() override {
    counts = std::make_shared<FakeDevice::Counts>();
    auto owned = std::make_unique<FakeDevice>(counts);
    device = owned.get();
    workspaces.emplace(std::move(owned));
    spec = makeSplitKSpec();
    ASSERT_EQ(spec.parameters.size(), 5u);
  }

  std::shared_ptr<FakeDevice::Counts> counts;
  FakeDevice *device = nullptr;
  std::optional<SplitKWorkspaces> workspaces;
  KernelSpec spec;
};

TEST_F(SplitKWorkspacesTest, FirstLaunchAllocatesAndZeroesTheCounters) {
  // 16x4096x4096: 1 x 32 tiles of 64x128, 4 slices of 16x4096 floats.
  GemmShape shape = GemmShape::get(16, 4096, 4096);
  Expected<SplitKWorkspaces::Use> use =
      workspaces->acquire(spec, shape, stream(1));
  ASSERT_TRUE(bool(use)) << toString(use.takeError());
  const WorkspaceAddresses &addresses = use->getAddresses();
  EXPECT_EQ(addresses.partialCount, 4 * 16 * 4096);
  EXPECT_EQ(addresses.tileCount, 32);
  EXPECT_NE(addresses.partials, 0u);
  EXPECT_NE(addresses.tileCounters, 0u);
  EXPECT_NE(addresses.partials, addresses.tileCounters);
  ASSERT_EQ(device->allocatedBytes.size(), 2u);
  EXPECT_EQ(device->allocatedBytes[0], size_t(4 * 16 * 4096) * 4);
  EXPECT_EQ(device->allocatedBytes[1], size_t(32) * 4);
  // Only the counters are zeroed, on the launch's stream, before it.
  ASSERT_EQ(device->zeroed.size(), 1u);
  EXPECT_EQ(device->zeroed[0].address, addresses.tileCounters);
  EXPECT_EQ(device->zeroed[0].bytes, size_t(32) * 4);
  EXPECT_EQ(device->zeroed[0].stream, stream(1));
  EXPECT_EQ(counts->waits, 0);
  EXPECT_EQ(counts->records, 0);
  ASSERT_FALSE(bool(use->finish()));
  EXPECT_EQ(counts->records, 1);
  ASSERT_EQ(device->recordedOn.size(), 1u);
  EXPECT_EQ(device->recordedOn[0], stream(1));
  // finish() is once: again is a no-op, as is the destructor afterwards.
  ASSERT_FALSE(bool(use->finish()));
  EXPECT_EQ(counts->records, 1);
  EXPECT_EQ(workspaces->size(), 1u);
}

TEST_F(SplitKWorkspacesTest, LaterLaunchesOfTheShapeReuseItAndWaitTheirTurn) {
  GemmShape shape = GemmShape::get(1024, 1024, 8192);
  uint64_t partials = 0;
  for (uintptr_t launch = 1; launch <= 5; ++launch) {
    // Other K, another stream: the same workspace.
    GemmShape same = GemmShape::get(1024, 1024, 1024 * launch);
    Expected<SplitKWorkspaces::Use> use =
        workspaces->acquire(spec, launch == 1 ? shape : same, stream(launch));
    ASSERT_TRUE(bool(use)) << toString(use.takeError());
    if (launch == 1)
      partials = use->getAddresses().partials;
    EXPECT_EQ(use->getAddresses().partials, partials);
    ASSERT_FALSE(bool(use->finish()));
  }
  EXPECT_EQ(counts->allocations, 2);
  EXPECT_EQ(counts->zeroes, 1);
  EXPECT_EQ(counts->events, 1);
  // Launches 2..5 each waited, on their own stream, for the one before.
  EXPECT_EQ(counts->waits, 4);
  EXPECT_EQ(counts->records, 5);
  std::vector<cudaStream_t> expectedWaits = {stream(2), stream(3), stream(4),
                                             stream(5)};
  EXPECT_EQ(device->waitedBy, expectedWaits);
  EXPECT_EQ(workspaces->size(), 1u);

  // Another M×N is another workspace.
  Expected<SplitKWorkspaces::Use> other =
      workspaces->acquire(spec, GemmShape::get(1024, 2048, 8192), stream(1));
  ASSERT_TRUE(bool(other)) << toString(other.takeError());
  EXPECT_NE(other->getAddresses().partials, partials);
  EXPECT_EQ(other->getAddresses().tileCount, 16 * 16);
  EXPECT_EQ(counts->allocations, 4);
  EXPECT_EQ(counts->zeroes, 2);
  EXPECT_EQ(workspaces->size(), 2u);
}

TEST_F(SplitKWorkspacesTest, AnUnfinishedUseIsRecordedWhenDestroyed) {
  GemmShape shape = GemmShape::get(256, 256, 256);
  {
    Expected<SplitKWorkspaces::Use> use =
        workspaces->acquire(spec, shape, stream(7));
    ASSERT_TRUE(bool(use)) << toString(use.takeError());
  }
  EXPECT_EQ(counts->records, 1);
  // The next use waits for it (and does not deadlock on the lock).
  Expected<SplitKWorkspaces::Use> next =
      workspaces->acquire(spec, shape, stream(8));
  ASSERT_TRUE(bool(next)) << toString(next.takeError());
  EXPECT_EQ(counts->waits, 1);
}

TEST_F(SplitKWorkspacesTest, ThreadsShareOneWorkspaceAndTakeTurns) {
  GemmShape shape = GemmShape::get(128, 4096, 4096);
  constexpr int threads = 8, launches = 50;
  std::atomic<int> holding{0}, overlaps{0}, failures{0};
  std::atomic<uint64_t> firstPartials{0};
  std::vector<std::thread> workers;
  for (int t = 0; t < threads; ++t)
    workers.emplace_back([&, t] {
      for (int i = 0; i < launches; ++i) {
        Expected<SplitKWorkspaces::Use> use =
            workspaces->acquire(spec, shape, stream(100 + t));
        if (!use) {
          consumeError(use.takeError());
          ++failures;
          continue;
        }
        if (holding.fetch_add(1) != 0)
          ++overlaps;
        uint64_t expected = 0;
        uint64_t partials = use->getAddresses().partials;
        if (!firstPartials.compare_exchange_strong(expected, partials) &&
            expected != partials)
          ++failures;
        std::this_thread::yield();
        holding.fetch_sub(1);
        if (Error error = use->finish()) {
          consumeError(std::move(error));
          ++failures;
        }
      }
    });
  for (std::thread &worker : workers)
    worker.join();
  EXPECT_EQ(failures.load(), 0);
  EXPECT_EQ(overlaps.load(), 0) << "two launches held the workspace at once";
  EXPECT_EQ(counts->allocations, 2);
  EXPECT_EQ(counts->zeroes, 1);
  EXPECT_EQ(counts->records, threads * launches);
  EXPECT_EQ(counts->waits, threads * launches - 1);
  EXPECT_EQ(workspaces->size(), 1u);
}

TEST_F(SplitKWorkspacesTest, FailedAllocationLeavesNothingAndIsRetried) {
  GemmShape shape = GemmShape::get(512, 512, 512);
  device->failAllocation = 2; // The counters.
  Expected<SplitKWorkspaces::Use> failed =
      workspaces->acquire(spec, shape, stream(1));
  ASSERT_FALSE(bool(failed));
  EXPECT_NE(toString(failed.takeError()).find("out of device memory"),
            std::string::npos);
  EXPECT_EQ(counts->allocations, 1);
  EXPECT_EQ(counts->releases, 1); // The partial sums went back.
  EXPECT_EQ(counts->zeroes, 0);
  EXPECT_EQ(workspaces->size(), 0u);
  Expected<SplitKWorkspaces::Use> retried =
      workspaces->acquire(spec, shape, stream(1));
  ASSERT_TRUE(bool(retried)) << toString(retried.takeError());
  EXPECT_EQ(counts->zeroes, 1);
  EXPECT_EQ(counts->waits, 0);
  EXPECT_EQ(workspaces->size(), 1u);
}

TEST_F(SplitKWorkspacesTest, KernelsWithoutSplitKAreRefused) {
  KernelSpec plain = test::parseSingleKernel(test::makeValidKernel());
  Expected<SplitKWorkspaces::Use> use =
      workspaces->acquire(plain, GemmShape::get(256, 512, 64), stream(1));
  ASSERT_FALSE(bool(use));
  std::string message = toString(use.takeError());
  EXPECT_NE(message.find("takes no split_k workspace"), std::string::npos)
      << message;
  EXPECT_EQ(counts->allocations, 0);
}

TEST_F(SplitKWorkspacesTest, DestructionReleasesMemoryAndEvents) {
  for (int64_t m : {64, 128, 192}) {
    Expected<SplitKWorkspaces::Use> use =
        workspaces->acquire(spec, GemmShape::get(m, 1024, 1024), stream(1));
    ASSERT_TRUE(bool(use)) << toString(use.takeError());
  }
  EXPECT_EQ(counts->allocations, 6);
  workspaces.reset();
  EXPECT_EQ(counts->releases, 6);
  EXPECT_EQ(counts->destroyedEvents, 3);
}

} // namespace
