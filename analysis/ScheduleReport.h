//===- ScheduleReport.h - a schedule analysis as text or JSON ---*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_ANALYSIS_SCHEDULEREPORT_H
#define GEMM_OPT_ANALYSIS_SCHEDULEREPORT_H

#include "analysis/ScheduleAnalysis.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace gemm_opt::analysis {

/// A human-readable report, one figure per line, headed by `title`.
void printScheduleReport(llvm::raw_ostream &os, llvm::StringRef title,
                         const ScheduleAnalysis &analysis);

/// The same figures as a JSON object (units in the key names).
llvm::json::Value toJSON(const ScheduleAnalysis &analysis);

} // namespace gemm_opt::analysis

#endif // GEMM_OPT_ANALYSIS_SCHEDULEREPORT_H
