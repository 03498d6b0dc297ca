//===- MatmulScheduleChooser.h - schedules for matmul -----------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Chooses how to run a MatmulProblem when the caller names no schedule:
//
//   1. A measured entry of the tuning database whose problem is the
//      asked one's class (types; row-major operands, the layouts the
//      database measures) at the same shape, or in the same shape bucket
//      (each of M, N, K within a factor of 2: the same rounded log2).
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

#include "jit/MatmulProblem.h"
#include "tuning/TuningDatabase.h"
#include "llvm/Support/Error.h"

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

namespace gemm_opt {

/// A chosen schedule: the module to compile and why.
struct MatmulSchedule {
  std::string module;
  /// The `#tile.schedule<...>` text.
  std::string schedule;
  std::string reason;
};

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

private:
  struct AnalyzedCandidates;
  /// The analysed candidates of `chip` and `dtype`, made on first use.
  llvm::Expected<const AnalyzedCandidates *>
  getCandidates(const std::string &chip, const std::string &dtype);
  std::optional<MatmulSchedule>
  chooseFromDatabase(const MatmulProblem &problem,
                     const jit::FusedEpilogueDescription &epilogue);
  llvm::Expected<MatmulSchedule>
  chooseByModel(const MatmulProblem &problem,
                const jit::FusedEpilogueDescription &epilogue);

  std::optional<tuning::TuningDatabase> database;
  std::string modelDevice;
  std::mutex mutex; ///< Guards `analyzed`.
  std::map<std::string, std::unique_ptr<AnalyzedCandidates>> analyzed;
};

/// The module computing `problem` with `epilogue` under `schedule` (a
/// `#tile.schedule<...>` text), its operands in `problem`'s layouts or,
/// `transposed`, as the kernel of the transposed problem takes them
/// (C^T = B^T·A^T: A and B exchanged, every layout flipped). Not verified.
std::string renderMatmulModule(const MatmulProblem &problem,
                               const jit::FusedEpilogueDescription &epilogue,
                               const std::string &schedule, bool transposed,
                               const std::string &name = "matmul");

/// Whether `schedule`'s module for these operands verifies; the verifier's
/// first diagnostic in `why` where it does not.
bool verifiesMatmulModule(const std::string &module, std::string &why);

} // namespace gemm_opt

#endif // GEMM_OPT_JIT_MATMULSCHEDULECHOOSER_H
