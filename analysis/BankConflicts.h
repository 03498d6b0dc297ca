//===- BankConflicts.h - simulated shared-memory bank conflicts -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Replays, lane by lane, the shared-memory accesses the lowering emits for a
// schedule (addresses through SharedAddressEvaluator, i.e. through the
// lowering's own swizzle/padding code) and counts the wavefronts each warp
// instruction needs on 32 four-byte banks:
//
//   mma.sync  cp.async 16-byte writes of A and B (consecutive threads take
//             consecutive 16-byte chunks of a row), ldmatrix.x4 reads (four
//             phases of 8 lanes × one 16-byte row each; A plain, B .trans);
//   wgmma     TMA writes (conflict-free by construction: the TMA unit writes
//             whole 128-byte swizzle rows), wgmma operand reads of 8-row ×
//             16-byte core matrices through the 128-byte swizzle, and the
//             f32 epilogue staging tile: the accumulator fragment writes of
//             nvgpu.warpgroup.mma.store and the 16-byte reads of the store
//             loop.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_ANALYSIS_BANKCONFLICTS_H
#define GEMM_OPT_ANALYSIS_BANKCONFLICTS_H

#include "dialect/TileDialect.h"
#include "llvm/ADT/SmallVector.h"
#include <string>
#include <tuple>

namespace gemm_opt::analysis {

/// One warp-wide shared-memory instruction: the byte address of each active
/// lane, all accesses `accessBytes` wide (4, 8 or 16).
struct WarpSharedAccess {
  int64_t accessBytes;
  llvm::SmallVector<int64_t, 32> laneAddresses;
};

/// Wavefronts `access` takes. Lanes are served in phases (32 lanes for
/// accesses up to 4 bytes, 16 for 8-byte, 8 for 16-byte ones; ldmatrix's
/// eight row addresses per matrix are one 16-byte phase); in a phase each
/// bank delivers one distinct 4-byte word per wavefront (lanes reading the
/// same word share it).
int64_t countWavefronts(const WarpSharedAccess &access);

/// Wavefronts the same number of bytes would take without conflicts.
int64_t countIdealWavefronts(const WarpSharedAccess &access);

/// The simulated conflicts of one access pattern over all warp instructions
/// of one block's K tile (operands) or one tile's epilogue.
struct BankConflictReport {
  std::string buffer;   // "A", "B", "C staging"
  std::string pattern;  // "cp.async 16B writes", "ldmatrix.x4 reads", ...
  std::string layout;   // "#tile.swizzle<64>", ...
  int64_t instructions = 0;
  int64_t wavefronts = 0;
  int64_t idealWavefronts = 0;
  /// Not simulated: conflict-free by construction (TMA writes).
  bool byConstruction = false;
  /// Wavefronts per ideal wavefront: 1.0 is conflict-free, 2.0 two-way.
  double getConflictFactor() const {
    return idealWavefronts ? double(wavefronts) / idealWavefronts : 1.0;
  }
};

/// Everything the simulation of one operand's tile (its copies into shared
/// memory and the MMA's reads of it) reads of a schedule. Schedules that
/// differ only in what is not here (the other operand's tile and layout,
/// grid, register split, store, chip) have the same conflicts on the
/// operand, so this is also the key they are memoised by
/// (BankConflictCache.h).
struct OperandConflictInputs {
  tile::MmaKind mma = tile::MmaKind::sync;
  /// A (BM×BK, K-major) or B (BK×BN, N-major).
  bool isA = true;
  mlir::Type element;
  /// The stage buffer: `stages` of rows × cols elements in `layout`.
  int64_t stages = 0, rows = 0, cols = 0;
  mlir::Attribute layout;
  /// Warps (mma.sync) or warpgroup tiles (wgmma) along M and N, and their
  /// extent along the operand's M (A) or N (B).
  int64_t warpsM = 0, warpsN = 0, warpExtent = 0;
  /// Threads of a block (mma.sync copies) and consumer warpgroups (wgmma
  /// reads), as tile::ScheduleResources counts them.
  int64_t threads = 0, consumerWarpgroups = 0;

  static OperandConflictInputs get(tile::ScheduleAttr schedule, bool isA);
  auto asTuple() const {
    return std::make_tuple(mma, isA, element.getAsOpaquePointer(), stages, rows,
                           cols, layout.getAsOpaquePointer(), warpsM, warpsN,
                           warpExtent, threads, consumerWarpgroups);
  }
};

/// Everything the simulation of a wgmma epilogue's staging tile reads of a
/// schedule: not the K tile, the stages or the operands' layouts.
struct EpilogueConflictInputs {
  tile::MmaKind mma = tile::MmaKind::sync;
  mlir::Type elementC;
  int64_t blockM = 0, blockN = 0, warpM = 0, warpN = 0;
  /// Consumer warpgroups, and the row length in f32 of a `vector` store's
  /// staging tile (tile::ScheduleResources).
  int64_t consumerWarpgroups = 0, stagingRowElements = 0;
  tile::EpilogueStore store = tile::EpilogueStore::direct;

  static EpilogueConflictInputs get(tile::ScheduleAttr schedule);
  int64_t getWarpsN() const { return blockN / warpN; }
  auto asTuple() const {
    return std::make_tuple(mma, elementC.getAsOpaquePointer(), blockM, blockN,
                           warpM, warpN, consumerWarpgroups, stagingRowElements,
                           store);
  }
};

/// The access patterns of one operand's tile of a schedule with `inputs`
/// (its writes, then the MMA's reads), simulated, or failure if its
/// layout's address computation cannot be evaluated.
mlir::FailureOr<llvm::SmallVector<BankConflictReport>>
simulateOperandConflicts(const OperandConflictInputs &inputs);

/// The access patterns of the epilogue's staging tile of a schedule with
/// `inputs` (none but for wgmma with a vector or tma store), simulated.
mlir::FailureOr<llvm::SmallVector<BankConflictReport>>
simulateEpilogueConflicts(const EpilogueConflictInputs &inputs);

/// Every access pattern of `schedule`'s shared memory, simulated (A's
/// patterns, B's, then the epilogue's), or failure if a layout's address
/// computation cannot be evaluated.
mlir::FailureOr<llvm::SmallVector<BankConflictReport>>
simulateBankConflicts(tile::ScheduleAttr schedule);

} // namespace gemm_opt::analysis

#endif // GEMM_OPT_ANALYSIS_BANKCONFLICTS_H
