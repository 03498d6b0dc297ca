//===- DiskCache.cpp - compiled kernels on disk ---------------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "jit/DiskCache.h"

#include "jit/CacheEntryFormat.h"
#include "jit/CacheKey.h"
#include "jit/CompileLock.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <chrono>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace llvm;

namespace gemm_opt {
namespace jit {

static constexpr StringLiteral EntryExtension = ".kernel";
static constexpr StringLiteral RequestExtension = ".request";
/// Format version 1's request → cache key files; only clear() looks at them.
static constexpr StringLiteral OldAliasExtension = ".alias";

bool readCacheFile(const std::string &path, SmallVectorImpl<char> &bytes) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return false;
  struct stat status;
  bool ok = ::fstat(fd, &status) == 0 && status.st_size >= 0;
  if (ok) {
    // A file that changes size under us reads short (and fails the
    // checksum) or long (and fails the size test): no retry needed.
    bytes.resize_for_overwrite(size_t(status.st_size)); // No zero fill.
    size_t done = 0;
    while (done < bytes.size()) {
      ssize_t got = ::read(fd, bytes.data() + done, bytes.size() - done);
      if (got < 0 && errno == EINTR)
        continue;
      if (got <= 0)
        break;
      done += size_t(got);
    }
    bytes.truncate(done);
  }
  ::close(fd);
  return ok;
}

DiskCache::DiskCache(std::string directory, std::chrono::seconds lockTimeout)
    : directory(std::move(directory)), lockTimeout(lockTimeout) {
  SmallString<256> prefix(this->directory);
  sys::path::append(prefix, "x");
  pathPrefix = std::string(prefix.str().drop_back());
}

std::string DiskCache::getDefaultDirectory() {
  SmallString<256> path;
  // An empty or relative $XDG_CACHE_HOME is to be ignored (XDG Base
  // Directory specification); LLVM takes it as given, which would put the
  // cache into the working directory.
  if (!sys::path::cache_directory(path) || !sys::path::is_absolute(path)) {
    path.clear();
    if (!sys::path::home_directory(path) || !sys::path::is_absolute(path))
      return "";
    sys::path::append(path, ".cache");
  }
  sys::path::append(path, "gemm-opt");
  return std::string(path);
}

std::string DiskCache::getEntryPath(StringRef cacheKey) const {
  return pathPrefix + getCacheFileStem(cacheKey) + EntryExtension.str();
}

std::string DiskCache::getRequestPath(StringRef requestKey) const {
  return pathPrefix + getCacheFileStem(requestKey) + RequestExtension.str();
}

std::optional<CompiledKernel>
DiskCache::readFile(const std::string &path, StringRef key, bool byRequest,
                    std::string *corruption) const {
  SmallVector<char, 0> buffer;
  if (!readCacheFile(path, buffer))
    return std::nullopt;
  StringRef bytes(buffer.data(), buffer.size());
  Expected<CacheEntry> entry = deserializeCacheEntry(bytes);
  if (entry) {
    if ((byRequest ? entry->requestKey : entry->kernel.cacheKey) == key)
      return std::move(entry->kernel);
    // Another key with the same 128-bit hash: a miss; a write replaces it.
    return std::nullopt;
  }
  if (hasOtherFormatVersion(bytes)) {
    // Not ours to judge (a newer or older compiler's): a miss.
    consumeError(entry.takeError());
    return std::nullopt;
  }
  if (corruption)
    *corruption = path + ": " + toString(entry.takeError());
  else
    consumeError(entry.takeError());
  (void)sys::fs::remove(path);
  return std::nullopt;
}

std::optional<CompiledKernel> DiskCache::read(StringRef cacheKey,
                                              std::string *corruption) const {
  return readFile(getEntryPath(cacheKey), cacheKey, /*byRequest=*/false,
                  corruption);
}

std::optional<CompiledKernel>
DiskCache::readRequest(StringRef requestKey, std::string *corruption) const {
  return readFile(getRequestPath(requestKey), requestKey, /*byRequest=*/true,
                  corruption);
}

Error DiskCache::write(const CompiledKernel &kernel,
                       StringRef requestKey) const {
  return writeAtomically(serializeCacheEntry(kernel, requestKey),
                         getEntryPath(kernel.cacheKey),
                         getRequestPath(requestKey));
}

Error DiskCache::writeRequest(const CompiledKernel &kernel,
                              StringRef requestKey) const {
  return writeAtomically(serializeCacheEntry(kernel, requestKey),
                         getRequestPath(requestKey));
}

Error DiskCache::writeAtomically(StringRef bytes, StringRef path,
                                 StringRef secondPath) const {
  if (std::error_code ec = sys::fs::create_directories(directory))
    return createStringError(ec, "cannot create the kernel cache directory " +
                                     directory);
  SmallString<256> temporary;
  int fd = -1;
  if (std::error_code ec =
          sys::fs::createUniqueFile(path + ".tmp-%%%%%%%%", fd, temporary))
    return createStringError(ec,
                             "cannot create a temporary file beside " + path);
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
  if (!secondPath.empty()) {
    // The second name first (so that whoever finds the first finds both),
    // as a hard link renamed into place; a copy where links fail.
    SmallString<256> link;
    sys::fs::createUniquePath(secondPath + ".tmp-%%%%%%%%", link,
                              /*MakeAbsolute=*/false);
    bool linked = !sys::fs::create_hard_link(temporary, link);
    if (linked && sys::fs::rename(link, secondPath)) {
      (void)sys::fs::remove(link);
      linked = false;
    }
    if (!linked)
      if (Error error = writeAtomically(bytes, secondPath)) {
        (void)sys::fs::remove(temporary);
        return error;
      }
  }
  if (std::error_code ec = sys::fs::rename(temporary, path)) {
    (void)sys::fs::remove(temporary);
    return createStringError(ec, "cannot rename " + temporary + " to " + path);
  }
  return Error::success();
}

Expected<CompiledKernel>
DiskCache::getOrCompile(StringRef cacheKey, StringRef requestKey,
                        function_ref<Expected<CompiledKernel>()> compile,
                        DiskCacheAnswer &answer) const {
  answer = DiskCacheAnswer();
  std::string corruption;
  if (std::optional<CompiledKernel> kernel = read(cacheKey, &corruption))
    return std::move(*kernel);
  bool sawCorrupt = !corruption.empty();

  // A directory that cannot be created is no reason to fail the compile:
  // compile without the lock, and say why nothing is stored.
  std::optional<CompileLock> lock;
  std::optional<CompiledKernel> found;
  if (std::error_code ec = sys::fs::create_directories(directory)) {
    answer.notStored = "cannot create the kernel cache directory " + directory +
                       ": " + ec.message();
  } else {
    lock.emplace(getEntryPath(cacheKey), lockTimeout);
    CompileLock::State state = lock->acquire([&] {
      found = read(cacheKey, &corruption);
      return found.has_value();
    });
    answer.staleLock = lock->getStaleNote();
    // Written by another owner, or (Owned) between our first look and
    // taking the lock.
    if (state == CompileLock::State::Owned)
      found = read(cacheKey, &corruption);
    if (found)
      return std::move(*found);
  }

  Expected<CompiledKernel> kernel = compile();
  if (!kernel)
    return kernel.takeError();
  answer.outcome = sawCorrupt ? DiskCacheOutcome::RebuiltCorrupt
                              : DiskCacheOutcome::Compiled;
  if (answer.notStored.empty())
    if (Error error = write(*kernel, requestKey))
      answer.notStored = toString(std::move(error));
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
    SmallVector<char, 0> bytes;
    if (readCacheFile(info.path, bytes)) {
      info.bytes = bytes.size();
      Expected<CacheEntry> entry =
          deserializeCacheEntry(StringRef(bytes.data(), bytes.size()));
      info.valid = bool(entry);
      if (!entry)
        consumeError(entry.takeError());
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
    if (name.ends_with(EntryExtension) || name.ends_with(RequestExtension) ||
        name.ends_with(OldAliasExtension) || name.contains(".tmp-"))
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
