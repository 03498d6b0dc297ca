//===- GemmJit.h - compile GEMM schedules in-process ------------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The JIT API: compiles a schedule (DSL text or a ScheduleDescription) to a
// cubin in-process (parse → lower-to-nvvm → NVPTX → ptxas), caches it in
// memory and on disk, and hands back a GemmKernel to launch on the caller's
// buffers and stream.
//
//   gemm_opt::jit::GemmJit jit;
//   llvm::Expected<std::shared_ptr<gemm_opt::jit::GemmKernel>> kernel =
//       jit.compile(scheduleText);
//   if (!kernel) ... llvm::toString(kernel.takeError()) ...
//   GemmArguments args{a, b, c, m, n, k};
//   if (llvm::Error e = (*kernel)->launch(args, stream)) ...
//
// Thread safety: every member function may be called from any thread at
// once. Each compile has its own MLIRContext; the memory cache is guarded by
// a mutex, and concurrent compiles of the same kernel (in this process:
// a per-key mutex; across processes: a lock file) compile it once.
//
// Cache key: the canonical schedule text (parsed and printed back), the
// target chip, the opt levels and the compiler version (CacheKey.h,
// CompilerVersion.h). The memory cache also remembers the exact request
// text, and the disk cache files the kernel under it too (DiskCache.h), so a
// repeated compile() of the same text skips parsing, in this process (a map
// lookup) or the next (one file read; the launch metadata is parsed on first
// use, GemmKernel.h).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_JIT_GEMMJIT_H
#define GEMM_OPT_JIT_GEMMJIT_H

#include "jit/DiskCache.h"
#include "jit/GemmKernel.h"
#include "jit/JitOptions.h"
#include "jit/ScheduleDescription.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <atomic>
#include <memory>
#include <mutex>
#include <optional>

namespace gemm_opt {
namespace jit {

/// Counters of how compile requests were answered.
struct JitStatistics {
  unsigned compiles = 0;   ///< Ran the compiler.
  unsigned memoryHits = 0; ///< Answered from memory.
  unsigned diskHits = 0;   ///< Read from the disk cache.
  /// Requests that found a corrupt disk file (removed; then found under the
  /// kernel's other name or rebuilt).
  unsigned corruptEntries = 0;
};

class GemmJit {
public:
  explicit GemmJit(JitOptions options = {});
  ~GemmJit();

  /// Compiles `scheduleText` (a module as in examples/*.mlir holding one
  /// tile.gemm); `name` labels it in diagnostics ("name:line:col: error").
  llvm::Expected<std::shared_ptr<GemmKernel>>
  compile(llvm::StringRef scheduleText, llvm::StringRef name = "schedule");

  /// Renders `schedule` and compiles it; the dialect verifier checks it.
  llvm::Expected<std::shared_ptr<GemmKernel>>
  compile(const ScheduleDescription &schedule);

  /// Asks the chooser (JitOptions::chooser) for the schedule of `problem`,
  /// `scheduleText` being the default, and compiles its answer.
  llvm::Expected<std::shared_ptr<GemmKernel>>
  compileFor(const ProblemDescription &problem, llvm::StringRef scheduleText);

  /// Forgets the memory cache and removes the disk cache's entries.
  llvm::Error clearCache();

  bool isCacheEnabled() const { return cacheEnabled; }
  /// Null when the disk cache is off.
  const DiskCache *getDiskCache() const {
    return diskCache ? &*diskCache : nullptr;
  }
  JitStatistics getStatistics() const;

private:
  std::shared_ptr<std::mutex> getKeyMutex(llvm::StringRef cacheKey);
  /// How the kernels it hands out launch (JitOptions).
  GemmKernelOptions getKernelOptions() const;
  /// Passes `message` to the warning handler (or llvm::errs()).
  void warn(llvm::StringRef message) const;
  /// Reports what a disk cache answer says went wrong: a kernel not stored
  /// (the first time only), a stale lock.
  void reportDiskTrouble(const DiskCacheAnswer &answer);
  /// Files `kernel` under `requestKey` and its cache key; returns the kernel
  /// kept for that cache key (an earlier one, if any).
  std::shared_ptr<GemmKernel>
  remember(llvm::StringRef requestKey,
           const std::shared_ptr<GemmKernel> &kernel);

  JitOptions options;
  bool cacheEnabled;
  std::optional<DiskCache> diskCache;

  mutable std::mutex mutex; ///< Guards the maps below.
  llvm::StringMap<std::shared_ptr<GemmKernel>> byRequest;
  llvm::StringMap<std::shared_ptr<GemmKernel>> byCacheKey;
  llvm::StringMap<std::shared_ptr<std::mutex>> keyMutexes;

  std::atomic<unsigned> compiles{0}, memoryHits{0}, diskHits{0},
      corruptEntries{0};
  /// A kernel could not be stored on disk (warned about once).
  std::atomic<bool> warnedNotStored{false};
};

} // namespace jit
} // namespace gemm_opt

#endif // GEMM_OPT_JIT_GEMMJIT_H
