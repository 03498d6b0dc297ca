//===- AnalyzedSpace.h - the legal candidates and their analysis -*- C++
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//-*-===//
//
// What `gemm-tune plan` and `gemm-tune rank` share: checking their options
// (chip, device, element types, families), and per element type the
// enumeration, the check of every candidate (verifier + tile-check-chip)
// and the static model's shape-independent analysis of each legal one.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TUNING_SPACE_ANALYZEDSPACE_H
#define GEMM_OPT_TUNING_SPACE_ANALYZEDSPACE_H

#include "CandidateChecker.h"
#include "ProblemRanking.h"
#include "SpaceOptions.h"

#include "analysis/ChipPerformance.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace gemm_opt::tune {

/// The device of `options` (the chip's default when none is named), or an
/// error that names the offending option ("--device: ...").
llvm::Expected<analysis::ChipPerformance>
resolveSpaceOptions(const SpaceOptions &options);

struct AnalyzedSpace {
  /// The candidates the verifier and tile-check-chip accept, in
  /// enumeration order, each analyzed once (registers, occupancy, bank
  /// conflicts and tile figures do not depend on the shape).
  std::vector<AnalyzedCandidate> legal;
  CheckCounts counts;
};

/// Enumerates the candidates of `dtype`, checks and analyzes them; a
/// progress bar on `os` while it runs (on a terminal only).
llvm::Expected<AnalyzedSpace>
analyzeSpace(CandidateChecker &checker, const SpaceOptions &options,
             llvm::StringRef dtype, const analysis::ChipPerformance &device,
             llvm::raw_ostream &os);

/// An error naming why no candidate of `dtype` is legal (the most common
/// drop reasons, e.g. "wgmma needs sm_90a, got sm_80"), or success when
/// some is: a plan or ranking of nothing is not an answer.
llvm::Error checkSomeLegal(const SpaceOptions &options, llvm::StringRef dtype,
                           const CheckCounts &counts);

/// "bf16: N candidates enumerated, ..." and the drop reasons, one a line.
void printCheckCounts(llvm::raw_ostream &os, llvm::StringRef dtype,
                      const CheckCounts &counts);

} // namespace gemm_opt::tune

#endif // GEMM_OPT_TUNING_SPACE_ANALYZEDSPACE_H
