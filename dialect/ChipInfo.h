//===- ChipInfo.h - what each target chip can do ----------------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_DIALECT_CHIPINFO_H
#define GEMM_OPT_DIALECT_CHIPINFO_H

#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <optional>

namespace gemm_opt::tile {

/// Limits of one target chip that schedules are checked against.
struct ChipInfo {
  llvm::StringRef name;
  /// Compute capability, e.g. 90 for sm_90a.
  int computeCapability;
  /// Largest dynamic shared memory one block may opt in to, in bytes.
  int64_t maxSharedMemoryPerBlock;
  int64_t maxThreadsPerBlock;
  /// Whether the chip has the `wgmma`/`setmaxnreg` instructions (sm_90a).
  bool hasWarpgroupMma;
  /// Minimum PTX ISA version the chip needs, e.g. 80 for PTX 8.0.
  int ptxVersion;
  /// 32-bit registers one block may hold, and one thread.
  int64_t maxRegistersPerBlock;
  int64_t maxRegistersPerThread;
  /// Threads resident on one SM at most.
  int64_t maxThreadsPerMultiprocessor;

  /// Whether the chip has TMA (`cp.async.bulk.tensor`) and thread-block
  /// clusters (sm_90 and newer).
  bool hasTma() const { return computeCapability >= 90; }
  bool hasClusters() const { return computeCapability >= 90; }
};

/// The chip named `name` ("sm_80", "sm_86", "sm_89", "sm_90", "sm_90a"), or
/// nothing if gemm-opt does not know it.
std::optional<ChipInfo> lookupChip(llvm::StringRef name);

/// The chips gemm-opt knows, for diagnostics: "sm_80, sm_86, ...".
llvm::StringRef knownChipList();

} // namespace gemm_opt::tile

#endif // GEMM_OPT_DIALECT_CHIPINFO_H
