//===- GroupedRequest.h - gemm-run's grouped flags as a problem -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What gemm-run's grouped flags ask for, checked against the kernel before
// any device work, and the GroupedProblem (GroupedProblem.h) they make:
//
//   --groups G          required for a grouped kernel, refused otherwise;
//   -m                  M_max (masked) or T, the total tokens (contiguous);
//   --routing even|skewed, --seed S
//                       the generated routing (GroupRouting.h);
//   --tokens T          the masked layout's total tokens (default
//                       G · M_max / 2); a contiguous T is -m;
//   --group-rows LIST   explicit rows per group instead (G entries, none
//                       negative, each at most M_max, or summing to T);
//   --graph-replays N   masked only (default 3).
//
// Every refusal is a BadInput error (gemm-run's exit code 2).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_GROUPEDREQUEST_H
#define GEMM_OPT_RUNTIME_GROUPEDREQUEST_H

#include "runtime/GroupedProblem.h"

#include <optional>
#include <string>

namespace gemm_opt {
namespace runtime {

/// The grouped flags as given (unset: not on the command line).
struct GroupedRequest {
  std::optional<int64_t> groups;
  std::optional<RoutingDistribution> routing;
  std::optional<std::string> groupRows;
  std::optional<int64_t> tokens;
  std::optional<int64_t> graphReplays;
  int64_t m = 0, n = 0, k = 0;
  uint64_t seed = 1;
  MatrixLayout bLayout = MatrixLayout::Row;

  /// Whether any grouped-only flag was given.
  bool hasGroupedFlags() const {
    return groups || routing || groupRows || tokens || graphReplays;
  }
};

/// Refuses grouped flags for a kernel that is not grouped (naming the
/// first one given); succeeds for a grouped kernel.
llvm::Error checkNoGroupedFlags(const KernelSpec &spec,
                                const GroupedRequest &request);

/// The problem `request` asks of grouped kernel `spec`, after
/// checkGroupsRequest and every check of the routing flags.
llvm::Expected<GroupedProblem>
makeGroupedProblem(const KernelSpec &spec, const GroupedRequest &request);

/// What a launch of `spec` needs of `problem` besides checkGroupedProblem,
/// before any device work: a masked problem's shape is a batched kernel's
/// (checkShapeSupported), and the grid computes for its shape.
llvm::Error checkGroupedLaunch(const KernelSpec &spec,
                               const GroupedProblem &problem);

/// The graph replays `request` asks for on `spec`: --graph-replays, or 3
/// for a masked kernel and 0 for a contiguous one.
unsigned getGraphReplays(const KernelSpec &spec, const GroupedRequest &request);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_GROUPEDREQUEST_H
