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
/// The simulation runs outside the lock: two threads may simulate the same
/// inputs at once, and the first to finish is kept (they agree). Entries are
/// never changed once in, and std::map keeps them where they are.
template <typename Inputs, typename Memo, typename Simulate>
static const std::optional<llvm::SmallVector<BankConflictReport>> &
lookUp(std::mutex &mutex, Memo &memo, const Inputs &inputs, Simulate simulate) {
  auto key = inputs.asTuple();
  {
    std::lock_guard<std::mutex> guard(mutex);
    auto found = memo.find(key);
    if (found != memo.end())
      return found->second;
  }
  std::optional<llvm::SmallVector<BankConflictReport>> simulated;
  if (FailureOr<llvm::SmallVector<BankConflictReport>> reports =
          simulate(inputs);
      succeeded(reports))
    simulated = std::move(*reports);
  std::lock_guard<std::mutex> guard(mutex);
  return memo.try_emplace(key, std::move(simulated)).first->second;
}

FailureOr<llvm::SmallVector<BankConflictReport>>
BankConflictCache::simulate(tile::ScheduleAttr schedule) {
  llvm::SmallVector<BankConflictReport> reports;
  for (bool isA : {true, false}) {
    const auto &operand =
        lookUp(mutex, operands, OperandConflictInputs::get(schedule, isA),
               simulateOperandConflicts);
    if (!operand)
      return failure();
    llvm::append_range(reports, *operand);
  }
  const auto &epilogue =
      lookUp(mutex, epilogues, EpilogueConflictInputs::get(schedule),
             simulateEpilogueConflicts);
  if (!epilogue)
    return failure();
  llvm::append_range(reports, *epilogue);
  return reports;
}
