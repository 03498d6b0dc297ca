//===- DiskCache.cpp - compiled kernels on disk ---------------------------===//

#include "jit/DiskCache.h"

#include "jit/CacheEntryFormat.h"
#include "jit/CacheKey.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/LockFileManager.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>

using namespace llvm;

namespace gemm_opt {
namespace jit {

/// How long a process waits for another one compiling the same kernel.
static constexpr std::chrono::seconds LockWait(300);
static constexpr StringLiteral EntryExtension = ".kernel";
static constexpr StringLiteral AliasExtension = ".alias";

DiskCache::DiskCache(std::string directory) : directory(std::move(directory)) {}

std::string DiskCache::getDefaultDirectory() {
  SmallString<256> path;
  if (!sys::path::cache_directory(path))
    return "";
  sys::path::append(path, "gemm-opt");
  return std::string(path);
}

std::string DiskCache::getEntryPath(StringRef cacheKey) const {
  SmallString<256> path(directory);
  sys::path::append(path, getCacheFileStem(cacheKey) + EntryExtension);
  return std::string(path);
}

std::string DiskCache::getAliasPath(StringRef requestKey) const {
  SmallString<256> path(directory);
  sys::path::append(path, getCacheFileStem(requestKey) + AliasExtension);
  return std::string(path);
}

/// The whole file, read rather than mapped (a file truncated under a
/// mapping would fault).
static ErrorOr<std::unique_ptr<MemoryBuffer>> readWholeFile(StringRef path) {
  return MemoryBuffer::getFile(path, /*IsText=*/false,
                               /*RequiresNullTerminator=*/false,
                               /*IsVolatile=*/true);
}

std::optional<std::string> DiskCache::readAlias(StringRef requestKey) const {
  std::string path = getAliasPath(requestKey);
  ErrorOr<std::unique_ptr<MemoryBuffer>> bytes = readWholeFile(path);
  if (!bytes)
    return std::nullopt;
  Expected<CacheAlias> alias = deserializeCacheAlias((*bytes)->getBuffer());
  if (alias && alias->requestKey == requestKey)
    return std::move(alias->cacheKey);
  if (!alias)
    consumeError(alias.takeError());
  (void)sys::fs::remove(path);
  return std::nullopt;
}

Error DiskCache::writeAlias(StringRef requestKey, StringRef cacheKey) const {
  return writeAtomically(
      getAliasPath(requestKey),
      serializeCacheAlias({requestKey.str(), cacheKey.str()}));
}

std::optional<CompiledKernel>
DiskCache::read(StringRef cacheKey, std::string *corruption) const {
  std::string path = getEntryPath(cacheKey);
  ErrorOr<std::unique_ptr<MemoryBuffer>> bytes = readWholeFile(path);
  if (!bytes)
    return std::nullopt;
  Expected<CompiledKernel> kernel = deserializeCacheEntry((*bytes)->getBuffer());
  if (kernel && kernel->cacheKey == cacheKey)
    return std::move(*kernel);
  std::string message = kernel ? "corrupt cache entry: it holds another key"
                               : toString(kernel.takeError());
  if (corruption)
    *corruption = path + ": " + message;
  (void)sys::fs::remove(path);
  return std::nullopt;
}

Error DiskCache::write(const CompiledKernel &kernel) const {
  return writeAtomically(getEntryPath(kernel.cacheKey),
                         serializeCacheEntry(kernel));
}

Error DiskCache::writeAtomically(StringRef path, StringRef bytes) const {
  if (std::error_code ec = sys::fs::create_directories(directory))
    return createStringError(ec, "cannot create the kernel cache directory " +
                                     directory);
  SmallString<256> temporary;
  int fd = -1;
  if (std::error_code ec = sys::fs::createUniqueFile(
          path + ".tmp-%%%%%%%%", fd, temporary))
    return createStringError(ec, "cannot create a temporary file beside " +
                                     path);
  {
    raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << bytes;
    os.close();
    if (os.has_error()) {
      std::error_code ec = os.error();
      os.clear_error();
      (void)sys::fs::remove(temporary);
      return createStringError(ec, "cannot write " + temporary);
    }
  }
  if (std::error_code ec = sys::fs::rename(temporary, path)) {
    (void)sys::fs::remove(temporary);
    return createStringError(ec, "cannot rename " + temporary + " to " + path);
  }
  return Error::success();
}

Expected<CompiledKernel>
DiskCache::getOrCompile(StringRef cacheKey,
                        function_ref<Expected<CompiledKernel>()> compile,
                        DiskCacheOutcome &outcome) const {
  std::string corruption;
  if (std::optional<CompiledKernel> kernel = read(cacheKey, &corruption)) {
    outcome = DiskCacheOutcome::Hit;
    return std::move(*kernel);
  }
  bool sawCorrupt = !corruption.empty();

  if (std::error_code ec = sys::fs::create_directories(directory))
    return createStringError(ec, "cannot create the kernel cache directory " +
                                     directory);
  LockFileManager lock(getEntryPath(cacheKey));
  Expected<bool> owned = lock.tryLock();
  if (!owned) {
    // No lock to be had (e.g. a read-only file system): compile unguarded;
    // the atomic rename still keeps the entry whole.
    consumeError(owned.takeError());
  } else if (!*owned) {
    // Another thread or process compiles it: wait, then read its entry.
    (void)lock.waitForUnlockFor(LockWait);
    if (std::optional<CompiledKernel> kernel = read(cacheKey, &corruption)) {
      outcome = DiskCacheOutcome::Hit;
      return std::move(*kernel);
    }
  } else if (std::optional<CompiledKernel> kernel =
                 read(cacheKey, &corruption)) {
    // Written between our first look and taking the lock.
    outcome = DiskCacheOutcome::Hit;
    return std::move(*kernel);
  }

  Expected<CompiledKernel> kernel = compile();
  if (!kernel)
    return kernel.takeError();
  if (Error error = write(*kernel))
    return std::move(error);
  outcome = sawCorrupt ? DiskCacheOutcome::RebuiltCorrupt
                       : DiskCacheOutcome::Compiled;
  return kernel;
}

Expected<std::vector<DiskCacheEntryInfo>> DiskCache::list() const {
  std::vector<DiskCacheEntryInfo> entries;
  if (!sys::fs::is_directory(directory))
    return entries;
  std::error_code ec;
  for (sys::fs::directory_iterator it(directory, ec), end; it != end && !ec;
       it.increment(ec)) {
    StringRef path = it->path();
    if (!path.ends_with(EntryExtension))
      continue;
    DiskCacheEntryInfo info;
    info.path = path.str();
    ErrorOr<std::unique_ptr<MemoryBuffer>> bytes = readWholeFile(path);
    if (bytes) {
      info.bytes = (*bytes)->getBufferSize();
      Expected<CompiledKernel> kernel =
          deserializeCacheEntry((*bytes)->getBuffer());
      info.valid = bool(kernel);
      if (!kernel)
        consumeError(kernel.takeError());
    }
    entries.push_back(std::move(info));
  }
  if (ec)
    return createStringError(ec, "cannot list " + directory);
  return entries;
}

Error DiskCache::clear() const {
  if (!sys::fs::is_directory(directory))
    return Error::success();
  std::error_code ec;
  std::vector<std::string> doomed;
  for (sys::fs::directory_iterator it(directory, ec), end; it != end && !ec;
       it.increment(ec)) {
    StringRef name = sys::path::filename(it->path());
    if (name.ends_with(EntryExtension) || name.ends_with(AliasExtension) ||
        name.contains(".tmp-"))
      doomed.push_back(it->path());
  }
  if (ec)
    return createStringError(ec, "cannot list " + directory);
  for (const std::string &path : doomed)
    if (std::error_code removeError = sys::fs::remove(path))
      return createStringError(removeError, "cannot remove " + path);
  return Error::success();
}

} // namespace jit
} // namespace gemm_opt
