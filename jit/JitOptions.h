//===- JitOptions.h - how a GemmJit compiles and caches ---------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_JIT_JITOPTIONS_H
#define GEMM_OPT_JIT_JITOPTIONS_H

#include "jit/DiskCache.h"
#include "jit/GemmKernel.h"
#include "jit/ScheduleChooser.h"
#include "llvm/ADT/StringRef.h"
#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace gemm_opt {
namespace jit {

struct JitOptions {
  /// Memory and disk cache. The environment variable GEMM_OPT_CACHE=0 turns
  /// both off whatever this says.
  bool enableCache = true;
  /// The disk half of the cache (needs enableCache).
  bool enableDiskCache = true;
  /// Empty: DiskCache::getDefaultDirectory() ($XDG_CACHE_HOME/gemm-opt or
  /// ~/.cache/gemm-opt). One that cannot be created or written costs only
  /// the disk half: kernels are compiled and kept in memory, with a warning.
  std::string cacheDirectory;
  /// How long a process may hold the disk cache's lock on a kernel it
  /// compiles before others take the lock to be stale and take it over; also
  /// the longest a compile waits for another one of the same kernel.
  std::chrono::seconds cacheLockTimeout = DiskCache::DefaultLockTimeout;
  /// Receives warnings (one line each, no trailing newline): a cache
  /// directory that cannot be written (once per GemmJit), a stale lock.
  /// Null: they go to llvm::errs() as "gemm-opt: warning: ...".
  std::function<void(llvm::StringRef)> warningHandler;
  /// Target chip; empty takes the schedule's.
  std::string chip;
  /// LLVM optimization level of the NVPTX backend.
  int optLevel = 3;
  /// ptxas -O level of every kernel; none: each kernel's own, as with
  /// gemm-translate (3, or 1 for SIMT kernels whose FFMA order -O3 would
  /// undo; passes/common/KernelAttributes.h). -O2 assembles the shipped
  /// mma.sync kernels about 3x faster but into different code whose speed has
  /// not been measured.
  std::optional<int> ptxasOptLevel;
  /// TMA kernels take their tensor maps by value, as __grid_constant__
  /// kernel parameters (lower-to-nvvm's tensor-maps-by-value), instead of as
  /// pointers to maps in device memory. Their launches then keep no device
  /// state per argument set (GemmKernel.h), which suits callers that cycle
  /// through many buffers and CUDA graphs. Part of the cache key.
  bool tensorMapsByValue = false;
  /// Argument sets whose device state (tensor maps passed as pointers,
  /// staged operand copies) each kernel keeps per device, the least
  /// recently used reused first (GemmKernelOptions). Not part of the cache
  /// key.
  size_t argumentSetLimit = GemmKernelOptions().argumentSetLimit;
  /// ptxas to use; empty: the CUDA toolkit gemm-opt was built with, then
  /// PATH.
  std::string ptxasPath;
  /// Consulted by GemmJit::compileFor; null: RequestedScheduleChooser.
  std::shared_ptr<const ScheduleChooser> chooser;
};

/// False when the environment variable GEMM_OPT_CACHE is "0", "off" or
/// "false".
bool isCacheEnabledByEnvironment();

} // namespace jit
} // namespace gemm_opt

#endif // GEMM_OPT_JIT_JITOPTIONS_H
