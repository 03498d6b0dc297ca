//===- MatmulScheduleChooser.h - schedules for matmul -----------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Chooses how to run a MatmulProblem when the caller names no schedule:
//
//   1. A measured entry of the tuning database for the problem's kernel
//      class at its shape or in its shape bucket (MatmulDatabaseChoice.h).
//   2. Else the static model (analysis/PerformanceModel.h) over the
//      tuner's candidate space (tuning/space/CandidateSpace.h) for the
//      problem's types: the fastest predicted candidate whose schedule the
//      verifier accepts for the problem's operands and epilogue, in the
//      problem's layouts, or as its transpose where that is legal.
//   3. f32 problems, outside the candidate space: the shipped tf32 (wgmma)
//      or SIMT schedule.
//
// Every answer is a module that verifies: what the problem computes
// (operands, layouts, epilogue, batching) with the chosen schedule, and the
// reason it was chosen. The analysed candidate space of a chip and type is
// built on first use and kept (it does not depend on the shape).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_JIT_MATMULSCHEDULECHOOSER_H
#define GEMM_OPT_JIT_MATMULSCHEDULECHOOSER_H

#include "jit/MatmulModule.h"
#include "tuning/TuningDatabase.h"
#include "llvm/Support/Error.h"

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace gemm_opt {

class MatmulScheduleChooser {
public:
  /// `database`: measured entries to prefer; none: the model alone.
  /// `modelDevice`: the device the static model times candidates on
  /// ("h100", "h200", analysis/ChipPerformance.h); empty: the chip's
  /// default.
  explicit MatmulScheduleChooser(
      std::optional<tuning::TuningDatabase> database = std::nullopt,
      std::string modelDevice = "");
  ~MatmulScheduleChooser();

  /// The schedule for `problem` (its chip set) with an epilogue of form
  /// `epilogue`; an error with the verifier's diagnostics where no
  /// candidate computes it.
  llvm::Expected<MatmulSchedule>
  choose(const MatmulProblem &problem,
         const jit::FusedEpilogueDescription &epilogue);

  /// Up to `count` schedules worth measuring for `problem`, the one choose()
  /// returns first: the database's answer, then the model's in its order,
  /// one per structure (block and warp tile, split, persistence, store).
  llvm::Expected<std::vector<MatmulSchedule>>
  chooseCandidates(const MatmulProblem &problem,
                   const jit::FusedEpilogueDescription &epilogue, size_t count);

private:
  struct AnalyzedCandidates;
  /// The analysed candidates of `chip` and `dtype`, made on first use.
  llvm::Expected<const AnalyzedCandidates *>
  getCandidates(const std::string &chip, const std::string &dtype);
  llvm::Expected<std::vector<MatmulSchedule>>
  chooseByModel(const MatmulProblem &problem,
                const jit::FusedEpilogueDescription &epilogue, size_t count);

  std::optional<tuning::TuningDatabase> database;
  std::string modelDevice;
  std::mutex mutex; ///< Guards `analyzed`.
  std::map<std::string, std::unique_ptr<AnalyzedCandidates>> analyzed;
};

} // namespace gemm_opt

#endif // GEMM_OPT_JIT_MATMULSCHEDULECHOOSER_H
