//===- SpaceCheck.h - which candidates of a space compile, in parallel -*- C++
//-*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The verifier and tile-check-chip over a whole candidate space, and the
// analysis of the legal candidates. Raster twins compile alike: the
// verifier and tile-check-chip read a grid's raster order and group only to
// check the group's range, which every raster of the space is in
// (MemoisedAnalysisTest checks it). So only the first of each set of twins
// is judged, which spares the modules of three in four wgmma candidates;
// the others' schedules are parsed alone. Sets of twins are shared out
// among threads, each with a helper checker (an MLIR context) of the given
// checker's, which parses and analyses its sets' legal schedules too. The
// counts come out as one checker would give them, in enumeration order.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TUNING_SPACE_SPACECHECK_H
#define GEMM_OPT_TUNING_SPACE_SPACECHECK_H

#include "CandidateChecker.h"

#include "analysis/ScheduleAnalysis.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>
#include <vector>

namespace gemm_opt::tune {

/// What checkCandidates found for one candidate.
struct CandidateCheck {
  /// Null where the verifier or tile-check-chip refused it. It lives in a
  /// context of the checker given or of one of its helpers.
  tile::ScheduleAttr schedule;
  /// The analysis of a legal schedule, where one was asked for.
  std::optional<llvm::Expected<analysis::ScheduleAnalysis>> analysis;
};

using AnalyzeSchedule =
    llvm::function_ref<llvm::Expected<analysis::ScheduleAnalysis>(
        tile::ScheduleAttr)>;

/// Each candidate's check, in enumeration order; `counts` records every
/// verdict. With `analyze`, each legal schedule is analysed by it on the
/// thread that parsed it (it must be thread-safe). `threads` 0: as many as
/// the machine has, at most 16.
std::vector<CandidateCheck>
checkCandidates(CandidateChecker &checker, llvm::ArrayRef<Candidate> space,
                CheckCounts &counts,
                std::optional<AnalyzeSchedule> analyze = std::nullopt,
                unsigned threads = 0);

} // namespace gemm_opt::tune

#endif // GEMM_OPT_TUNING_SPACE_SPACECHECK_H
