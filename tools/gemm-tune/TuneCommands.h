//===- TuneCommands.h - gemm-tune's plan and ingest commands ----*- C++ -*-===//

#ifndef GEMM_OPT_TOOLS_GEMMTUNE_TUNECOMMANDS_H
#define GEMM_OPT_TOOLS_GEMMTUNE_TUNECOMMANDS_H

#include "analysis/PerformanceModel.h"

#include <string>
#include <vector>

namespace gemm_opt::tune {

/// Exit codes: 0 success, 1 a step failed (compilation, no results),
/// 2 bad input (options, files).
enum ExitCode { ExitSuccess = 0, ExitFailure = 1, ExitBadInput = 2 };

struct PlanOptions {
  std::string chip, device;
  std::vector<std::string> dtypes, families;
  std::vector<analysis::GemmShape> shapes;
  unsigned top = 8;
  /// At most this many candidates of one family, block tile, warp tile and
  /// split_k in a problem's shortlist (the rest are variants the model
  /// barely tells apart: stages, raster, register split).
  unsigned variants = 2;
  /// Exploration controls per problem beyond the shortlist
  /// (ProblemRanking.h).
  unsigned explore = 0;
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

struct IngestOptions {
  std::string directory, results, database;
};

/// Reads a plan's manifest and the measurements of scripts/tune-measure.sh,
/// updates the tuning database and prints the table.
int runIngest(const IngestOptions &options);

} // namespace gemm_opt::tune

#endif // GEMM_OPT_TOOLS_GEMMTUNE_TUNECOMMANDS_H
