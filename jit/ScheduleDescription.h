//===- ScheduleDescription.h - a schedule as a C++ struct -------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The C++ form of a `#tile.schedule` (see dialect/TileAttrs.td) for callers
// that build schedules in code, e.g. a tuner. renderScheduleModule() turns
// it into the same DSL text examples/*.mlir hold; compiling that text runs
// the dialect's schedule verifier, so an impossible description fails with
// the verifier's diagnostic, not here.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_JIT_SCHEDULEDESCRIPTION_H
#define GEMM_OPT_JIT_SCHEDULEDESCRIPTION_H

#include "llvm/ADT/StringRef.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace gemm_opt {
namespace jit {

/// Shared-memory layout of one operand: an XOR swizzle `swizzleBytes`
/// wide, or rows padded by `padElements` elements (when padElements > 0,
/// or swizzleBytes is 0: `#tile.pad<0>`, unpadded rows, as SIMT
/// schedules' B takes).
struct SharedLayoutDescription {
  int64_t swizzleBytes = 128;
  int64_t padElements = 0;
};

struct WarpSpecializationDescription {
  int64_t producerRegisters = 40;
  int64_t consumerRegisters = 232;
};

/// `#tile.grid`: a persistent grid or one block per tile, the raster order
/// ("along_m" or "along_n") with its group size, and split-K.
struct GridDescription {
  bool persistent = true;
  std::string raster = "along_m";
  int64_t group = 8;
  int64_t splitK = 1;
  /// stream_k: "1", "2" or "spares"; empty: data-parallel.
  std::string streamK;
};

/// The fused operations of the op's `#tile.epilogue`: D =
/// activation(alpha·A·B + beta·C + bias) + residual. What is computed, not
/// how: any schedule takes any of them (as far as the verifier allows).
struct FusedEpilogueDescription {
  bool alphaBeta = false;
  std::string bias = "none";       ///< "none", "row" or "column".
  std::string activation = "none"; ///< "none", "relu", "gelu_tanh", ...
  bool residual = false;
};

/// Field for field what `#tile.schedule` holds, plus the problem's element
/// types, layouts and fused epilogue that the rendered module's tile.gemm
/// states; defaults are the bf16 wgmma example
/// (examples/gemm_bf16_wgmma_sm90.mlir).
struct ScheduleDescription {
  std::string name = "gemm"; ///< The func's name in the rendered module.
  std::string chip = "sm_90a";
  std::array<int64_t, 3> block = {128, 256, 64}; ///< BM, BN, BK.
  std::array<int64_t, 2> warp = {64, 256};       ///< WM, WN.
  std::string mmaKind = "wgmma";                 ///< "sync", "wgmma", "ffma".
  std::array<int64_t, 3> mma = {64, 256, 16};    ///< m, n, k.
  std::string aType = "bf16", bType = "bf16", cType = "bf16",
              accumulatorType = "f32";
  SharedLayoutDescription smemA, smemB;
  int64_t stages = 3;
  std::string load = "tma"; ///< "cp_async" or "tma".
  /// `ragged = true` of a cp_async (mma.sync) pipeline: the kernel takes any
  /// shape and pitch, slower on whole tiles (passes/mma_sync/CpAsyncTileCopies.h).
  bool ragged = false;
  std::optional<WarpSpecializationDescription> specialization =
      WarpSpecializationDescription{};
  std::optional<GridDescription> grid = GridDescription{};
  /// `#tile.store<...>`: "tma", "vector" or "direct"; none: the field is
  /// left out (direct).
  std::optional<std::string> store = std::string("tma");
  /// Rounds of a tma store (1: the field is left out).
  int64_t storeRounds = 1;
  /// The op's `#tile.epilogue`: the module's function then takes alpha and
  /// beta (f32), the bias (a vector of C's type) and the residual (like C)
  /// after C, as far as the epilogue uses them.
  FusedEpilogueDescription fused;
  /// Each operand's major order in the module: "row" or "col" (a
  /// column-major operand is a strided<[1, ?]> memref).
  std::string aLayout = "row", bLayout = "row", cLayout = "row";
  /// The module's tile.gemm takes batches of matrices (3-D operands): the
  /// kernel runs GemmArguments::batch entries with per-operand strides.
  bool batched = false;
};

/// Whether `name` can name the rendered module's function: a letter or
/// '_', then letters, digits and '_'.
bool isSymbolName(llvm::StringRef name);

/// The `#tile.schedule<...>` attribute text.
std::string renderScheduleAttribute(const ScheduleDescription &schedule);

/// A module holding `func.func @<name>` with one tile.gemm using the
/// schedule, ready to compile.
std::string renderScheduleModule(const ScheduleDescription &schedule);

/// Like renderScheduleModule, with `scheduleAttribute` (a
/// `#tile.schedule<...>` text) as the schedule: `what` contributes only
/// what the GEMM computes (name, element types, layouts, batched, the fused
/// epilogue).
std::string renderGemmModule(const ScheduleDescription &what,
                             const std::string &scheduleAttribute);

} // namespace jit
} // namespace gemm_opt

#endif // GEMM_OPT_JIT_SCHEDULEDESCRIPTION_H
