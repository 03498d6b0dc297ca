//===- CacheEntryFormat.h - a kernel cache file's bytes ---------*- C++ -*-===//
//
// One disk cache entry:
//
//   "GEMMJIT1"                      8 bytes, magic and format version
//   payload size                    u64, little endian
//   xxh3_64 of the payload          u64, little endian
//   payload:
//     4 fields, each a u64 little-endian length and the bytes:
//     cache key, bundle entry JSON, ptxas report, cubin
//
// A truncated, extended or bit-flipped file fails the size or checksum test;
// a hash collision between keys fails the key comparison.
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
/// entry. The caller compares the key it holds.
llvm::Expected<CompiledKernel> deserializeCacheEntry(llvm::StringRef bytes);

} // namespace jit
} // namespace gemm_opt

#endif // GEMM_OPT_JIT_CACHEENTRYFORMAT_H
