//===- Report.h - Human and JSON reports of a benchmark --------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_REPORT_H
#define GEMM_OPT_RUNTIME_REPORT_H

#include "runtime/Device.h"
#include "runtime/GemmBenchmark.h"
#include "runtime/GemmShape.h"
#include "runtime/KernelSpec.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace gemm_opt {
namespace runtime {

/// Format name of gemm-run's JSON output.
inline constexpr llvm::StringLiteral ResultFormatName = "gemm-run-result-v1";

struct RunReport {
  std::string input;      ///< What the user passed (.json or .mlir).
  std::string bundlePath; ///< The bundle that was loaded.
  const DeviceInfo *device = nullptr;
  const KernelSpec *spec = nullptr;
  GemmShape shape;
  BenchmarkOptions options;
  const BenchmarkResult *result = nullptr;
};

/// One check's result as JSON (relative_frobenius, max_abs_error, entries,
/// non_finite, tolerance, pass; NaN as null).
llvm::json::Value metricJSON(const ErrorMetric &metric);

/// The "amax     : ..." line of an FP8 kernel's amax check; `cublasRefusal`
/// says why cuBLASLt computed none (else empty).
void printAmaxCheck(llvm::raw_ostream &os, const AmaxCheck &amax,
                    llvm::StringRef cublasRefusal);

/// The same as JSON (kernel, cublaslt, largest_stored, consistent_with_c,
/// bit_identical_to_cublaslt, pass).
llvm::json::Value amaxJSON(const AmaxCheck &amax);

/// The short readable report gemm-run prints.
void printReport(llvm::raw_ostream &os, const RunReport &report);

/// The same results as JSON ("format": "gemm-run-result-v1").
llvm::json::Value toJSON(const RunReport &report);

/// JSON for a run that ended in an error before producing results.
llvm::json::Value makeErrorJSON(llvm::StringRef input, const GemmShape &shape,
                                int exitCode, llvm::StringRef message);

/// Writes `value` (pretty-printed) to `path`.
llvm::Error writeJSONFile(llvm::StringRef path, const llvm::json::Value &value);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_REPORT_H
