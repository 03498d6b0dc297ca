//===- CacheKey.h - what a cached kernel depends on -------------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_JIT_CACHEKEY_H
#define GEMM_OPT_JIT_CACHEKEY_H

#include "jit/JitOptions.h"
#include "llvm/ADT/StringRef.h"
#include <string>

namespace gemm_opt {
namespace jit {

/// The full key: the schedule text, what of `options` changes the kernel
/// (the target chip, empty: the schedule's; the LLVM and ptxas optimization
/// levels, no ptxas level: the kernel's own, which the compiler version
/// determines; whether tensor maps are passed by value) and the compiler
/// version. With the canonical schedule text (the parsed module printed
/// back) it is a kernel's cache key; with the text as a request gave it,
/// that request's key. Entries are compared on the full key.
std::string makeCacheKey(llvm::StringRef scheduleText,
                         const JitOptions &options);

/// A file name stem for the key: 32 hex digits of its xxh3_128 hash.
std::string getCacheFileStem(llvm::StringRef cacheKey);

} // namespace jit
} // namespace gemm_opt

#endif // GEMM_OPT_JIT_CACHEKEY_H
