//===- PlanCache.cpp - matmul plans by a key made without text ------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "PlanCache.h"

#include "Errors.h"

#include "llvm/ADT/StringRef.h"

#include <array>
#include <cstring>
#include <optional>

namespace nb = nanobind;

namespace gemm_opt::python {

/// A small number for each element type and activation ("none" 0; an
/// unknown one -1, which never makes a plan).
static int64_t getCode(llvm::StringRef name) {
  static constexpr llvm::StringLiteral names[] = {
      "none",      "bf16",     "f16",  "f32", "relu",
      "gelu_tanh", "gelu_erf", "silu", "row", "column"};
  for (size_t i = 0; i < std::size(names); ++i)
    if (names[i] == name)
      return static_cast<int64_t>(i);
  return -1;
}

namespace {
/// The numbers a plan depends on, in a fixed order.
using PlanKey = std::array<int64_t, 24>;
} // namespace

static PlanKey getPlanKey(const MatmulCall &call) {
  const MatmulProblem &p = call.problem;
  const MatmulEpilogue &e = call.epilogue;
  auto stride = [](const std::optional<int64_t> &s) { return s ? *s : -1; };
  return {p.m, p.n, p.k, p.batch, p.lda, p.ldb, p.ldc, stride(p.batchStrideA),
          stride(p.batchStrideB), stride(p.batchStrideC), getCode(p.aType),
          getCode(p.bType), getCode(p.cType), int64_t(p.orderA),
          int64_t(p.orderB), int64_t(p.orderC), p.allowTf32,
          e.alpha != 1.0f || e.beta != 0.0f, e.bias ? getCode(e.biasAlong) : 0,
          getCode(e.activation), e.residual != nullptr, call.device,
          // The chip, where the caller names one (explain's problems).
          static_cast<int64_t>(std::hash<std::string>()(p.chip)), 0};
}

PlanEntry PlanCache::get(MatmulHandle &handle, const MatmulCall &call) {
  PlanKey key = getPlanKey(call);
  llvm::StringRef bytes(reinterpret_cast<const char *>(key.data()),
                        sizeof(key));
  auto found = entries.find(bytes);
  if (found != entries.end())
    return found->second;

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
  // Another thread may have made it meanwhile: either serves.
  return entries.try_emplace(bytes, entry).first->second;
}

} // namespace gemm_opt::python
