//===- CacheKey.cpp - what a cached kernel depends on ---------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "jit/CacheKey.h"

#include "jit/CompilerVersion.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/xxhash.h"

using namespace llvm;

std::string gemm_opt::jit::makeCacheKey(StringRef scheduleText,
                                        const JitOptions &options) {
  const std::string &compiler = getCompilerVersion();
  StringRef chip = options.chip;
  std::string key;
  key.reserve(128 + compiler.size() + chip.size() + scheduleText.size());
  key += "compiler: ";
  key += compiler;
  key += "\nchip: ";
  key += chip.empty() ? StringRef("<schedule>") : chip;
  key += "\nopt-level: ";
  key += itostr(options.optLevel);
  key += "\nptxas-opt-level: ";
  key += options.ptxasOptLevel ? itostr(*options.ptxasOptLevel) : "<kernel>";
  key += "\ntensor-maps: ";
  key += options.tensorMapsByValue ? "by-value" : "global-pointer";
  key += "\n";
  key += scheduleText;
  return key;
}

std::string gemm_opt::jit::getCacheFileStem(StringRef cacheKey) {
  XXH128_hash_t hash = xxh3_128bits(arrayRefFromStringRef(cacheKey));
  std::string stem = utohexstr(hash.high64, /*LowerCase=*/true, 16);
  stem += utohexstr(hash.low64, /*LowerCase=*/true, 16);
  return stem;
}
