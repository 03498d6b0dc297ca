//===- CandidateChecker.h - which candidates compile ------------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Parses each candidate into a module (the tile.gemm verifier, i.e. the
// dialect's verifyGemmSchedule, runs as part of parsing) and runs
// tile-check-chip on it, so a candidate is kept exactly when gemm-translate
// would accept it; raster twins can take each other's verdict. Dropped
// candidates are counted by reason.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TUNING_SPACE_CANDIDATECHECKER_H
#define GEMM_OPT_TUNING_SPACE_CANDIDATECHECKER_H

#include "CandidateSpace.h"
#include "dialect/TileDialect.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringMap.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace gemm_opt::tune {

struct CheckCounts {
  int64_t enumerated = 0, illegal = 0, unsupported = 0, legal = 0;
  /// Drop reasons with the numbers replaced by N, and how often each came.
  std::map<std::string, int64_t> illegalReasons, unsupportedReasons;
  /// The first diagnostic of each reason with its numbers, to name what is
  /// wrong when nothing is legal ("wgmma needs sm_90a, got sm_80").
  std::map<std::string, std::string> reasonExamples;
};

/// What check() decided for a candidate: legal, or why it was dropped.
struct CheckVerdict {
  bool legal = false;
  /// Dropped by tile-check-chip rather than the verifier.
  bool unsupported = false;
  /// The drop reason with its numbers replaced by N, and as diagnosed.
  std::string reason, example;

  /// Adds the verdict of one candidate to `counts`.
  void countIn(CheckCounts &counts) const;
};

/// Owns the MLIR context (gemm-opt's dialects, single-threaded) the
/// candidates are parsed in.
class CandidateChecker {
public:
  explicit CandidateChecker(llvm::StringRef chip);

  /// The candidate's schedule if the verifier and tile-check-chip accept
  /// it; otherwise a null attribute, and `counts` records why.
  tile::ScheduleAttr check(const Candidate &candidate, CheckCounts &counts);

  /// Whether the verifier and tile-check-chip accept `candidate`'s
  /// module, and why not, with a legal candidate's schedule (from its
  /// module); counts nothing. A checker per thread may judge candidates in
  /// parallel (each has its own MLIR context).
  CheckVerdict judge(const Candidate &candidate, tile::ScheduleAttr &schedule);

  /// `candidate`'s schedule attribute alone, or null where it does not
  /// parse.
  tile::ScheduleAttr parseSchedule(const Candidate &candidate);

  /// The first `count` checkers that judge and parse for this one on other
  /// threads, made where missing (this call is not thread-safe). The
  /// schedules they parse live as long as this checker.
  llvm::ArrayRef<std::unique_ptr<CandidateChecker>> getHelpers(size_t count);

private:
  std::string chip;
  mlir::MLIRContext context;
  mlir::PassManager checkChip;
  std::vector<std::unique_ptr<CandidateChecker>> helpers;
};

} // namespace gemm_opt::tune

#endif // GEMM_OPT_TUNING_SPACE_CANDIDATECHECKER_H
