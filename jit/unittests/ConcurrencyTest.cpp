//===- ConcurrencyTest.cpp - one kernel compiled by many at once ----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Several threads of one GemmJit, and two processes (this test binary run
// again with a gtest filter on the helper test below), compile the same
// kernel into one cache directory: each gets a valid kernel, the compiler
// runs once per process at most, and one valid entry remains.
//
//===----------------------------------------------------------------------===//

#include "JitTestSupport.h"
#include "jit/CacheEntryFormat.h"
#include "jit/CacheKey.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/ThreadPool.h"

#include <atomic>

using namespace gemm_opt::jit;
using namespace llvm;

extern const char *gemmOptJitTestArgv0;

namespace {

class ConcurrencyTest : public TemporaryCacheTest {};

TEST_F(ConcurrencyTest, ThreadsShareOneCompile) {
  GemmJit jit(getOptions());
  std::string schedule = getSyncSchedule();
  std::atomic<unsigned> failures{0};
  std::vector<GemmKernel *> kernels(4, nullptr);
  std::vector<std::shared_ptr<GemmKernel>> keep(4);
  DefaultThreadPool pool(hardware_concurrency(4));
  for (unsigned i = 0; i < 4; ++i)
    pool.async([&, i] {
      auto kernel = jit.compile(schedule);
      if (!kernel) {
        consumeError(kernel.takeError());
        ++failures;
        return;
      }
      keep[i] = *kernel;
    });
  pool.wait();
  EXPECT_EQ(failures.load(), 0u);
  for (unsigned i = 1; i < 4; ++i)
    EXPECT_EQ(keep[i].get(), keep[0].get());
  EXPECT_EQ(jit.getStatistics().compiles, 1u);
  auto entries = jit.getDiskCache()->list();
  ASSERT_TRUE(bool(entries));
  ASSERT_EQ(entries->size(), 1u);
  EXPECT_TRUE((*entries)[0].valid);
}

/// Run by ProcessesShareOneEntry in child processes; does nothing unless
/// GEMM_OPT_JIT_TEST_CACHE names the shared directory.
TEST(ConcurrencyHelper, CompileIntoSharedCache) {
  std::optional<std::string> directory =
      sys::Process::GetEnv("GEMM_OPT_JIT_TEST_CACHE");
  if (!directory)
    GTEST_SKIP() << "only run as a child of ProcessesShareOneEntry";
  JitOptions options;
  options.cacheDirectory = *directory;
  GemmJit jit(options);
  auto kernel = jit.compile(getSyncSchedule());
  ASSERT_TRUE(bool(kernel)) << toString(kernel.takeError());
  EXPECT_EQ((*kernel)->getCompiled().cubin.substr(0, 4), "\x7f" "ELF");
}

TEST_F(ConcurrencyTest, ProcessesShareOneEntry) {
  std::string self = sys::fs::getMainExecutable(gemmOptJitTestArgv0, nullptr);
  ASSERT_FALSE(self.empty());
  std::vector<StringRef> args{
      self, "--gtest_filter=ConcurrencyHelper.CompileIntoSharedCache"};
  std::string cacheVariable =
      "GEMM_OPT_JIT_TEST_CACHE=" + std::string(directory);
  std::vector<std::string> environmentStorage;
  for (char **variable = environ; *variable; ++variable)
    environmentStorage.push_back(*variable);
  environmentStorage.push_back(cacheVariable);
  std::vector<StringRef> environment(environmentStorage.begin(),
                                     environmentStorage.end());

  std::vector<sys::ProcessInfo> children;
  for (int i = 0; i < 2; ++i) {
    std::string error;
    bool failed = false;
    children.push_back(sys::ExecuteNoWait(self, args, environment, {}, 0,
                                          &error, &failed));
    ASSERT_FALSE(failed) << error;
  }
  for (sys::ProcessInfo &child : children) {
    std::string error;
    sys::ProcessInfo done =
        sys::Wait(child, 300u, &error);
    EXPECT_EQ(done.ReturnCode, 0) << error;
  }
  auto entries = DiskCache(std::string(directory)).list();
  ASSERT_TRUE(bool(entries)) << toString(entries.takeError());
  ASSERT_EQ(entries->size(), 1u);
  EXPECT_TRUE((*entries)[0].valid);
  // The request file too: whole, and the same kernel.
  SmallVector<char, 0> requestBytes;
  ASSERT_TRUE(readCacheFile(
      DiskCache(std::string(directory))
          .getRequestPath(makeCacheKey(getSyncSchedule(), "", 3, std::nullopt)),
      requestBytes));
  auto request = deserializeCacheEntry(
      StringRef(requestBytes.data(), requestBytes.size()));
  ASSERT_TRUE(bool(request)) << toString(request.takeError());
  // And it serves a third compile without compiling.
  GemmJit jit(getOptions());
  ASSERT_TRUE(bool(jit.compile(getSyncSchedule())));
  EXPECT_EQ(jit.getStatistics().diskHits, 1u);
}

} // namespace
