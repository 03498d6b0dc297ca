//===- DiskCache.h - compiled kernels on disk -------------------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Kernel files (CacheEntryFormat.h) in a directory, by default
// $XDG_CACHE_HOME/gemm-opt, else ~/.cache/gemm-opt. Each kernel has two
// names: <hash of its cache key>.kernel, found after parsing a schedule,
// and <hash of a request key>.request, found for a request's exact text
// without parsing. When a kernel is compiled both names are hard links to
// one file; a request that finds the kernel under another spelling gets a
// .request copy of its own (so does a file system without hard links).
//
// Files are written to a unique temporary name and renamed into place, so
// readers see either no file or a whole one. A miss is compiled under a
// lock on the .kernel name (CompileLock.h), so that threads and processes
// compiling the same kernel at once compile it once; the others wait and
// read the file. A lock older than the lock timeout is stale, and nobody
// waits longer than that timeout. A corrupt or truncated file is reported,
// removed and compiled again; a file of another format version is a miss.
//
// A directory that cannot be created or written costs the disk half only:
// getOrCompile compiles without the lock and returns the kernel, saying why
// it is not stored.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_JIT_DISKCACHE_H
#define GEMM_OPT_JIT_DISKCACHE_H

#include "jit/CompiledKernel.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gemm_opt {
namespace jit {

/// How a DiskCache::getOrCompile call was answered.
enum class DiskCacheOutcome {
  Hit,            ///< A valid entry was there.
  Compiled,       ///< No entry: compiled (and written, unless notStored).
  RebuiltCorrupt, ///< A corrupt entry was found and compiled again.
};

/// A DiskCache::getOrCompile answer besides the kernel.
struct DiskCacheAnswer {
  DiskCacheOutcome outcome = DiskCacheOutcome::Hit;
  /// Why the compiled kernel could not be stored (the directory cannot be
  /// created or written); it is returned all the same. Empty otherwise.
  std::string notStored;
  /// A lock taken to be stale, or waited on for the whole timeout
  /// (CompileLock::getStaleNote); empty otherwise.
  std::string staleLock;
};

struct DiskCacheEntryInfo {
  std::string path;
  uint64_t bytes = 0;
  bool valid = false; ///< Header, format version, size and checksum intact.
};

/// Reads the whole file at `path` into `bytes` (one open, fstat and read;
/// read rather than mapped: a file truncated under a mapping would fault).
/// False if it cannot be opened or read.
bool readCacheFile(const std::string &path, llvm::SmallVectorImpl<char> &bytes);

class DiskCache {
public:
  /// How long a compile may hold the lock before waiters take it to be
  /// stale; also the longest a miss waits for another compile.
  static constexpr std::chrono::seconds DefaultLockTimeout{60};

  explicit DiskCache(std::string directory,
                     std::chrono::seconds lockTimeout = DefaultLockTimeout);

  /// $XDG_CACHE_HOME/gemm-opt, else ~/.cache/gemm-opt; an empty or
  /// relative $XDG_CACHE_HOME or $HOME counts as unset. Empty if neither
  /// gives an absolute directory.
  static std::string getDefaultDirectory();

  const std::string &getDirectory() const { return directory; }
  std::string getEntryPath(llvm::StringRef cacheKey) const;
  std::string getRequestPath(llvm::StringRef requestKey) const;

  /// The kernel whose cache key is `cacheKey`; std::nullopt when there is
  /// none. A corrupt file is removed and reported through `corruption`.
  std::optional<CompiledKernel> read(llvm::StringRef cacheKey,
                                     std::string *corruption = nullptr) const;

  /// The kernel a request with exactly `requestKey` was answered with
  /// before (one file read, no parse); as read() otherwise.
  std::optional<CompiledKernel>
  readRequest(llvm::StringRef requestKey,
              std::string *corruption = nullptr) const;

  /// Writes `kernel`, compiled for `requestKey`, under both its names
  /// (atomically: temporary file, hard link, renames).
  llvm::Error write(const CompiledKernel &kernel,
                    llvm::StringRef requestKey) const;

  /// Writes `kernel` under the request name of `requestKey` only (a kernel
  /// found under its cache key for a new spelling).
  llvm::Error writeRequest(const CompiledKernel &kernel,
                           llvm::StringRef requestKey) const;

  /// Reads the kernel, or compiles it under the .kernel name's lock and
  /// writes it for `requestKey`. Only `compile`'s errors are errors: a
  /// kernel that cannot be written is returned (answer.notStored says why).
  llvm::Expected<CompiledKernel>
  getOrCompile(llvm::StringRef cacheKey, llvm::StringRef requestKey,
               llvm::function_ref<llvm::Expected<CompiledKernel>()> compile,
               DiskCacheAnswer &answer) const;

  /// The .kernel files in the directory (none if it does not exist).
  llvm::Expected<std::vector<DiskCacheEntryInfo>> list() const;

  /// Removes every kernel and request file (and stale temporary files and
  /// version 1 alias files); keeps the directory.
  llvm::Error clear() const;

private:
  std::optional<CompiledKernel> readFile(const std::string &path,
                                         llvm::StringRef key, bool byRequest,
                                         std::string *corruption) const;
  /// Writes `bytes` to `path` and, when given, the same file (a hard link,
  /// else a copy) to `secondPath`.
  llvm::Error writeAtomically(llvm::StringRef bytes, llvm::StringRef path,
                              llvm::StringRef secondPath = "") const;

  std::string directory;
  std::string pathPrefix; ///< The directory and a separator.
  std::chrono::seconds lockTimeout;
};

} // namespace jit
} // namespace gemm_opt

#endif // GEMM_OPT_JIT_DISKCACHE_H
