//===- BankConflictCache.cpp - bank conflicts memoised by input -----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "analysis/BankConflictCache.h"

using namespace mlir;
using namespace gemm_opt::analysis;

/// The entry of `inputs` in `memo`, simulated by `simulate` if it is new.
template <typename Inputs, typename Memo, typename Simulate>
static const std::optional<llvm::SmallVector<BankConflictReport>> &
lookUp(Memo &memo, const Inputs &inputs, Simulate simulate) {
  auto [found, inserted] = memo.try_emplace(inputs.asTuple());
  if (inserted)
    if (FailureOr<llvm::SmallVector<BankConflictReport>> reports =
            simulate(inputs);
        succeeded(reports))
      found->second = std::move(*reports);
  return found->second;
}

FailureOr<llvm::SmallVector<BankConflictReport>>
BankConflictCache::simulate(tile::ScheduleAttr schedule) {
  llvm::SmallVector<BankConflictReport> reports;
  for (bool isA : {true, false}) {
    const auto &operand =
        lookUp(operands, OperandConflictInputs::get(schedule, isA),
               simulateOperandConflicts);
    if (!operand)
      return failure();
    llvm::append_range(reports, *operand);
  }
  const auto &epilogue =
      lookUp(epilogues, EpilogueConflictInputs::get(schedule),
             simulateEpilogueConflicts);
  if (!epilogue)
    return failure();
  llvm::append_range(reports, *epilogue);
  return reports;
}
