//===- CacheTest.cpp - memory and disk kernel cache -----------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "JitTestSupport.h"
#include "jit/CacheEntryFormat.h"
#include "jit/CacheKey.h"
#include "jit/DiskCache.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cstdlib>
#include <optional>
#include <string>

using namespace gemm_opt::jit;
using namespace llvm;

namespace {

class CacheTest : public TemporaryCacheTest {
protected:
  /// Compiles the sync schedule with a fresh GemmJit (empty memory cache).
  JitStatistics compileFresh(const CompiledKernel **compiledOut = nullptr) {
    GemmJit jit(getOptions());
    auto kernel = jit.compile(getSyncSchedule());
    EXPECT_TRUE(bool(kernel)) << toString(kernel.takeError());
    if (kernel && compiledOut) {
      kept = *kernel;
      *compiledOut = &kept->getCompiled();
    }
    return jit.getStatistics();
  }

  std::vector<DiskCacheEntryInfo> listEntries() {
    auto entries = DiskCache(std::string(directory)).list();
    EXPECT_TRUE(bool(entries)) << toString(entries.takeError());
    return entries ? *entries : std::vector<DiskCacheEntryInfo>{};
  }

  std::shared_ptr<GemmKernel> kept;
};

TEST_F(CacheTest, MissThenMemoryHitThenDiskHit) {
  GemmJit jit(getOptions());
  auto first = jit.compile(getSyncSchedule());
  ASSERT_TRUE(bool(first)) << toString(first.takeError());
  EXPECT_EQ(jit.getStatistics().compiles, 1u);
  auto second = jit.compile(getSyncSchedule());
  ASSERT_TRUE(bool(second));
  EXPECT_EQ(first->get(), second->get());
  EXPECT_EQ(jit.getStatistics().memoryHits, 1u);
  EXPECT_EQ(jit.getStatistics().compiles, 1u);

  // Another spelling of the same schedule (comment, blank lines): the
  // canonical key matches.
  auto respelled = jit.compile("// same kernel\n\n" + getSyncSchedule());
  ASSERT_TRUE(bool(respelled));
  EXPECT_EQ(first->get(), respelled->get());
  EXPECT_EQ(jit.getStatistics().compiles, 1u);

  // A new GemmJit (new process, in effect) reads the disk entry.
  JitStatistics fresh = compileFresh();
  EXPECT_EQ(fresh.compiles, 0u);
  EXPECT_EQ(fresh.diskHits, 1u);
  std::vector<DiskCacheEntryInfo> entries = listEntries();
  ASSERT_EQ(entries.size(), 1u);
  EXPECT_TRUE(entries[0].valid);
}

TEST_F(CacheTest, CorruptedEntryIsDetectedAndRebuilt) {
  const CompiledKernel *original = nullptr;
  ASSERT_EQ(compileFresh(&original).compiles, 1u);
  std::string goodCubin = original->cubin;
  std::vector<DiskCacheEntryInfo> entries = listEntries();
  ASSERT_EQ(entries.size(), 1u);

  // Flip one byte in the middle of the payload (inside the cubin).
  {
    auto bytes = MemoryBuffer::getFile(entries[0].path, false, false);
    ASSERT_TRUE(bool(bytes));
    std::string data = (*bytes)->getBuffer().str();
    bytes->reset(); // Unmap before rewriting.
    data[data.size() - 100] ^= 0x5a;
    std::error_code ec;
    raw_fd_ostream os(entries[0].path, ec);
    ASSERT_FALSE(ec);
    os << data;
  }
  EXPECT_FALSE(listEntries()[0].valid);

  const CompiledKernel *rebuilt = nullptr;
  JitStatistics stats = compileFresh(&rebuilt);
  EXPECT_EQ(stats.corruptEntries, 1u);
  EXPECT_EQ(stats.compiles, 1u);
  EXPECT_EQ(stats.diskHits, 0u);
  ASSERT_NE(rebuilt, nullptr);
  EXPECT_EQ(rebuilt->cubin, goodCubin);
  entries = listEntries();
  ASSERT_EQ(entries.size(), 1u);
  EXPECT_TRUE(entries[0].valid);
  EXPECT_EQ(compileFresh().diskHits, 1u);
}

TEST_F(CacheTest, TruncatedEntryIsDetectedAndRebuilt) {
  ASSERT_EQ(compileFresh().compiles, 1u);
  std::vector<DiskCacheEntryInfo> entries = listEntries();
  ASSERT_EQ(entries.size(), 1u);
  {
    auto bytes = MemoryBuffer::getFile(entries[0].path, false, false);
    ASSERT_TRUE(bool(bytes));
    std::string half =
        (*bytes)->getBuffer().take_front(entries[0].bytes / 2).str();
    bytes->reset(); // Unmap before truncating.
    std::error_code ec;
    raw_fd_ostream os(entries[0].path, ec);
    ASSERT_FALSE(ec);
    os << half;
  }
  EXPECT_FALSE(listEntries()[0].valid);

  JitStatistics stats = compileFresh();
  EXPECT_EQ(stats.corruptEntries, 1u);
  EXPECT_EQ(stats.compiles, 1u);
  entries = listEntries();
  ASSERT_EQ(entries.size(), 1u);
  EXPECT_TRUE(entries[0].valid);
}

/// Files in the cache directory with this extension.
static std::vector<std::string> listFiles(StringRef directory,
                                          StringRef extension) {
  return gemm_opt::jit::listFiles(
      directory, [&](StringRef name) { return name.ends_with(extension); });
}

/// The bytes of `path`.
static std::string readBytes(StringRef path) {
  SmallVector<char, 0> bytes;
  EXPECT_TRUE(readCacheFile(path.str(), bytes)) << path.str();
  return std::string(bytes.begin(), bytes.end());
}

/// Replaces `path` by a new file (a new inode: a hard link to the old one
/// keeps the old bytes) holding `bytes`.
static void replaceFile(StringRef path, StringRef bytes) {
  ASSERT_FALSE(sys::fs::remove(path));
  std::error_code ec;
  raw_fd_ostream os(path, ec);
  ASSERT_FALSE(ec);
  os << bytes;
}

TEST_F(CacheTest, RequestFileAndEntryAreOneFile) {
  const CompiledKernel *compiled = nullptr;
  ASSERT_EQ(compileFresh(&compiled).compiles, 1u);
  std::vector<std::string> requests = listFiles(directory, ".request");
  std::vector<DiskCacheEntryInfo> entries = listEntries();
  ASSERT_EQ(requests.size(), 1u);
  ASSERT_EQ(entries.size(), 1u);
  sys::fs::UniqueID requestId, entryId;
  ASSERT_FALSE(sys::fs::getUniqueID(requests[0], requestId));
  ASSERT_FALSE(sys::fs::getUniqueID(entries[0].path, entryId));
  EXPECT_EQ(requestId, entryId); // Hard links: the kernel is stored once.
  auto entry = deserializeCacheEntry(readBytes(requests[0]));
  ASSERT_TRUE(bool(entry)) << toString(entry.takeError());
  EXPECT_EQ(entry->kernel.cacheKey, compiled->cacheKey);
  EXPECT_EQ(entry->kernel.cubin, compiled->cubin);
  EXPECT_NE(entry->requestKey.find(getSyncSchedule()), std::string::npos);
}

TEST_F(CacheTest, DiskHitKernelParsesItsMetadataOnFirstUse) {
  const CompiledKernel *compiled = nullptr;
  ASSERT_EQ(compileFresh(&compiled).compiles, 1u);
  std::string name = llvm::cantFail(kept->getSpec()).name;
  GemmJit jit(getOptions());
  auto kernel = jit.compile(getSyncSchedule());
  ASSERT_TRUE(bool(kernel)) << toString(kernel.takeError());
  EXPECT_EQ(jit.getStatistics().diskHits, 1u);
  EXPECT_EQ(llvm::cantFail((*kernel)->getSpec()).name, name);
  auto check = [](GemmKernel &kernel, const GemmArguments &args) {
    Error error = kernel.checkArguments(args);
    return error ? toString(std::move(error)) : std::string();
  };
  GemmArguments args;
  args.a = reinterpret_cast<const void *>(0x10000000);
  args.b = reinterpret_cast<const void *>(0x20000000);
  args.c = reinterpret_cast<void *>(0x30000000);
  args.m = 256;
  args.n = 512;
  args.k = 64;
  EXPECT_EQ(check(**kernel, args), "");
  args.alpha = 2.0f; // The schedule has no alpha/beta epilogue.
  EXPECT_NE(check(**kernel, args).find("alpha/beta"), std::string::npos);

  // Metadata that does not parse (impossible for a checked entry) is an
  // error at first use, not a crash.
  std::shared_ptr<GemmKernel> broken =
      GemmKernel::createParsedLater({"key", "{\"name\": ",
                                     "\x7f"
                                     "ELF",
                                     "report"});
  std::string error = check(*broken, args);
  EXPECT_NE(error.find("does not parse"), std::string::npos);
}

TEST_F(CacheTest, CorruptRequestFileFallsBackToTheCacheKey) {
  ASSERT_EQ(compileFresh().compiles, 1u);
  std::vector<std::string> requests = listFiles(directory, ".request");
  ASSERT_EQ(requests.size(), 1u);
  std::string good = readBytes(requests[0]);
  std::string flipped = good;
  flipped[flipped.size() / 2] ^= 0x20;
  replaceFile(requests[0], flipped);
  // The kernel is still found under its cache key (after a parse).
  JitStatistics stats = compileFresh();
  EXPECT_EQ(stats.compiles, 0u);
  EXPECT_EQ(stats.diskHits, 1u);
  EXPECT_EQ(stats.corruptEntries, 1u);
  // And the request file is whole again (a copy now).
  auto entry = deserializeCacheEntry(readBytes(requests[0]));
  ASSERT_TRUE(bool(entry)) << toString(entry.takeError());
  stats = compileFresh();
  EXPECT_EQ(stats.diskHits, 1u);
  EXPECT_EQ(stats.corruptEntries, 0u);
}

TEST_F(CacheTest, TruncatedRequestFileFallsBackToTheCacheKey) {
  ASSERT_EQ(compileFresh().compiles, 1u);
  std::vector<std::string> requests = listFiles(directory, ".request");
  ASSERT_EQ(requests.size(), 1u);
  std::string good = readBytes(requests[0]);
  for (size_t keep :
       {size_t(0), size_t(20), good.size() / 2, good.size() - 1}) {
    replaceFile(requests[0], StringRef(good).take_front(keep));
    JitStatistics stats = compileFresh();
    EXPECT_EQ(stats.compiles, 0u) << keep;
    EXPECT_EQ(stats.diskHits, 1u) << keep;
    EXPECT_EQ(stats.corruptEntries, 1u) << keep;
    EXPECT_TRUE(bool(deserializeCacheEntry(readBytes(requests[0]))));
  }
}

TEST_F(CacheTest, OtherFormatVersionIsAMiss) {
  ASSERT_EQ(compileFresh().compiles, 1u);
  std::vector<std::string> requests = listFiles(directory, ".request");
  std::vector<DiskCacheEntryInfo> entries = listEntries();
  ASSERT_EQ(requests.size(), 1u);
  ASSERT_EQ(entries.size(), 1u);
  // A whole file of format version 1 under both names.
  std::string other = readBytes(requests[0]);
  other[7] = '1';
  ASSERT_TRUE(hasOtherFormatVersion(other));
  replaceFile(requests[0], other);
  replaceFile(entries[0].path, other);
  EXPECT_FALSE(listEntries()[0].valid);
  JitStatistics stats = compileFresh();
  EXPECT_EQ(stats.compiles, 1u);
  EXPECT_EQ(stats.diskHits, 0u);
  EXPECT_EQ(stats.corruptEntries, 0u); // A miss, not corruption.
  EXPECT_TRUE(listEntries()[0].valid);
  EXPECT_EQ(compileFresh().diskHits, 1u);
}

TEST_F(CacheTest, RequestFileOutlivesItsEntry) {
  ASSERT_EQ(compileFresh().compiles, 1u);
  std::vector<DiskCacheEntryInfo> entries = listEntries();
  ASSERT_EQ(entries.size(), 1u);
  ASSERT_FALSE(sys::fs::remove(entries[0].path));
  // The request file holds the whole kernel: no parse, no compile.
  JitStatistics stats = compileFresh();
  EXPECT_EQ(stats.diskHits, 1u);
  EXPECT_EQ(stats.compiles, 0u);
}

TEST_F(CacheTest, EachSpellingGetsItsOwnRequestFile) {
  ASSERT_EQ(compileFresh().compiles, 1u);
  std::string respelled = "// same kernel\n" + getSyncSchedule();
  {
    GemmJit jit(getOptions());
    ASSERT_TRUE(bool(jit.compile(respelled)));
    EXPECT_EQ(jit.getStatistics().compiles, 0u);
    EXPECT_EQ(jit.getStatistics().diskHits, 1u); // Under the cache key.
  }
  std::vector<std::string> requests = listFiles(directory, ".request");
  ASSERT_EQ(requests.size(), 2u);
  EXPECT_EQ(listEntries().size(), 1u);

  // A request file that holds another request's key (as a hash collision
  // would) is a miss, not corruption.
  DiskCache cache{std::string(directory)};
  std::string original =
      cache.getRequestPath(makeCacheKey(getSyncSchedule(), JitOptions()));
  std::string other =
      cache.getRequestPath(makeCacheKey(respelled, JitOptions()));
  replaceFile(original, readBytes(other));
  JitStatistics stats = compileFresh();
  EXPECT_EQ(stats.compiles, 0u);
  EXPECT_EQ(stats.diskHits, 1u);
  EXPECT_EQ(stats.corruptEntries, 0u);
  auto entry = deserializeCacheEntry(readBytes(original));
  ASSERT_TRUE(bool(entry));
  EXPECT_EQ(entry->requestKey, makeCacheKey(getSyncSchedule(), JitOptions()));
}

/// Options whose warnings land in `warnings`.
static JitOptions collectingWarnings(JitOptions options,
                                     std::vector<std::string> &warnings) {
  options.warningHandler = [&warnings](StringRef message) {
    warnings.push_back(message.str());
  };
  return options;
}

TEST_F(CacheTest, UncreatableCacheDirectoryRunsFromMemoryAndWarnsOnce) {
  // A cache directory under a regular file cannot be created, even by root.
  std::string file = createRegularFile(directory, "a-file");
  std::vector<std::string> warnings;
  JitOptions options = collectingWarnings(getOptions(), warnings);
  options.cacheDirectory = file + "/gemm-opt";
  GemmJit jit(options);
  auto first = jit.compile(getSyncSchedule());
  ASSERT_TRUE(bool(first)) << toString(first.takeError());
  EXPECT_EQ((*first)->getCompiled().cubin.substr(0, 4), "\x7f"
                                                        "ELF");
  auto second = jit.compile(readExample("gemm_f16_sm90.mlir"));
  ASSERT_TRUE(bool(second)) << toString(second.takeError());
  auto again = jit.compile(getSyncSchedule());
  ASSERT_TRUE(bool(again));
  EXPECT_EQ(again->get(), first->get()); // From memory.
  EXPECT_EQ(jit.getStatistics().compiles, 2u);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_NE(warnings[0].find("cannot create the kernel cache directory"),
            std::string::npos)
      << warnings[0];
  EXPECT_NE(warnings[0].find("memory only"), std::string::npos) << warnings[0];
}

TEST_F(CacheTest, ReadOnlyCacheDirectoryRunsFromMemoryAndWarnsOnce) {
  ASSERT_FALSE(sys::fs::setPermissions(
      directory, sys::fs::perms(0555))); // r-x for everyone
  // Root writes through 0555 (CI runs as root): nothing to test then.
  SmallString<256> probe(directory);
  sys::path::append(probe, "probe");
  std::error_code ec;
  { raw_fd_ostream os(probe, ec); }
  if (!ec) {
    (void)sys::fs::remove(probe);
    (void)sys::fs::setPermissions(directory, sys::fs::all_all);
    GTEST_SKIP() << "chmod 0555 does not stop this user from writing (root)";
  }
  std::vector<std::string> warnings;
  GemmJit jit(collectingWarnings(getOptions(), warnings));
  auto first = jit.compile(getSyncSchedule());
  auto second = jit.compile(readExample("gemm_f16_sm90.mlir"));
  (void)sys::fs::setPermissions(directory, sys::fs::all_all);
  ASSERT_TRUE(bool(first)) << toString(first.takeError());
  ASSERT_TRUE(bool(second)) << toString(second.takeError());
  EXPECT_EQ(jit.getStatistics().compiles, 2u);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_NE(warnings[0].find("memory only"), std::string::npos) << warnings[0];
  EXPECT_TRUE(listEntries().empty());
}

TEST_F(CacheTest, StaleLockIsTakenOverWithAWarning) {
  // Learn the kernel's cache key, then empty the disk cache.
  std::string cacheKey;
  {
    GemmJit jit(getOptions());
    auto kernel = jit.compile(getSyncSchedule());
    ASSERT_TRUE(bool(kernel)) << toString(kernel.takeError());
    cacheKey = (*kernel)->getCompiled().cacheKey;
    ASSERT_FALSE(bool(jit.clearCache()));
  }
  // The kernel's lock, held by this live process since an hour ago.
  std::string lockPath =
      DiskCache(std::string(directory)).getEntryPath(cacheKey) + ".lock";
  holdLockAsThisProcess(lockPath, std::chrono::hours(1));

  std::vector<std::string> warnings;
  JitOptions options = collectingWarnings(getOptions(), warnings);
  options.cacheLockTimeout = std::chrono::seconds(30);
  GemmJit jit(options);
  auto start = std::chrono::steady_clock::now();
  auto kernel = jit.compile(getSyncSchedule());
  ASSERT_TRUE(bool(kernel)) << toString(kernel.takeError());
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(25));
  EXPECT_EQ(jit.getStatistics().compiles, 1u);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_NE(warnings[0].find("stale"), std::string::npos) << warnings[0];
  EXPECT_EQ(listEntries().size(), 1u);
}

