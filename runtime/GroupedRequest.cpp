//===- GroupedRequest.cpp - gemm-run's grouped flags as a problem ---------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/GroupedRequest.h"

#include "runtime/LaunchGrid.h"
#include "runtime/RuntimeError.h"

using namespace llvm;

namespace gemm_opt {
namespace runtime {

Error checkNoGroupedFlags(const KernelSpec &spec,
                          const GroupedRequest &request) {
  if (spec.grouped)
    return Error::success();
  if (Error err = checkGroupsRequest(spec, request.groups))
    return err;
  for (auto [given, flag] :
       {std::pair<bool, StringRef>(request.routing.has_value(), "--routing"),
        {request.groupRows.has_value(), "--group-rows"},
        {request.tokens.has_value(), "--tokens"},
        {request.graphReplays.has_value(), "--graph-replays"}})
    if (given)
      return makeBadInputError(flag + " was given, but kernel " + spec.name +
                               " is not a grouped GEMM (its bundle entry has "
                               "no \"grouped\")");
  return Error::success();
}

Error checkGroupedLaunch(const KernelSpec &spec,
                         const GroupedProblem &problem) {
  GemmShape shape = problem.getShape();
  // A masked kernel is a batched one over G × M_max rows.
  if (problem.layout == GroupedLayout::Masked)
    if (Error err = checkShapeSupported(spec, shape))
      return err;
  Expected<LaunchGrid> grid =
      computeGrid(spec, shape, /*multiprocessorCount=*/1);
  if (!grid)
    return grid.takeError();
  return Error::success();
}

unsigned getGraphReplays(const KernelSpec &spec,
                         const GroupedRequest &request) {
  if (request.graphReplays)
    return static_cast<unsigned>(*request.graphReplays);
  return spec.grouped == GroupedLayout::Masked ? 3 : 0;
}

Expected<GroupedProblem> makeGroupedProblem(const KernelSpec &spec,
                                            const GroupedRequest &request) {
  if (Error err = checkGroupsRequest(spec, request.groups))
    return std::move(err);
  GroupedLayout layout = *spec.grouped;
  bool masked = layout == GroupedLayout::Masked;
  GroupedProblem problem;
  problem.layout = layout;
  problem.groups = *request.groups;
  problem.rows = request.m;
  problem.n = request.n;
  problem.k = request.k;
  problem.bLayout = request.bLayout;
  problem.type = spec.aType;
  problem.routingSeed = request.seed;
  problem.distribution = request.routing.value_or(RoutingDistribution::Even);
  if (request.m < 1 || request.n < 1 || request.k < 1)
    return makeBadInputError("-m, -n and -k must be at least 1 (-m is " +
                             Twine(masked ? "M_max" : "T") + ")");
  if (request.graphReplays && *request.graphReplays < 0)
    return makeBadInputError("--graph-replays=" + Twine(*request.graphReplays) +
                             ": the replay count must not be negative");
  if (request.graphReplays && *request.graphReplays > 0 && !masked)
    return makeBadInputError(
        "--graph-replays is for masked grouped kernels (decode under CUDA "
        "graphs); kernel " +
        spec.name + " is contiguous");
  if (request.tokens && !masked)
    return makeBadInputError("--tokens is for masked grouped kernels; "
                             "contiguous kernel " +
                             spec.name + " takes T as -m");
  if (request.groupRows) {
    if (request.routing || request.tokens)
      return makeBadInputError("--group-rows gives every group's rows: it "
                               "cannot be combined with --routing or "
                               "--tokens");
    Expected<std::vector<int64_t>> list = parseGroupRowList(*request.groupRows);
    if (!list)
      return addErrorContext(list.takeError(), "--group-rows");
    Expected<std::vector<int32_t>> rows = checkGroupRows(
        *list, layout, problem.groups, request.m, "--group-rows");
    if (!rows)
      return rows.takeError();
    problem.groupRows = std::move(*rows);
    problem.explicitRows = true;
  } else {
    int64_t tokens =
        masked ? request.tokens.value_or(problem.groups * request.m / 2)
               : request.m;
    if (masked && (tokens < 0 || tokens > problem.groups * request.m))
      return makeBadInputError("--tokens=" + Twine(tokens) +
                               ": the masked layout holds 0 to G * M_max = " +
                               Twine(problem.groups * request.m) + " tokens");
    Expected<std::vector<int32_t>> rows =
        makeGroupRows(problem.groups, tokens,
                      masked ? std::optional<int64_t>(request.m) : std::nullopt,
                      problem.distribution, request.seed);
    if (!rows)
      return rows.takeError();
    problem.groupRows = std::move(*rows);
  }
  if (Error err = checkGroupedProblem(spec, problem))
    return std::move(err);
  return std::move(problem);
}

} // namespace runtime
} // namespace gemm_opt
