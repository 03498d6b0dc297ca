//===- ProblemReference.h - fp64 reference of a GemmProblem ----*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// D(b, i, j) = act(alpha * sum_k A(b, i, k) * B(b, k, j) + beta * C(b, i, j)
//                  + bias(i, j)) + residual(i, j),
// in double, from the host inputs, at chosen entries of the output: all of
// them for small outputs, else seeded random
// samples plus the corners, last row and last column of each batch entry
// (chooseSampleEntries of Validation.h).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_PROBLEMREFERENCE_H
#define GEMM_OPT_RUNTIME_PROBLEMREFERENCE_H

#include "runtime/GemmProblem.h"
#include "runtime/ProblemInputs.h"

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <vector>

namespace gemm_opt {
namespace runtime {

/// One element of the output: batch entry, row, column.
struct OutputEntry {
  int64_t batch = 0;
  int64_t row = 0;
  int64_t col = 0;
};

/// Every output entry when there are at most `allEntriesLimit` of them
/// (over all batch entries), else `randomSamples` seeded samples (with the
/// corners, last row and last column) in each batch entry.
std::vector<OutputEntry> chooseOutputEntries(const GemmProblem &problem,
                                             int64_t allEntriesLimit,
                                             int64_t randomSamples,
                                             uint64_t seed);

/// The bias, activation and residual tail of the epilogue applied to
/// `value` (which already holds alpha * A * B + beta * C) at output entry
/// `entry`.
double applyEpilogueTail(const ProblemInputs &inputs, double value,
                         const OutputEntry &entry);

/// The fp64 reference at `entries`.
std::vector<double> computeProblemReference(const ProblemInputs &inputs,
                                            llvm::ArrayRef<OutputEntry> entries);

/// getToleranceFactor (ToleranceFactor.h) of `tolerance` at `entries`.
double computeProblemToleranceFactor(const ProblemInputs &inputs,
                                     llvm::ArrayRef<OutputEntry> entries,
                                     double tolerance);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_PROBLEMREFERENCE_H
