//===- BankConflictCache.h - bank conflicts memoised by input ---*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// simulateBankConflicts, memoised part by part by what each part reads
// (OperandConflictInputs of A and of B, EpilogueConflictInputs). The
// simulation is most of the cost of analysing a candidate, and a candidate
// space holds each tile in every raster order, split, persistence, store
// and register split (96 wgmma candidates), none of which an operand's
// patterns depend on, nor on the other operand's tile and layout; the
// epilogue's (the costlier part of a wgmma schedule) depend on none of the
// stages, the K tile and the operand layouts either.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_ANALYSIS_BANKCONFLICTCACHE_H
#define GEMM_OPT_ANALYSIS_BANKCONFLICTCACHE_H

#include "analysis/BankConflicts.h"

#include <map>
#include <mutex>
#include <optional>

namespace gemm_opt::analysis {

class BankConflictCache {
public:
  /// simulateBankConflicts(schedule), each part simulated on the first
  /// schedule with its inputs.
  mlir::FailureOr<llvm::SmallVector<BankConflictReport>>
  simulate(tile::ScheduleAttr schedule);

  /// Distinct inputs simulated so far, of the operands and the epilogue.
  size_t getOperandInputs() const {
    std::lock_guard<std::mutex> guard(mutex);
    return operands.size();
  }
  size_t getEpilogueInputs() const {
    std::lock_guard<std::mutex> guard(mutex);
    return epilogues.size();
  }

private:
  /// The reports of each part's inputs; none where the simulation failed.
  using Reports = std::optional<llvm::SmallVector<BankConflictReport>>;
  std::map<decltype(OperandConflictInputs().asTuple()), Reports> operands;
  std::map<decltype(EpilogueConflictInputs().asTuple()), Reports> epilogues;
  /// Guards the maps: threads may simulate through one cache.
  mutable std::mutex mutex;
};

} // namespace gemm_opt::analysis

#endif // GEMM_OPT_ANALYSIS_BANKCONFLICTCACHE_H