TEST_F(CacheTest, DisabledByOptionCompilesEveryTime) {
  JitOptions options = getOptions();
  options.enableCache = false;
  GemmJit jit(options);
  ASSERT_TRUE(bool(jit.compile(getSyncSchedule())));
  ASSERT_TRUE(bool(jit.compile(getSyncSchedule())));
  EXPECT_EQ(jit.getStatistics().compiles, 2u);
  EXPECT_EQ(jit.getDiskCache(), nullptr);
  EXPECT_TRUE(listEntries().empty());
}

TEST_F(CacheTest, DisabledByEnvironment) {
  ASSERT_EQ(setenv("GEMM_OPT_CACHE", "0", 1), 0);
  GemmJit jit(getOptions());
  ASSERT_EQ(unsetenv("GEMM_OPT_CACHE"), 0);
  EXPECT_FALSE(jit.isCacheEnabled());
  ASSERT_TRUE(bool(jit.compile(getSyncSchedule())));
  ASSERT_TRUE(bool(jit.compile(getSyncSchedule())));
  EXPECT_EQ(jit.getStatistics().compiles, 2u);
  EXPECT_TRUE(listEntries().empty());
}

TEST_F(CacheTest, ClearEmptiesMemoryAndDisk) {
  GemmJit jit(getOptions());
  ASSERT_TRUE(bool(jit.compile(getSyncSchedule())));
  ASSERT_EQ(listEntries().size(), 1u);
  ASSERT_FALSE(bool(jit.clearCache()));
  EXPECT_TRUE(listEntries().empty());
  EXPECT_TRUE(listFiles(directory, "").empty());
  ASSERT_TRUE(bool(jit.compile(getSyncSchedule())));
  EXPECT_EQ(jit.getStatistics().compiles, 2u);
}

} // namespace

