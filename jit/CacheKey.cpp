//===- CacheKey.cpp - what a cached kernel depends on ---------------------===//

#include "jit/CacheKey.h"

#include "jit/CompilerVersion.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

using namespace llvm;

std::string gemm_opt::jit::makeCacheKey(StringRef canonicalSchedule,
                                        StringRef chip, int optLevel,
                                        int ptxasOptLevel) {
  std::string key;
  raw_string_ostream os(key);
  os << "compiler: " << getCompilerVersion() << "\n"
     << "chip: " << (chip.empty() ? "<schedule>" : chip) << "\n"
     << "opt-level: " << optLevel << "\n"
     << "ptxas-opt-level: " << ptxasOptLevel << "\n"
     << canonicalSchedule;
  return key;
}

std::string gemm_opt::jit::getCacheFileStem(StringRef cacheKey) {
  uint64_t high = xxh3_64bits(cacheKey);
  std::string salted = (Twine("gemm-opt:") + cacheKey).str();
  uint64_t low = xxh3_64bits(salted);
  std::string name;
  raw_string_ostream(name) << format_hex_no_prefix(high, 16)
                           << format_hex_no_prefix(low, 16);
  return name;
}
