//===- CacheEntryFormat.cpp - a kernel cache file's bytes -----------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "jit/CacheEntryFormat.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/xxhash.h"

#include <array>

using namespace llvm;

namespace gemm_opt {
namespace jit {

static constexpr StringLiteral MagicPrefix = "GEMMJIT";
static constexpr size_t HeaderBytes = 8 + 8 + 8;
static constexpr size_t FieldCount = 5;

static void appendU64(std::string &out, uint64_t value) {
  char bytes[8];
  support::endian::write64le(bytes, value);
  out.append(bytes, 8);
}

std::string serializeCacheEntry(const CompiledKernel &kernel,
                                StringRef requestKey) {
  std::array<StringRef, FieldCount> fields = {requestKey, kernel.cacheKey,
                                              kernel.bundleEntry,
                                              kernel.ptxasReport, kernel.cubin};
  size_t payloadSize = 0;
  for (StringRef field : fields)
    payloadSize += 8 + field.size();
  std::string bytes;
  bytes.reserve(HeaderBytes + payloadSize);
  bytes += MagicPrefix;
  bytes += CacheFormatVersion;
  appendU64(bytes, payloadSize);
  appendU64(bytes, 0); // The checksum, once the payload is in.
  for (StringRef field : fields) {
    appendU64(bytes, field.size());
    bytes.append(field.data(), field.size());
  }
  support::endian::write64le(
      &bytes[16], xxh3_64bits(StringRef(bytes).drop_front(HeaderBytes)));
  return bytes;
}

static Error corrupt(const Twine &why) {
  return createStringError("corrupt cache entry: " + why);
}

bool hasOtherFormatVersion(StringRef bytes) {
  return bytes.size() >= 8 && bytes.starts_with(MagicPrefix) &&
         bytes[7] != CacheFormatVersion;
}

Expected<CacheEntry> deserializeCacheEntry(StringRef bytes) {
  if (bytes.size() < HeaderBytes || !bytes.starts_with(MagicPrefix) ||
      bytes[7] != CacheFormatVersion)
    return corrupt("no header of format version " + Twine(CacheFormatVersion) +
                   " (" + Twine(bytes.size()) + " bytes)");
  uint64_t size = support::endian::read64le(bytes.data() + 8);
  uint64_t checksum = support::endian::read64le(bytes.data() + 16);
  StringRef payload = bytes.drop_front(HeaderBytes);
  if (payload.size() != size)
    return corrupt("payload of " + Twine(payload.size()) + " bytes, " +
                   Twine(size) + " expected (truncated?)");
  if (xxh3_64bits(payload) != checksum)
    return corrupt("checksum mismatch");
  std::array<StringRef, FieldCount> fields;
  for (StringRef &field : fields) {
    if (payload.size() < 8)
      return corrupt("a field's length is cut off");
    uint64_t length = support::endian::read64le(payload.data());
    payload = payload.drop_front(8);
    if (length > payload.size())
      return corrupt("a field runs past the end");
    field = payload.take_front(length);
    payload = payload.drop_front(length);
  }
  if (!payload.empty())
    return corrupt("trailing bytes");
  CacheEntry entry{
      fields[0].str(),
      {fields[1].str(), fields[2].str(), fields[4].str(), fields[3].str()}};
  if (entry.requestKey.empty() || entry.kernel.cacheKey.empty() ||
      entry.kernel.cubin.empty() || entry.kernel.bundleEntry.empty())
    return corrupt("an empty key, cubin or bundle entry");
  return entry;
}

} // namespace jit
} // namespace gemm_opt
