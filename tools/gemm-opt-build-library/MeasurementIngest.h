//===- MeasurementIngest.h - measurements into the database -----*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// gemm-matmul-bench --tune times every kernel of a tuning library (built
// with gemm-opt-build-library --top N) against cuBLAS and writes what it
// measured:
//
//   {"format": "gemm-opt-matmul-measurements-1", "device": "NVIDIA H200",
//    "problems": [{"class", "chip", "a", "b", "c", "m", "n", "k",
//                  "cublas_ms",
//                  "candidates": [{"rank", "candidate", "schedule",
//                                  "kernel_layouts": ["row", "col", "row"],
//                                  "ms", "passed"}]}]}
//
// Ingesting it keeps, for each problem, the fastest candidate that passed
// its checks as a tuning-database entry of the problem's matmul class,
// unless the database holds a faster one for that class and shape.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TOOLS_GEMMOPTBUILDLIBRARY_MEASUREMENTINGEST_H
#define GEMM_OPT_TOOLS_GEMMOPTBUILDLIBRARY_MEASUREMENTINGEST_H

#include "tuning/TuningDatabase.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace gemm_opt {

inline constexpr llvm::StringLiteral MatmulMeasurementsFormat =
    "gemm-opt-matmul-measurements-1";

/// Adds the measured winners of the file at `path` to `database`; returns
/// how many problems it took.
llvm::Expected<size_t>
ingestMatmulMeasurements(llvm::StringRef path,
                         tuning::TuningDatabase &database);

} // namespace gemm_opt

#endif // GEMM_OPT_TOOLS_GEMMOPTBUILDLIBRARY_MEASUREMENTINGEST_H
