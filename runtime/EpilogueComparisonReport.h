//===- EpilogueComparisonReport.h - gemm-run --compare-epilogue output -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The table gemm-run --compare-epilogue prints (a markdown table, one row
// per pipeline of EpilogueComparison.h, with the fused kernel's speedup over
// each and issue 4's targets) and its JSON ("format":
// "gemm-run-epilogue-comparison-v1").
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_EPILOGUECOMPARISONREPORT_H
#define GEMM_OPT_RUNTIME_EPILOGUECOMPARISONREPORT_H

#include "runtime/Device.h"
#include "runtime/EpilogueComparison.h"
#include "runtime/GemmShape.h"
#include "runtime/KernelSpec.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace gemm_opt {
namespace runtime {

inline constexpr llvm::StringLiteral EpilogueComparisonFormatName =
    "gemm-run-epilogue-comparison-v1";

struct EpilogueComparisonReport {
  std::string input;      ///< What the user passed (.json or .mlir).
  std::string bundlePath; ///< The bundle that was loaded.
  /// Null in tests: the device lines are then left out.
  const DeviceInfo *device = nullptr;
  const KernelSpec *spec = nullptr;
  GemmShape shape;
  EpilogueComparisonOptions options;
  const EpilogueComparisonResult *result = nullptr;
};

/// "1.234x (target 1.20x: met)", "0.970x (target 1.20x: NOT met)", "1.050x"
/// or "n/a".
std::string formatSpeedup(std::optional<double> speedup,
                          std::optional<double> target);

void printEpilogueComparison(llvm::raw_ostream &os,
                             const EpilogueComparisonReport &report);

llvm::json::Value toJSON(const EpilogueComparisonReport &report);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_EPILOGUECOMPARISONREPORT_H
