//===- TuningDatabase.h - measured best schedules per problem ---*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The tuning database gemm-tune writes and the JIT consults: a readable JSON
// file with one entry per chip, element types and problem shape holding the
// schedule that measured fastest, its TFLOP/s, cuBLAS's and the ratio. No
// MLIR here (llvm::json only), so any component can link it.
//
//   {"format": "gemm-opt-tuning-database-1",
//    "entries": [{"chip": "sm_90a", "device": "NVIDIA H200",
//                 "a": "bf16", "b": "bf16", "c": "bf16",
//                 "m": 4096, "n": 4096, "k": 4096, "shape_class": "large",
//                 "block": [256, 128, 64], "requires_divisible": [1, 1, 1],
//                 "kernel_layouts": {"a": "row", "b": "row", "c": "row"},
//                 "candidate": "...",
//                 "schedule": "#tile.schedule<...>",
//                 "measured_tflops": 750.7, "cublas_tflops": 794.6,
//                 "ratio_to_cublas": 0.945, "predicted_tflops": 890.1,
//                 "model_rank": 2}]}
//
//
// The problems are row-major (the JIT's GemmArguments). An entry's kernel
// takes its operands either row-major too or every one column-major
// ("kernel_layouts", row-major when absent): such a kernel runs the
// row-major problem as its transpose C^T = B^T·A^T on the same memory
// (runtime/TransposedProblem.h, the JIT's GemmKernel), which is what a
// small M needs (gemm-tune's transposed candidates).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TUNING_TUNINGDATABASE_H
#define GEMM_OPT_TUNING_TUNINGDATABASE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace gemm_opt::tuning {

/// What a lookup asks for: the chip, the element types and the shape.
struct ProblemKey {
  std::string chip;
  std::string a, b, c;
  int64_t m = 0, n = 0, k = 0;
};

struct TuningEntry {
  ProblemKey problem;
  /// Device the measurement ran on, e.g. "NVIDIA H200".
  std::string device;
  /// The schedule: its block tile, what M, N and K must be multiples of
  /// for its kernel ("requires_divisible": [1, 1, 1] for wgmma kernels,
  /// which take any shape; the block tile for the others, and the default
  /// for entries that do not say), the tuner's candidate name and the
  /// `#tile.schedule<...>` text.
  std::array<int64_t, 3> block = {0, 0, 0};
  /// {0, 0, 0}: unknown, the block tile.
  std::array<int64_t, 3> divisibility = {0, 0, 0};
  std::string candidate;
  std::string schedule;
  /// The layouts of the kernel's A, B and C: "row" or "col" each.
  std::array<std::string, 3> kernelLayouts = {"row", "row", "row"};
  double measuredTflops = 0, cublasTflops = 0, ratioToCublas = 0;
  /// The static model's prediction and its rank of this candidate (1 = the
  /// model's favourite); 0 when unknown.
  double predictedTflops = 0;
  int64_t modelRank = 0;
  /// gemm_opt::matmul's kernel class of the measured problem
  /// (jit/MatmulProblem.h: layouts, batching, epilogue), for entries its
  /// tuning run measured; empty for gemm-tune's row-major entries. Entries
  /// with a class answer only matmul's chooser, for that class.
  std::string matmulClass;

  /// What M, N and K must be multiples of: `divisibility` when known, else
  /// the block tile.
  std::array<int64_t, 3> getDivisibility() const {
    return divisibility[0] > 0 ? divisibility : block;
  }

  /// Whether the kernel takes every operand column-major and so runs the
  /// (row-major) problem as its transpose, M and N exchanged.
  bool runsTransposed() const;
  /// Whether the kernel runs the row-major problem: in its own layouts or
  /// transposed (other layouts would need the operands copied).
  bool runsRowMajorProblems() const;
};

/// A coarse class of GEMM shapes, for reports and nearest-match lookups:
/// "skinny" (M or N ≤ 256), "deep-k" (M·N ≤ 4 Mi and K ≥ 4·max(M, N)),
/// "shallow-k" (K ≤ min(M, N)/4), "small" (M·N·K ≤ 2048³), else "large".
std::string classifyShape(int64_t m, int64_t n, int64_t k);

class TuningDatabase {
public:
  static constexpr llvm::StringLiteral FormatName =
      "gemm-opt-tuning-database-1";

  /// Reads a database file; a missing file is an error (callers that merge
  /// into a possibly new file check for it first).
  static llvm::Expected<TuningDatabase> load(llvm::StringRef path);
  static llvm::Expected<TuningDatabase> fromJSON(const llvm::json::Value &value);
  llvm::json::Value toJSON() const;
  /// Writes the database, entries sorted by chip, types and shape.
  llvm::Error save(llvm::StringRef path) const;

  /// Adds `entry`, replacing an entry for the same problem.
  void insert(TuningEntry entry);
  llvm::ArrayRef<TuningEntry> getEntries() const { return entries; }

  struct Match {
    const TuningEntry *entry;
    /// The entry is for exactly the asked shape.
    bool exact;
    /// Distance of the shapes in log2 space (0 when exact).
    double distance;
  };
  /// The entry for `problem`: the exact shape if present, else, among the
  /// entries of the same chip and element types whose kernel can run the
  /// asked shape (its divisibility divides it), the one of the same shape
  /// class nearest in log2(M), log2(N), log2(K), else the nearest of any
  /// class. Nothing if no entry of that chip and types can run the shape.
  /// Entries whose kernel does not run row-major problems
  /// (runsRowMajorProblems) and entries with a matmul class never answer.
  std::optional<Match> lookup(const ProblemKey &problem) const;

private:
  std::vector<TuningEntry> entries;
};

} // namespace gemm_opt::tuning

#endif // GEMM_OPT_TUNING_TUNINGDATABASE_H
