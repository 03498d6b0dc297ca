//===- CacheEntryFormat.h - a kernel cache file's bytes ---------*- C++ -*-===//
//
// Two kinds of disk cache files share one framing:
//
//   magic                           8 bytes: "GEMMJIT1" (kernel), "GEMMALI1"
//                                   (alias)
//   payload size                    u64, little endian
//   xxh3_64 of the payload          u64, little endian
//   payload                         fields, each a u64 little-endian length
//                                   and the bytes
//
// A kernel entry's fields: cache key, bundle entry JSON, ptxas report,
// cubin. An alias maps the exact text of a request (and the compiler
// version) to the cache key of its kernel, so a new process finds a kernel
// it compiled before without parsing the schedule; its fields: request key,
// cache key.
//
// A truncated, extended or bit-flipped file fails the size or checksum test;
// a hash collision between keys fails the caller's key comparison.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_JIT_CACHEENTRYFORMAT_H
#define GEMM_OPT_JIT_CACHEENTRYFORMAT_H

#include "jit/CompiledKernel.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <string>

namespace gemm_opt {
namespace jit {

std::string serializeCacheEntry(const CompiledKernel &kernel);

/// Fails ("corrupt cache entry: ...") when `bytes` are not a whole, intact
/// kernel entry. The caller compares the key it holds.
llvm::Expected<CompiledKernel> deserializeCacheEntry(llvm::StringRef bytes);

struct CacheAlias {
  std::string requestKey;
  std::string cacheKey;
};

std::string serializeCacheAlias(const CacheAlias &alias);
llvm::Expected<CacheAlias> deserializeCacheAlias(llvm::StringRef bytes);

} // namespace jit
} // namespace gemm_opt

#endif // GEMM_OPT_JIT_CACHEENTRYFORMAT_H
