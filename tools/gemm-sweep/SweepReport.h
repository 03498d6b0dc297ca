//===- SweepReport.h - The sweep's table, failures and JSON ----*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TOOLS_GEMMSWEEP_SWEEPREPORT_H
#define GEMM_OPT_TOOLS_GEMMSWEEP_SWEEPREPORT_H

#include "tools/gemm-sweep/SweepRunner.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace gemm_opt {
namespace sweep {

/// Format name of gemm-sweep's JSON output.
inline constexpr llvm::StringLiteral SweepResultFormatName =
    "gemm-sweep-result-v1";

struct SweepSummary {
  std::string artifactsDirectory;
  uint64_t seed = 0;
  std::vector<std::string> loadErrors; ///< Bundles that did not load.
  std::vector<CaseResult> cases;

  /// Failed cases plus bundles that did not load.
  size_t countFailures() const;
};

/// One line: "case I: outcome (reason) problem [kernel] message" ("fp8
/// case J: ..." for an FP8 case, "grouped case J: ..." for a grouped one).
void printCaseResult(llvm::raw_ostream &os, const CaseResult &result);

/// "NAME 1.23e-03; " with " (K NaN/Inf)" and " FAIL" where they apply.
void describeErrorMetric(llvm::raw_ostream &os, llvm::StringRef name,
                         const runtime::ErrorMetric &metric);

/// The gemm-sweep command that runs `result`'s case alone.
std::string getReplayCommand(const SweepSummary &summary,
                             const CaseResult &result);

/// A table of counts per outcome and reason, then printSweepFailures.
void printSweepSummary(llvm::raw_ostream &os, const SweepSummary &summary);

/// One line per bundle that did not load and per failed case (with its
/// replay command), then the count of failures.
void printSweepFailures(llvm::raw_ostream &os, const SweepSummary &summary);

/// Every case with its outcome, reason, kernel, message and errors.
llvm::json::Value toJSON(const SweepSummary &summary);

} // namespace sweep
} // namespace gemm_opt

#endif // GEMM_OPT_TOOLS_GEMMSWEEP_SWEEPREPORT_H
