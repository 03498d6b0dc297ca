//===- TuningDatabaseChooser.h - schedules from the tuning db --*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A ScheduleChooser that picks the schedule per problem from the tuning
// database `gemm-tune ingest` writes (tuning/TuningDatabase.h):
//
//   auto chooser = gemm_opt::jit::TuningDatabaseChooser::load(
//       "tuning-database.json");
//   if (!chooser) ... llvm::toString(chooser.takeError()) ...
//   JitOptions options;
//   options.chooser = *chooser;
//   GemmJit jit(options);
//   auto kernel = jit.compileFor({m, n, k, "bf16", "bf16", "bf16", "sm_90a"},
//                                fallbackScheduleText);
//
// The rule: the database is asked with the problem's chip, element types
// (aType, bType, cType) and M, N, K (TuningDatabase::lookup: the entry for
// exactly that shape, else the nearest entry of the same shape class whose
// block tile divides M, N and K, else the nearest of any class whose tile
// divides them). When it answers, the chooser returns that entry's
// `#tile.schedule` in a module of its own (one plain tile.gemm on memrefs of
// the entry's element types and kernel layouts: an entry whose kernel takes
// every operand column-major runs the caller's row-major problem as its
// transpose C^T = B^T·A^T, which GemmKernel::launch arranges; entries of
// other layouts never answer). A caller whose tile.gemm fuses an epilogue
// (bias, alpha/beta, residual or activation) keeps its module, with only
// its `#tile.schedule` replaced by the entry's: the op says what is
// computed, the schedule only how. It returns the caller's schedule
// unchanged when
//   - the database has no entry for that chip and those element types
//     (an empty chip matches none), or none whose block tile divides the
//     shape;
//   - the entry's schedule cannot compute the caller's fused GEMM (its
//     verifier refuses, e.g. a direct store into a column-major C);
//   - the caller's schedule is batched (rank-3 operands): entries compute
//     one matrix product.
// choose() says which it was: the entry (exact or nearest), or why the
// caller's schedule is kept.
//
// Thread-safe: the database is read-only after construction.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_JIT_TUNINGDATABASECHOOSER_H
#define GEMM_OPT_JIT_TUNINGDATABASECHOOSER_H

#include "jit/ScheduleChooser.h"
#include "tuning/TuningDatabase.h"

#include <memory>
#include <optional>

namespace gemm_opt {
namespace jit {

class TuningDatabaseChooser final : public ScheduleChooser {
public:
  explicit TuningDatabaseChooser(tuning::TuningDatabase database);

  /// Reads the database at `path`; a missing, unreadable, non-JSON or
  /// malformed file is an error naming the path and what is wrong.
  static llvm::Expected<std::shared_ptr<TuningDatabaseChooser>>
  load(llvm::StringRef path);

  /// The entry's schedule module, or `requested` (see the rule above).
  llvm::Expected<std::string>
  chooseSchedule(const ProblemDescription &problem,
                 llvm::StringRef requested) const override;

  /// What chooseSchedule decides for `problem` and `requested`: the entry
  /// whose schedule it returns, or why it returns `requested`.
  struct Choice {
    /// The entry used; nothing when the requested schedule is kept.
    std::optional<tuning::TuningDatabase::Match> match;
    /// Why the requested schedule is kept, e.g. "the database has no entry
    /// for sm_80 with a=bf16 b=bf16 c=bf16"; empty when an entry is used.
    std::string fallbackReason;
  };
  Choice choose(const ProblemDescription &problem,
                llvm::StringRef requested) const;

  /// The database entry the chooser uses for `problem` (ignoring the fused
  /// epilogue rule, which looks at the requested text); nothing when it
  /// falls back.
  std::optional<tuning::TuningDatabase::Match>
  lookup(const ProblemDescription &problem) const;

  const tuning::TuningDatabase &getDatabase() const { return database; }

  /// The module compiled for `entry`: `func.func @<entry's candidate name,
  /// or "tuned_gemm">` holding one tile.gemm with the entry's schedule, its
  /// operands in the entry's kernel layouts.
  static std::string renderEntryModule(const tuning::TuningEntry &entry);

  /// Whether the module text's (non-comment) code fuses an epilogue.
  static bool fusesEpilogue(llvm::StringRef scheduleText);

  /// Whether the schedule text's (non-comment) code has a rank-3 memref
  /// (a batched tile.gemm): database entries are single GEMMs, so a
  /// batched request keeps its schedule.
  static bool takesBatches(llvm::StringRef scheduleText);

private:
  tuning::TuningDatabase database;
};

} // namespace jit
} // namespace gemm_opt

#endif // GEMM_OPT_JIT_TUNINGDATABASECHOOSER_H
