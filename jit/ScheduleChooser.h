//===- ScheduleChooser.h - picking a schedule for a problem -----*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The extension point through which the JIT picks the schedule to compile
// for a problem shape, e.g. from a tuning database (TuningDatabaseChooser.h).
// GemmJit asks its chooser in compileFor(); the default returns the schedule
// it is given.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_JIT_SCHEDULECHOOSER_H
#define GEMM_OPT_JIT_SCHEDULECHOOSER_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>

namespace gemm_opt {
namespace jit {

/// What a chooser may look at: the GEMM's sizes, element types and chip.
struct ProblemDescription {
  int64_t m = 0, n = 0, k = 0;
  std::string aType = "bf16", bType = "bf16", cType = "bf16";
  std::string chip; ///< e.g. "sm_90a"; empty when unknown.
};

/// Implementations must be thread-safe: GemmJit calls them from any thread.
class ScheduleChooser {
public:
  virtual ~ScheduleChooser();

  /// Returns the schedule text (a module as in examples/*.mlir) to compile
  /// for `problem`; `requested` is the caller's schedule text, the fallback.
  virtual llvm::Expected<std::string>
  chooseSchedule(const ProblemDescription &problem,
                 llvm::StringRef requested) const = 0;
};

/// Returns the requested schedule unchanged.
class RequestedScheduleChooser final : public ScheduleChooser {
public:
  llvm::Expected<std::string>
  chooseSchedule(const ProblemDescription &problem,
                 llvm::StringRef requested) const override;
};

} // namespace jit
} // namespace gemm_opt

#endif // GEMM_OPT_JIT_SCHEDULECHOOSER_H
