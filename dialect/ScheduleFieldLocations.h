//===- ScheduleFieldLocations.h - where a schedule's fields were written --===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Attributes carry no locations, but a schedule's problems are problems of
// its fields: too many `stages`, a `swizzle` that does not fit, a `warp` tile
// that does not divide the block. The #tile.schedule parser records where
// each field was written, in a table the dialect owns (per context, so
// a location never outlives its source), and the verifier reports such a
// problem there, worded as the op's error.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_DIALECT_SCHEDULEFIELDLOCATIONS_H
#define GEMM_OPT_DIALECT_SCHEDULEFIELDLOCATIONS_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <mutex>
#include <optional>
#include <string>
#include <utility>

namespace gemm_opt::tile {

class ScheduleAttr;

/// The fields of one parsed schedule and where each was written.
class ScheduleFieldLocations {
public:
  void record(llvm::StringRef field, mlir::Location loc) {
    fields.emplace_back(field.str(), loc);
  }

  /// Keeps these locations for `schedule` (the first parse of a schedule's
  /// text wins: an identical schedule is the same attribute).
  void attachTo(ScheduleAttr schedule);

  /// Where `field` of `schedule` was written, if it was parsed from text.
  static std::optional<mlir::Location> lookup(ScheduleAttr schedule,
                                              llvm::StringRef field);

private:
  friend class ScheduleFieldTable;
  llvm::SmallVector<std::pair<std::string, mlir::Location>, 12> fields;
};

/// The dialect's table of parsed schedules' field locations.
class ScheduleFieldTable {
public:
  void insert(mlir::Attribute schedule, ScheduleFieldLocations &&where);
  std::optional<mlir::Location> lookup(mlir::Attribute schedule,
                                       llvm::StringRef field);

private:
  std::mutex mutex;
  llvm::DenseMap<mlir::Attribute, ScheduleFieldLocations> entries;
};

/// An error about `field` of `schedule`, the schedule of `op`, worded as
/// `op`'s error ("'tile.gemm' op ..."): at the field where the schedule's
/// text gave it, else at `op`.
mlir::InFlightDiagnostic emitScheduleError(mlir::Operation *op,
                                           ScheduleAttr schedule,
                                           llvm::StringRef field);

} // namespace gemm_opt::tile

#endif // GEMM_OPT_DIALECT_SCHEDULEFIELDLOCATIONS_H
