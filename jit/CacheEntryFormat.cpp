//===- CacheEntryFormat.cpp - a kernel cache file's bytes -----------------===//

#include "jit/CacheEntryFormat.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/xxhash.h"

using namespace llvm;

namespace gemm_opt {
namespace jit {

static constexpr StringLiteral KernelMagic = "GEMMJIT1";
static constexpr StringLiteral AliasMagic = "GEMMALI1";
static constexpr size_t HeaderBytes = 8 + 8 + 8;

static void appendU64(std::string &out, uint64_t value) {
  char bytes[8];
  support::endian::write64le(bytes, value);
  out.append(bytes, 8);
}

static std::string frame(StringRef magic, ArrayRef<StringRef> fields) {
  std::string payload;
  for (StringRef field : fields) {
    appendU64(payload, field.size());
    payload.append(field.data(), field.size());
  }
  std::string framed(magic);
  appendU64(framed, payload.size());
  appendU64(framed, xxh3_64bits(payload));
  framed += payload;
  return framed;
}

static Error corrupt(const Twine &why) {
  return createStringError("corrupt cache entry: " + why);
}

/// Checks the framing and splits the payload into `count` fields.
static Expected<std::vector<StringRef>> unframe(StringRef bytes,
                                                StringRef magic,
                                                size_t count) {
  if (bytes.size() < HeaderBytes || !bytes.starts_with(magic))
    return corrupt("no header (" + Twine(bytes.size()) + " bytes)");
  uint64_t size = support::endian::read64le(bytes.data() + 8);
  uint64_t checksum = support::endian::read64le(bytes.data() + 16);
  StringRef payload = bytes.drop_front(HeaderBytes);
  if (payload.size() != size)
    return corrupt("payload of " + Twine(payload.size()) + " bytes, " +
                   Twine(size) + " expected (truncated?)");
  if (xxh3_64bits(payload) != checksum)
    return corrupt("checksum mismatch");
  std::vector<StringRef> fields;
  for (size_t i = 0; i < count; ++i) {
    if (payload.size() < 8)
      return corrupt("a field's length is cut off");
    uint64_t length = support::endian::read64le(payload.data());
    payload = payload.drop_front(8);
    if (length > payload.size())
      return corrupt("a field runs past the end");
    fields.push_back(payload.take_front(length));
    payload = payload.drop_front(length);
  }
  if (!payload.empty())
    return corrupt("trailing bytes");
  return fields;
}

std::string serializeCacheEntry(const CompiledKernel &kernel) {
  return frame(KernelMagic, {kernel.cacheKey, kernel.bundleEntry,
                             kernel.ptxasReport, kernel.cubin});
}

Expected<CompiledKernel> deserializeCacheEntry(StringRef bytes) {
  Expected<std::vector<StringRef>> fields = unframe(bytes, KernelMagic, 4);
  if (!fields)
    return fields.takeError();
  CompiledKernel kernel{(*fields)[0].str(), (*fields)[1].str(),
                        (*fields)[3].str(), (*fields)[2].str()};
  if (kernel.cubin.empty() || kernel.bundleEntry.empty())
    return corrupt("no cubin or no bundle entry");
  return kernel;
}

std::string serializeCacheAlias(const CacheAlias &alias) {
  return frame(AliasMagic, {alias.requestKey, alias.cacheKey});
}

Expected<CacheAlias> deserializeCacheAlias(StringRef bytes) {
  Expected<std::vector<StringRef>> fields = unframe(bytes, AliasMagic, 2);
  if (!fields)
    return fields.takeError();
  return CacheAlias{(*fields)[0].str(), (*fields)[1].str()};
}

} // namespace jit
} // namespace gemm_opt
