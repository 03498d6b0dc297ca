//===- CacheEntryFormat.cpp - a kernel cache file's bytes -----------------===//

#include "jit/CacheEntryFormat.h"

#include "llvm/Support/Endian.h"
#include "llvm/Support/xxhash.h"

using namespace llvm;

namespace gemm_opt {
namespace jit {

static constexpr StringLiteral Magic = "GEMMJIT1";
static constexpr size_t HeaderBytes = 8 + 8 + 8;

static void appendU64(std::string &out, uint64_t value) {
  char bytes[8];
  support::endian::write64le(bytes, value);
  out.append(bytes, 8);
}

static void appendField(std::string &out, StringRef field) {
  appendU64(out, field.size());
  out.append(field.data(), field.size());
}

std::string serializeCacheEntry(const CompiledKernel &kernel) {
  std::string payload;
  for (StringRef field : {StringRef(kernel.cacheKey),
                          StringRef(kernel.bundleEntry),
                          StringRef(kernel.ptxasReport),
                          StringRef(kernel.cubin)})
    appendField(payload, field);
  std::string entry(Magic);
  appendU64(entry, payload.size());
  appendU64(entry, xxh3_64bits(payload));
  entry += payload;
  return entry;
}

static Error corrupt(const Twine &why) {
  return createStringError("corrupt cache entry: " + why);
}

/// Takes one length-prefixed field off the front of `payload`.
static Expected<StringRef> takeField(StringRef &payload) {
  if (payload.size() < 8)
    return corrupt("a field's length is cut off");
  uint64_t length = support::endian::read64le(payload.data());
  payload = payload.drop_front(8);
  if (length > payload.size())
    return corrupt("a field runs past the end");
  StringRef field = payload.take_front(length);
  payload = payload.drop_front(length);
  return field;
}

Expected<CompiledKernel> deserializeCacheEntry(StringRef bytes) {
  if (bytes.size() < HeaderBytes || !bytes.starts_with(Magic))
    return corrupt("no header (" + Twine(bytes.size()) + " bytes)");
  uint64_t size = support::endian::read64le(bytes.data() + 8);
  uint64_t checksum = support::endian::read64le(bytes.data() + 16);
  StringRef payload = bytes.drop_front(HeaderBytes);
  if (payload.size() != size)
    return corrupt("payload of " + Twine(payload.size()) + " bytes, " +
                   Twine(size) + " expected (truncated?)");
  if (xxh3_64bits(payload) != checksum)
    return corrupt("checksum mismatch");
  CompiledKernel kernel;
  for (std::string *field : {&kernel.cacheKey, &kernel.bundleEntry,
                             &kernel.ptxasReport, &kernel.cubin}) {
    Expected<StringRef> value = takeField(payload);
    if (!value)
      return value.takeError();
    *field = value->str();
  }
  if (!payload.empty())
    return corrupt("trailing bytes");
  if (kernel.cubin.empty() || kernel.bundleEntry.empty())
    return corrupt("no cubin or no bundle entry");
  return kernel;
}

} // namespace jit
} // namespace gemm_opt
