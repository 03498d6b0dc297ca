//===- PlanCache.cpp - matmul plans by a key made without text ------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "PlanCache.h"

#include "Errors.h"

#include <optional>

namespace nb = nanobind;

namespace gemm_opt::python {

size_t PlanCache::size() const {
  size_t count = 0;
  for (const auto &[device, plans] : entries)
    count += plans.size();
  return count;
}

PlanEntry PlanCache::get(MatmulHandle &handle, const MatmulCall &call) {
  MatmulPlanKey key = getPlanKey(call.problem, getEpilogueForm(call.epilogue));
  {
    auto &plans = entries[call.device];
    auto found = plans.find(key);
    if (found != plans.end())
      return found->second;
  }

  std::optional<llvm::Expected<std::shared_ptr<const MatmulPlan>>> plan;
  std::optional<llvm::Expected<jit::LaunchWorkspaceSize>> workspace;
  {
    nb::gil_scoped_release released;
    plan.emplace(handle.plan(call.problem, call.epilogue));
    if (*plan)
      workspace.emplace((**plan)->getWorkspaceParts());
  }
  PlanEntry entry;
  entry.plan = unwrap(std::move(*plan), ErrorClass::CompileError);
  entry.workspace = unwrap(std::move(*workspace), ErrorClass::Error);
  // Another thread may have made it (or configure() cleared the cache)
  // while the GIL was released: look again.
  return entries[call.device].try_emplace(std::move(key), entry).first->second;
}

} // namespace gemm_opt::python
