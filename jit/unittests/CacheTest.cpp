//===- CacheTest.cpp - memory and disk kernel cache -----------------------===//

#include "JitTestSupport.h"
#include "jit/CacheEntryFormat.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

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
  std::vector<std::string> files;
  std::error_code ec;
  for (sys::fs::directory_iterator it(directory, ec), end; it != end && !ec;
       it.increment(ec))
    if (StringRef(it->path()).ends_with(extension))
      files.push_back(it->path());
  return files;
}

TEST_F(CacheTest, CorruptAliasFallsBackToTheCanonicalKey) {
  ASSERT_EQ(compileFresh().compiles, 1u);
  std::vector<std::string> aliases = listFiles(directory, ".alias");
  ASSERT_EQ(aliases.size(), 1u);
  {
    std::error_code ec;
    raw_fd_ostream os(aliases[0], ec);
    ASSERT_FALSE(ec);
    os << "GEMMALI1 but not really";
  }
  // The kernel entry is still found through the parsed, canonical key.
  JitStatistics stats = compileFresh();
  EXPECT_EQ(stats.compiles, 0u);
  EXPECT_EQ(stats.diskHits, 1u);
  // And the alias is whole again.
  auto bytes = MemoryBuffer::getFile(aliases[0], false, false, true);
  ASSERT_TRUE(bool(bytes));
  auto alias = deserializeCacheAlias((*bytes)->getBuffer());
  ASSERT_TRUE(bool(alias)) << toString(alias.takeError());
}

TEST_F(CacheTest, EntryFormatRejectsDamage) {
  CompiledKernel kernel{"key", "{}", "\x7f" "ELF-cubin", "report"};
  std::string bytes = serializeCacheEntry(kernel);
  auto good = deserializeCacheEntry(bytes);
  ASSERT_TRUE(bool(good)) << toString(good.takeError());
  EXPECT_EQ(good->cubin, kernel.cubin);
  EXPECT_EQ(good->cacheKey, "key");
  for (size_t cut : {size_t(0), size_t(10), bytes.size() - 1}) {
    auto truncated = deserializeCacheEntry(StringRef(bytes).take_front(cut));
    ASSERT_FALSE(bool(truncated));
    EXPECT_NE(toString(truncated.takeError()).find("corrupt cache entry"),
              std::string::npos);
  }
  std::string flipped = bytes;
  flipped.back() ^= 1;
  auto damaged = deserializeCacheEntry(flipped);
  ASSERT_FALSE(bool(damaged));
  EXPECT_NE(toString(damaged.takeError()).find("checksum"), std::string::npos);
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
