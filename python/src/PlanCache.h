//===- PlanCache.h - matmul plans by a key made without text ----*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The warm path of gemm_opt.matmul finds its plan here: MatmulHandle keys
// plans by a formatted string (its plan key), which costs about a
// microsecond to make; this cache keys them by the problem's numbers
// (extents, strides, types, orders, the epilogue's form and the device),
// copied into a few hundred bytes, and keeps what a launch needs besides
// the plan: its workspace size on that device.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PYTHON_PLANCACHE_H
#define GEMM_OPT_PYTHON_PLANCACHE_H

#include "MatmulCall.h"

#include "jit/LaunchWorkspace.h"
#include "jit/MatmulHandle.h"
#include "jit/MatmulPlanKey.h"

#include <map>
#include <memory>
#include <unordered_map>

namespace gemm_opt::python {

struct PlanEntry {
  std::shared_ptr<const MatmulPlan> plan;
  /// What a launch of the plan needs on the entry's device (split_k and
  /// stream_k kernels only).
  jit::LaunchWorkspaceSize workspace;
};

class PlanCache {
public:
  /// The entry of `call`, made on first use through `handle` (the GIL
  /// released meanwhile: it may compile). `call.device` must be current.
  /// Errors are raised.
  PlanEntry get(MatmulHandle &handle, const MatmulCall &call);

  void clear() { entries.clear(); }
  size_t size() const;

private:
  /// By device, then by plan key (the workspace a stream_k launch needs
  /// depends on the device). Guarded by the GIL.
  std::map<int, std::unordered_map<MatmulPlanKey, PlanEntry, MatmulPlanKeyHash>>
      entries;
};

} // namespace gemm_opt::python

#endif // GEMM_OPT_PYTHON_PLANCACHE_H