namespace {

/// Sets an environment variable for one scope and restores it after.
class ScopedEnvironment {
public:
  ScopedEnvironment(const char *name, const char *value) : name(name) {
    if (const char *old = std::getenv(name))
      previous = old;
    if (value)
      setenv(name, value, 1);
    else
      unsetenv(name);
  }
  ~ScopedEnvironment() {
    if (previous)
      setenv(name, previous->c_str(), 1);
    else
      unsetenv(name);
  }

private:
  const char *name;
  std::optional<std::string> previous;
};

TEST(DiskCacheDirectory, EmptyOrRelativeXdgCacheHomeIsIgnored) {
  ScopedEnvironment home("HOME", "/home/someone");
  for (const char *xdg : {"", "relative/cache"}) {
    ScopedEnvironment cache("XDG_CACHE_HOME", xdg);
    EXPECT_EQ(gemm_opt::jit::DiskCache::getDefaultDirectory(),
              "/home/someone/.cache/gemm-opt")
        << "XDG_CACHE_HOME=\"" << xdg << "\"";
  }
  ScopedEnvironment cache("XDG_CACHE_HOME", "/var/cache/me");
  EXPECT_EQ(gemm_opt::jit::DiskCache::getDefaultDirectory(),
            "/var/cache/me/gemm-opt");
  ScopedEnvironment noCache("XDG_CACHE_HOME", nullptr);
  ScopedEnvironment noHome("HOME", "");
  EXPECT_EQ(gemm_opt::jit::DiskCache::getDefaultDirectory(), "");
}

} // namespace
