//===- SweepCoverPlan.h - Schedules for the cases no bundle claims -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The shipped bundles cover a few combinations of element types, layouts,
// epilogues and batching; a random case often needs another. A user would
// compile a schedule for it (the JIT does that in-process); the GPU machine
// has no compiler, so the sweep plans instead: `gemm-sweep DIR --plan-cover
// OUT` draws the seed's cases (aimed at DIR's bundles, as on the device),
// and for each one no bundle claims writes a schedule that should (one file
// per combination, OUT/<name>.mlir). scripts/prepare-sweep-cover.sh compiles
// them into DIR/sweep-cover/, which `--cover` loads as kernels to choose
// from but not to aim cases at, so the cases stay the same.
//
// The schedule for a combination:
//   - bf16 or f16: wgmma 128x128x64 (one consumer warpgroup of 64x128 per
//     half), 4 TMA stages, warp-specialized, persistent; the tma epilogue
//     store (down the columns of a column-major C);
//   - f32: the same on tf32 (K = 32); the kernel reads a column-major A
//     into registers; a GEMM on row-major A and B without a bias runs as
//     C^T = B^T·A^T (tile-exchange-operands), otherwise the compiler
//     stages K-major copies of a row-major B, batched or not
//     (tile-stage-transposed-operands);
// with the case's layouts, batching and fused epilogue (alpha_beta when
// alpha != 1 or beta != 0, its bias, its activation). The compiler may
// still refuse a combination (e.g. a fused epilogue with batches); the
// script records the diagnostic.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TOOLS_GEMMSWEEP_SWEEPCOVERPLAN_H
#define GEMM_OPT_TOOLS_GEMMSWEEP_SWEEPCOVERPLAN_H

#include "tools/gemm-sweep/SweepBundles.h"
#include "tools/gemm-sweep/SweepCase.h"

#include "jit/ScheduleDescription.h"
#include "runtime/GemmProblem.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace gemm_opt {
namespace sweep {

/// The schedule a kernel for `problem`'s combination is compiled from
/// (named after the combination, e.g. cover_bf16_crr_ab_biasrow_relu_batched),
/// or why there is none.
llvm::Expected<jit::ScheduleDescription>
planCoverSchedule(const runtime::GemmProblem &problem);

/// Creates the output directory `directory` unless it is one already; its
/// parent must exist (a typo in a path should not grow a tree), else a
/// BadInput error says which part is missing or not a directory.
llvm::Error createOutputDirectory(llvm::StringRef directory);

/// What writeCoverPlan did.
struct CoverPlanCounts {
  /// Cases no loaded kernel claims, those of them without a schedule, and
  /// the schedules written (one per combination).
  unsigned uncovered = 0, unplannable = 0, written = 0;
};

/// --plan-cover: writes DIR/<name>.mlir for each combination that `cases`
/// need and no kernel of `bundles` claims, each headed by a comment naming
/// `origin` (the artifacts directory and seed) and its first case; prints
/// a line per such case to `os`. Fails (BadInput) when DIR cannot be
/// created (createOutputDirectory) or a file cannot be written. Bundles
/// that did not load are the caller's to report.
llvm::Expected<CoverPlanCounts> writeCoverPlan(const SweepBundles &bundles,
                                               llvm::ArrayRef<SweepCase> cases,
                                               llvm::StringRef directory,
                                               llvm::StringRef origin,
                                               llvm::raw_ostream &os);

} // namespace sweep
} // namespace gemm_opt

#endif // GEMM_OPT_TOOLS_GEMMSWEEP_SWEEPCOVERPLAN_H
