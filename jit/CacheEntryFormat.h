//===- CacheEntryFormat.h - a kernel cache file's bytes ---------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// One kind of disk cache file (format version 2):
//
//   magic                           8 bytes: "GEMMJIT2" ("GEMMJIT" and the
//                                   format version)
//   payload size                    u64, little endian
//   xxh3_64 of the payload          u64, little endian
//   payload                         fields, each a u64 little-endian length
//                                   and the bytes
//
// The fields: request key, cache key, bundle entry JSON, ptxas report,
// cubin. The cache key (CacheKey.h) holds the canonical schedule text; the
// request key the exact text some request asked for, with the same chip,
// opt levels and compiler version. A file serves a lookup by either key
// (DiskCache.h names it after both), so a new process finds a kernel it
// compiled before with one read and no parse.
//
// A truncated, extended or bit-flipped file fails the size or checksum test;
// a hash collision between keys fails the caller's key comparison. A file of
// another format version (version 1 had separate alias files) is not
// corrupt, just not readable here: hasOtherFormatVersion.
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

/// The format version this compiler writes and reads.
inline constexpr char CacheFormatVersion = '2';

struct CacheEntry {
  std::string requestKey;
  CompiledKernel kernel;
};

std::string serializeCacheEntry(const CompiledKernel &kernel,
                                llvm::StringRef requestKey);

/// Fails ("corrupt cache entry: ...") when `bytes` are not a whole, intact
/// entry of this format version. The caller compares the key it holds.
llvm::Expected<CacheEntry> deserializeCacheEntry(llvm::StringRef bytes);

/// True when `bytes` start like a cache file of another format version.
bool hasOtherFormatVersion(llvm::StringRef bytes);

} // namespace jit
} // namespace gemm_opt

#endif // GEMM_OPT_JIT_CACHEENTRYFORMAT_H
