//===- DiskCache.h - compiled kernels on disk -------------------*- C++ -*-===//
//
// One file per kernel (CacheEntryFormat.h) in a directory, by default
// $XDG_CACHE_HOME/gemm-opt, else ~/.cache/gemm-opt. Entries are written to
// a unique temporary file and renamed into place, so readers see either no
// entry or a whole one. A miss is compiled under an llvm::LockFileManager
// lock on the entry, so that threads and processes compiling the same kernel
// at once compile it once; the others wait and read the entry. A corrupt or
// truncated entry is reported, removed and compiled again.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_JIT_DISKCACHE_H
#define GEMM_OPT_JIT_DISKCACHE_H

#include "jit/CompiledKernel.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gemm_opt {
namespace jit {

/// How a DiskCache::getOrCompile call was answered.
enum class DiskCacheOutcome {
  Hit,            ///< A valid entry was there.
  Compiled,       ///< No entry: compiled and written.
  RebuiltCorrupt, ///< A corrupt entry was found, compiled and rewritten.
};

struct DiskCacheEntryInfo {
  std::string path;
  uint64_t bytes = 0;
  bool valid = false; ///< Header, size and checksum intact.
};

class DiskCache {
public:
  explicit DiskCache(std::string directory);

  /// $XDG_CACHE_HOME/gemm-opt, else ~/.cache/gemm-opt (empty if neither
  /// can be determined).
  static std::string getDefaultDirectory();

  const std::string &getDirectory() const { return directory; }
  std::string getEntryPath(llvm::StringRef cacheKey) const;
  std::string getAliasPath(llvm::StringRef requestKey) const;

  /// The entry for `cacheKey`; std::nullopt when there is none. A corrupt
  /// entry is removed and reported through `corruption`.
  std::optional<CompiledKernel> read(llvm::StringRef cacheKey,
                                     std::string *corruption = nullptr) const;

  /// Writes `kernel` atomically (temporary file + rename).
  llvm::Error write(const CompiledKernel &kernel) const;

  /// The cache key an earlier request with exactly `requestKey` resolved to
  /// (see CacheEntryFormat.h); std::nullopt if none or corrupt (removed).
  std::optional<std::string> readAlias(llvm::StringRef requestKey) const;
  llvm::Error writeAlias(llvm::StringRef requestKey,
                         llvm::StringRef cacheKey) const;

  /// Reads the entry, or compiles it under the entry's lock and writes it.
  llvm::Expected<CompiledKernel>
  getOrCompile(llvm::StringRef cacheKey,
               llvm::function_ref<llvm::Expected<CompiledKernel>()> compile,
               DiskCacheOutcome &outcome) const;

  /// The entries in the directory (none if it does not exist).
  llvm::Expected<std::vector<DiskCacheEntryInfo>> list() const;

  /// Removes every entry and alias (and stale temporary files); keeps the
  /// directory.
  llvm::Error clear() const;

private:
  llvm::Error writeAtomically(llvm::StringRef path,
                              llvm::StringRef bytes) const;

  std::string directory;
};

} // namespace jit
} // namespace gemm_opt

#endif // GEMM_OPT_JIT_DISKCACHE_H
