//===- ConcurrencyTest.cpp - one kernel compiled by many at once ----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Several threads of one GemmJit, and two processes (this test binary run
// again with a gtest filter on the helper test below), compile the same
// kernel into one cache directory: each gets a valid kernel, the compiler
// runs once in all, and one valid entry remains.
//
//===----------------------------------------------------------------------===//

#include "JitTestSupport.h"
#include "compiler/PtxAssembler.h"
#include "jit/CacheEntryFormat.h"
#include "jit/CacheKey.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/ThreadPool.h"

#include <atomic>
#include <chrono>
#include <thread>

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

/// The environment of ProcessesShareOneEntry's children: the shared cache
/// directory, the ptxas to use, a directory to meet in and report to, and
/// how many children meet there.
static constexpr const char *CacheVariable = "GEMM_OPT_JIT_TEST_CACHE";
static constexpr const char *PtxasVariable = "GEMM_OPT_JIT_TEST_PTXAS";
static constexpr const char *MeetingVariable = "GEMM_OPT_JIT_TEST_MEETING";
static constexpr int Children = 2;

/// Files in `directory` whose names start with `prefix`.
static std::vector<std::string> listFilesStartingWith(StringRef directory,
                                                      StringRef prefix) {
  return listFiles(directory,
                   [&](StringRef name) { return name.starts_with(prefix); });
}

/// Run by ProcessesShareOneEntry in child processes; does nothing unless
/// its environment names the shared directories. The children meet first,
/// so that they ask for the kernel at the same moment, then report how
/// many compiles each ran.
TEST(ConcurrencyHelper, CompileIntoSharedCache) {
  std::optional<std::string> directory = sys::Process::GetEnv(CacheVariable);
  std::optional<std::string> ptxas = sys::Process::GetEnv(PtxasVariable);
  std::optional<std::string> meeting = sys::Process::GetEnv(MeetingVariable);
  if (!directory || !ptxas || !meeting)
    GTEST_SKIP() << "only run as a child of ProcessesShareOneEntry";
  std::string pid = std::to_string(sys::Process::getProcessId());
  {
    std::error_code ec;
    raw_fd_ostream ready(*meeting + "/ready-" + pid, ec);
    ASSERT_FALSE(ec) << ec.message();
  }
  auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(2);
  while (listFilesStartingWith(*meeting, "ready-").size() < Children) {
    ASSERT_LT(std::chrono::steady_clock::now(), deadline)
        << "the other children never came";
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }

  JitOptions options;
  options.cacheDirectory = *directory;
  options.ptxasPath = *ptxas;
  GemmJit jit(options);
  auto kernel = jit.compile(getSyncSchedule());
  ASSERT_TRUE(bool(kernel)) << toString(kernel.takeError());
  EXPECT_EQ((*kernel)->getCompiled().cubin.substr(0, 4), "\x7f"
                                                         "ELF");
  std::error_code ec;
  raw_fd_ostream report(*meeting + "/compiles-" + pid, ec);
  ASSERT_FALSE(ec) << ec.message();
  report << jit.getStatistics().compiles;
}

TEST_F(ConcurrencyTest, ProcessesShareOneEntry) {
  // Two processes ask for one kernel at once: exactly one compiles it, the
  // other waits on the lock file and reads the entry. Each compile runs
  // ptxas through a wrapper that notes the run and takes a second longer,
  // so that without the lock both would compile.
  std::string self = sys::fs::getMainExecutable(gemmOptJitTestArgv0, nullptr);
  ASSERT_FALSE(self.empty());
  Expected<std::string> realPtxas = gemm_opt::findPtxas("");
  ASSERT_TRUE(bool(realPtxas)) << toString(realPtxas.takeError());
  SmallString<256> cache(directory), meeting(directory), ptxas(directory),
      runs(directory);
  sys::path::append(cache, "cache");
  sys::path::append(meeting, "meeting");
  sys::path::append(ptxas, "slow-ptxas.sh");
  sys::path::append(runs, "ptxas-runs");
  ASSERT_FALSE(sys::fs::create_directories(meeting));
  {
    std::error_code ec;
    raw_fd_ostream script(ptxas, ec);
    ASSERT_FALSE(ec) << ec.message();
    script << "#!/bin/sh\necho run >> '" << runs << "'\nsleep 1\nexec '"
           << *realPtxas << "' \"$@\"\n";
  }
  ASSERT_FALSE(sys::fs::setPermissions(
      ptxas, sys::fs::all_read | sys::fs::all_exe | sys::fs::owner_write));

  std::vector<StringRef> args{
      self, "--gtest_filter=ConcurrencyHelper.CompileIntoSharedCache"};
  std::vector<std::string> environmentStorage;
  for (char **variable = environ; *variable; ++variable)
    environmentStorage.push_back(*variable);
  environmentStorage.push_back(std::string(CacheVariable) + "=" +
                               cache.str().str());
  environmentStorage.push_back(std::string(PtxasVariable) + "=" +
                               ptxas.str().str());
  environmentStorage.push_back(std::string(MeetingVariable) + "=" +
                               meeting.str().str());
  std::vector<StringRef> environment(environmentStorage.begin(),
                                     environmentStorage.end());

  std::vector<sys::ProcessInfo> children;
  for (int i = 0; i < Children; ++i) {
    std::string error;
    bool failed = false;
    children.push_back(
        sys::ExecuteNoWait(self, args, environment, {}, 0, &error, &failed));
    ASSERT_FALSE(failed) << error;
  }
  for (sys::ProcessInfo &child : children) {
    std::string error;
    sys::ProcessInfo done = sys::Wait(child, 300u, &error);
    EXPECT_EQ(done.ReturnCode, 0) << error;
  }

  // One compile in all: one ptxas run, and the children's statistics agree.
  auto ptxasRuns = MemoryBuffer::getFile(runs);
  ASSERT_TRUE(bool(ptxasRuns)) << "ptxas never ran";
  EXPECT_EQ((*ptxasRuns)->getBuffer().count('\n'), 1u)
      << "ptxas ran for more than one process: the lock did not hold";
  unsigned compiles = 0;
  std::vector<std::string> reports =
      listFilesStartingWith(meeting, "compiles-");
  ASSERT_EQ(reports.size(), size_t(Children));
  for (const std::string &report : reports) {
    auto text = MemoryBuffer::getFile(report);
    ASSERT_TRUE(bool(text));
    unsigned count = 0;
    ASSERT_FALSE((*text)->getBuffer().getAsInteger(10, count));
    compiles += count;
  }
  EXPECT_EQ(compiles, 1u);

  auto entries = DiskCache(std::string(cache)).list();
  ASSERT_TRUE(bool(entries)) << toString(entries.takeError());
  ASSERT_EQ(entries->size(), 1u);
  EXPECT_TRUE((*entries)[0].valid);
  // The request file too: whole, and the same kernel.
  SmallVector<char, 0> requestBytes;
  ASSERT_TRUE(readCacheFile(
      DiskCache(std::string(cache))
          .getRequestPath(makeCacheKey(getSyncSchedule(), JitOptions())),
      requestBytes));
  auto request = deserializeCacheEntry(
      StringRef(requestBytes.data(), requestBytes.size()));
  ASSERT_TRUE(bool(request)) << toString(request.takeError());
  // And it serves a third compile without compiling.
  JitOptions options = getOptions();
  options.cacheDirectory = cache.str().str();
  GemmJit jit(options);
  ASSERT_TRUE(bool(jit.compile(getSyncSchedule())));
  EXPECT_EQ(jit.getStatistics().diskHits, 1u);
}

} // namespace
