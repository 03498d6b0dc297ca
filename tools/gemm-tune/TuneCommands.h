//===- TuneCommands.h - gemm-tune's plan and ingest commands ----*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TOOLS_GEMMTUNE_TUNECOMMANDS_H
#define GEMM_OPT_TOOLS_GEMMTUNE_TUNECOMMANDS_H

#include "SpaceOptions.h"
#include "analysis/PerformanceModel.h"

#include <string>
#include <vector>

namespace gemm_opt::tune {

/// Exit codes: 0 success, 1 a step failed (compilation, no results),
/// 2 bad input (options, files).
enum ExitCode { ExitSuccess = 0, ExitFailure = 1, ExitBadInput = 2 };

struct PlanOptions : SpaceOptions {
  std::vector<analysis::GemmShape> shapes;
  unsigned top = 8;
  /// At most this many candidates of one structure (family, block tile,
  /// warp tile, split_k, persistence, epilogue store) in a problem's
  /// shortlist (the rest are variants the model barely tells apart:
  /// stages, raster, register split).
  unsigned variants = 2;
  /// Exploration controls per problem beyond the shortlist
  /// (ProblemRanking.h).
  unsigned explore = 0;
  /// Shortlist picks (the first ones) whose raster twins are measured too
  /// (ProblemRanking.h).
  unsigned twins = 0;
  /// Empty: rank only. Else write the manifest there and, unless
  /// `compile` is off, compile the top candidates into bundles.
  std::string directory;
  bool compile = true;
  /// Keep each bundle's PTX (gemm-run loads the cubin; without the PTX a
  /// plan is about 40% of the size).
  bool keepPtx = false;
  unsigned jobs = 2;
  std::string gemmTranslate, gemmRun;
};

/// Enumerates, checks, ranks and (optionally) compiles; prints the counts
/// and rankings.
int runPlan(const PlanOptions &options);

struct RankOptions : SpaceOptions {
  std::vector<analysis::GemmShape> shapes;
  /// Candidates to report: those whose name this regular expression
  /// matches (llvm::Regex, unanchored).
  std::string match;
  /// Empty: report only. Else also write each reported candidate's module
  /// (the one plan compiles) to DIR/<name>.mlir.
  std::string moduleDirectory;
};

/// Enumerates, checks and ranks like plan, and prints where the model puts
/// the matching candidates in its order of all that run each problem.
int runRank(const RankOptions &options);

struct IngestOptions {
  std::string directory, results, database;
};

/// Reads a plan's manifest and the measurements of scripts/tune-measure.sh,
/// updates the tuning database and prints the table.
int runIngest(const IngestOptions &options);

} // namespace gemm_opt::tune

#endif // GEMM_OPT_TOOLS_GEMMTUNE_TUNECOMMANDS_H
