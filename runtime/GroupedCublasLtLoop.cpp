//===- GroupedCublasLtLoop.cpp - Per-group cuBLASLt FP8 matmuls -----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/GroupedCublasLtLoop.h"

#include "runtime/KernelSpec.h"

using namespace llvm;

namespace gemm_opt {
namespace runtime {

Expected<GroupedCublasLtLoop>
GroupedCublasLtLoop::plan(const KernelSpec &spec, const GroupedProblem &routing,
                          const GroupedScales &scales, const void *a,
                          const void *b, void *c, cudaStream_t stream,
                          const CublasLtScaledMatmulOptions &shared,
                          float *amaxes) {
  GroupedCublasLtLoop loop;
  Expected<DeviceBuffer> workspace =
      DeviceBuffer::allocate(CublasReference::WorkspaceBytes);
  if (!workspace)
    return workspace.takeError();
  loop.workspace = std::move(*workspace);
  CublasLtScaledMatmulOptions options = shared;
  options.workspace = loop.workspace.data();
  GemmTypes types{spec.aType, spec.bType, spec.cType};
  bool masked = routing.layout == GroupedLayout::Masked;
  // Each group's plan, until cuBLASLt refuses one.
  Error err = forEachNonEmptyGroup(
      routing, types, a, b, c, [&](const GroupOperands &group) -> Error {
        if (!loop.refusal.empty())
          return Error::success();
        HostScales groupScales = scales.groupScales(
            group.group, masked ? 0 : group.base, group.rows);
        if (amaxes)
          options.amax = amaxes + group.group;
        Expected<CublasLtScaledMatmulPlan> planned =
            CublasLtScaledMatmul::plan(group.shape, types, groupScales, options,
                                       group.a, group.b, group.c, stream);
        if (!planned)
          return planned.takeError();
        if (!planned->matmul) {
          loop.refusal =
              ("cuBLASLt has no FP8 matmul with " + spec.scaling->describe() +
               " for group " + Twine(group.group) + " (" + Twine(group.rows) +
               " x " + Twine(routing.n) + " x " + Twine(routing.k) +
               "): " + planned->refusal)
                  .str();
          return Error::success();
        }
        if (loop.matmuls.empty())
          loop.scaleModes = planned->matmul->getScaleModes();
        loop.matmuls.push_back(std::move(*planned->matmul));
        return Error::success();
      });
  if (err)
    return std::move(err);
  if (!loop.refusal.empty())
    loop.matmuls.clear();
  return std::move(loop);
}

Error GroupedCublasLtLoop::run() {
  for (CublasLtScaledMatmul &matmul : matmuls)
    if (Error err = matmul.run())
      return err;
  return Error::success();
}

} // namespace runtime
} // namespace gemm_opt
