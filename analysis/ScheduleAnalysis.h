//===- ScheduleAnalysis.h - static analysis of a tile schedule --*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Everything the static model knows about one schedule on one device:
// shared memory, registers, occupancy, arithmetic intensity against the
// device's balance points, simulated bank conflicts, and optionally the
// predicted bound, time and TFLOP/s for a problem shape. Callers: the
// tile-analyze-schedule pass and gemm-tune's ranking.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_ANALYSIS_SCHEDULEANALYSIS_H
#define GEMM_OPT_ANALYSIS_SCHEDULEANALYSIS_H

#include "analysis/BankConflictCache.h"
#include "analysis/BankConflicts.h"
#include "analysis/ChipPerformance.h"
#include "analysis/PerformanceModel.h"
#include "analysis/ResourceEstimate.h"
#include "dialect/TileDialect.h"
#include "llvm/Support/Error.h"

namespace gemm_opt::analysis {

struct ScheduleAnalysis {
  tile::ScheduleAttr schedule;
  ChipPerformance device;
  int64_t threads = 0;
  int64_t sharedMemoryBytes = 0;
  /// Whether the shape runs the schedule's whole-tile variant (the block
  /// tile divides it; the runtime also needs 16-byte aligned operands,
  /// which the model assumes): registers and occupancy are then the
  /// variant's.
  bool wholeTileVariant = false;
  RegisterEstimate registers;
  Occupancy occupancy;
  TileFigures tile;
  llvm::SmallVector<BankConflictReport> bankConflicts;
  std::optional<ShapePrediction> prediction;
};

/// Analyzes `schedule` (already verified) on `device`, and predicts `shape`
/// when given; with `bankConflicts`, simulates bank conflicts through it.
/// Errors: the device does not run the schedule's chip, the shape is empty,
/// or the schedule's kernels need whole tiles (acceptsRaggedShapes) and the
/// block tile does not divide the shape.
llvm::Expected<ScheduleAnalysis>
analyzeSchedule(tile::ScheduleAttr schedule, const ChipPerformance &device,
                std::optional<GemmShape> shape = std::nullopt,
                BankConflictCache *bankConflicts = nullptr);

/// The device `name` names, or the schedule chip's default device when
/// `name` is empty; an error if it is unknown or does not run the chip.
llvm::Expected<ChipPerformance> resolveDevice(tile::ScheduleAttr schedule,
                                              llvm::StringRef name);

} // namespace gemm_opt::analysis

#endif // GEMM_OPT_ANALYSIS_SCHEDULEANALYSIS_H
