//===- DiskCacheLockTest.cpp - the disk cache's compile lock --------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// DiskCache::getOrCompile with a stand-in compile (no compiler): a live
// owner's lock is waited for, but never longer than the lock timeout; a
// lock older than that is taken over at once; two caches on one directory
// compile once; a directory that cannot be written still yields the kernel.
//
//===----------------------------------------------------------------------===//

#include "JitTestSupport.h"
#include "jit/DiskCache.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <chrono>
#include <thread>

using namespace gemm_opt::jit;
using namespace llvm;
using namespace std::chrono;

namespace {

class DiskCacheLockTest : public TemporaryCacheTest {
protected:
  static constexpr StringLiteral Key = "cache key";
  static constexpr StringLiteral Request = "request key";

  /// A kernel as a compile would return it (the cache only stores bytes).
  static CompiledKernel makeKernel() {
    return {Key.str(), "{\"name\": \"k\"}",
            "\x7f"
            "ELF cubin",
            "report"};
  }

  /// getOrCompile on a new cache in the directory (as another process
  /// would have), counting compiles (each takes `compileTime`) and hits;
  /// the time it took in `elapsed`.
  Expected<CompiledKernel>
  getOrCompile(DiskCacheAnswer &answer, seconds lockTimeout,
               milliseconds compileTime = milliseconds(0),
               steady_clock::duration *elapsed = nullptr) {
    DiskCache cache(cacheDirectory.empty() ? std::string(directory)
                                           : cacheDirectory,
                    lockTimeout);
    steady_clock::time_point start = steady_clock::now();
    Expected<CompiledKernel> kernel = cache.getOrCompile(
        Key, Request,
        [&]() -> Expected<CompiledKernel> {
          ++compiles;
          std::this_thread::sleep_for(compileTime);
          return makeKernel();
        },
        answer);
    if (elapsed)
      *elapsed = steady_clock::now() - start;
    if (kernel && answer.outcome == DiskCacheOutcome::Hit)
      ++hits;
    return kernel;
  }

  /// Holds the entry's lock as a live process would (this one), since
  /// `age` ago.
  void holdLock(seconds age) {
    lockPath = DiskCache(std::string(directory)).getEntryPath(Key) + ".lock";
    holdLockAsThisProcess(lockPath, age);
  }

  /// With the lock held since `lockAge` ago by an owner that never lets
  /// go, how long getOrCompile takes (it must succeed).
  steady_clock::duration timeBehindLock(seconds lockAge, seconds lockTimeout,
                                        DiskCacheAnswer &answer) {
    holdLock(lockAge);
    steady_clock::duration elapsed{};
    Expected<CompiledKernel> kernel =
        getOrCompile(answer, lockTimeout, milliseconds(0), &elapsed);
    EXPECT_TRUE(bool(kernel)) << toString(kernel.takeError());
    EXPECT_EQ(compiles.load(), 1u);
    return elapsed;
  }

  std::atomic<unsigned> compiles{0}, hits{0};
  std::string lockPath;
  std::string cacheDirectory; ///< Empty: the fixture's directory.
};

TEST_F(DiskCacheLockTest, StaleLockOfALiveProcessIsTakenOverAtOnce) {
  // Held by this (live) process, written an hour ago: its owner is hung.
  // Waiting for it used to take 300 s.
  DiskCacheAnswer answer;
  EXPECT_LT(timeBehindLock(hours(1), seconds(60), answer), seconds(10));
  EXPECT_EQ(answer.outcome, DiskCacheOutcome::Compiled);
  EXPECT_NE(answer.staleLock.find("stale"), std::string::npos)
      << answer.staleLock;
  EXPECT_TRUE(answer.notStored.empty()) << answer.notStored;
  // Stored, and the lock is gone (taken over, then released).
  EXPECT_TRUE(DiskCache(std::string(directory)).read(Key).has_value());
  EXPECT_FALSE(sys::fs::exists(lockPath));
}

TEST_F(DiskCacheLockTest, WaitForALiveOwnerIsBoundedByTheTimeout) {
  // A fresh lock whose owner never lets go: waited for until it turns stale
  // (2 s here), not 300 s.
  DiskCacheAnswer answer;
  steady_clock::duration elapsed =
      timeBehindLock(seconds(0), seconds(2), answer);
  EXPECT_GE(elapsed, seconds(1));
  EXPECT_LT(elapsed, seconds(20));
  EXPECT_FALSE(answer.staleLock.empty());
}

TEST_F(DiskCacheLockTest, OwnerThatFinishesServesItsEntry) {
  holdLock(seconds(0));
  // The "owner" writes the entry and lets go after half a second.
  std::thread owner([&] {
    std::this_thread::sleep_for(milliseconds(500));
    EXPECT_FALSE(
        bool(DiskCache(std::string(directory)).write(makeKernel(), Request)));
    EXPECT_FALSE(sys::fs::remove(lockPath));
  });
  DiskCacheAnswer answer;
  steady_clock::duration elapsed;
  Expected<CompiledKernel> kernel =
      getOrCompile(answer, seconds(60), milliseconds(0), &elapsed);
  owner.join();
  ASSERT_TRUE(bool(kernel)) << toString(kernel.takeError());
  EXPECT_EQ(compiles.load(), 0u);
  EXPECT_EQ(answer.outcome, DiskCacheOutcome::Hit);
  EXPECT_TRUE(answer.staleLock.empty()) << answer.staleLock;
  EXPECT_LT(elapsed, seconds(30));
}

TEST_F(DiskCacheLockTest, TwoCachesOnOneDirectoryCompileOnce) {
  // Two DiskCache objects (as two processes would have): the second waits
  // on the first's lock file and reads its entry.
  auto ask = [&] {
    DiskCacheAnswer answer;
    Expected<CompiledKernel> kernel =
        getOrCompile(answer, seconds(60), milliseconds(1500));
    EXPECT_TRUE(bool(kernel));
    if (!kernel)
      consumeError(kernel.takeError());
  };
  std::thread first(ask), second(ask);
  first.join();
  second.join();
  EXPECT_EQ(compiles.load(), 1u);
  EXPECT_EQ(hits.load(), 1u);
}

TEST_F(DiskCacheLockTest, UnwritableDirectoryStillYieldsTheKernel) {
  // A directory under a regular file cannot be created, whoever we are.
  cacheDirectory = createRegularFile(directory, "a-file") + "/cache";
  DiskCacheAnswer answer;
  Expected<CompiledKernel> kernel = getOrCompile(answer, seconds(60));
  ASSERT_TRUE(bool(kernel)) << toString(kernel.takeError());
  EXPECT_EQ(kernel->cubin, makeKernel().cubin);
  EXPECT_EQ(answer.outcome, DiskCacheOutcome::Compiled);
  EXPECT_NE(answer.notStored.find("cannot create"), std::string::npos)
      << answer.notStored;
}

} // namespace
