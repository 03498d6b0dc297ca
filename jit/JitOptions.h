//===- JitOptions.h - how a GemmJit compiles and caches ---------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_JIT_JITOPTIONS_H
#define GEMM_OPT_JIT_JITOPTIONS_H

#include "jit/ScheduleChooser.h"
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
  /// ~/.cache/gemm-opt).
  std::string cacheDirectory;
  /// Target chip; empty takes the schedule's.
  std::string chip;
  /// LLVM optimization level of the NVPTX backend.
  int optLevel = 3;
  /// ptxas -O level of every kernel; none: each kernel's own, as with
  /// gemm-translate (3, or 1 for SIMT kernels whose FFMA order -O3 would
  /// undo; passes/common/KernelAttributes.h). -O2 assembles the shipped mma.sync
  /// kernels about 3x faster but into different code whose speed has not
  /// been measured.
  std::optional<int> ptxasOptLevel;
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
