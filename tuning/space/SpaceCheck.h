//===- SpaceCheck.h - which candidates of a space compile, in parallel -*- C++
//-*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The verifier and tile-check-chip over a whole candidate space. Raster
// twins compile alike: the verifier and tile-check-chip read a grid's raster
// order and group only to check the group's range, which every raster of
// the space is in (MemoisedAnalysisTest checks it). So only the first of
// each set of twins is judged, which spares the modules of three in four
// wgmma candidates. The judging runs on several threads, each with a
// checker (an MLIR context) of its own; the counts and the legal
// schedules come out as one checker would give them, in enumeration order,
// the schedules in the given checker's context.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TUNING_SPACE_SPACECHECK_H
#define GEMM_OPT_TUNING_SPACE_SPACECHECK_H

#include "CandidateChecker.h"

#include "llvm/ADT/ArrayRef.h"

#include <vector>

namespace gemm_opt::tune {

/// Each candidate's schedule where the verifier and tile-check-chip for
/// `chip` accept it, else a null attribute; `counts` records every verdict.
/// `threads` 0: as many as the machine has, at most 16.
std::vector<tile::ScheduleAttr> checkCandidates(CandidateChecker &checker,
                                                llvm::StringRef chip,
                                                llvm::ArrayRef<Candidate> space,
                                                CheckCounts &counts,
                                                unsigned threads = 0);

} // namespace gemm_opt::tune

#endif // GEMM_OPT_TUNING_SPACE_SPACECHECK_H
