//===- GroupedEpilogueInputs.cpp - A grouped run's epilogue inputs --------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/GroupedEpilogueInputs.h"

#include "runtime/Validation.h"

#include <cstring>

using namespace llvm;

namespace gemm_opt {
namespace runtime {

std::pair<int64_t, int64_t>
getGroupedBiasShape(const FusedEpilogueSpec &epilogue,
                    const GroupedProblem &problem) {
  switch (epilogue.bias) {
  case EpilogueBias::None:
    return {0, 0};
  case EpilogueBias::Column:
    return {problem.groups, problem.n};
  case EpilogueBias::Row:
    return problem.layout == GroupedLayout::Masked
               ? std::make_pair(problem.groups, problem.rows)
               : std::make_pair(int64_t(1), problem.rows);
  }
  return {0, 0};
}

namespace {

/// Uploads `matrix` into a new device buffer.
Expected<DeviceBuffer> upload(const HostMatrix &matrix) {
  Expected<DeviceBuffer> buffer =
      DeviceBuffer::allocate(matrix.getSizeInBytes());
  if (!buffer)
    return buffer.takeError();
  if (Error err = buffer->copyFromHost(matrix.data()))
    return std::move(err);
  return std::move(*buffer);
}

} // namespace

Expected<GroupedEpilogueInputs>
GroupedEpilogueInputs::create(const KernelSpec &spec,
                              const GroupedProblem &problem, int64_t guardRows,
                              float alpha, float beta, uint64_t seed) {
  GroupedEpilogueInputs inputs;
  inputs.epilogue = spec.epilogue;
  inputs.cType = spec.cType;
  inputs.guardRows = guardRows;
  inputs.seed = seed;
  inputs.arguments = EpilogueArguments{alpha, beta, 0, 0};
  auto [biasRows, biasCols] = getGroupedBiasShape(spec.epilogue, problem);
  if (biasRows > 0 && biasCols > 0) {
    inputs.bias.emplace(spec.cType, biasRows, biasCols, biasCols);
    inputs.bias->fillRandom(seed * 2 + 2);
    Expected<DeviceBuffer> buffer = upload(*inputs.bias);
    if (!buffer)
      return buffer.takeError();
    inputs.biasBuffer = std::move(*buffer);
    inputs.arguments.bias = inputs.biasBuffer.getAddress();
  }
  if (spec.epilogue.residual) {
    // Laid out like C (packed rows of N), without C's guard rows.
    int64_t rows = problem.layout == GroupedLayout::Masked
                       ? problem.groups * problem.rows
                       : problem.rows;
    inputs.residual.emplace(spec.cType, rows, problem.n, problem.n);
    inputs.residual->fillRandom(seed * 2 + 3);
    Expected<DeviceBuffer> buffer = upload(*inputs.residual);
    if (!buffer)
      return buffer.takeError();
    inputs.residualBuffer = std::move(*buffer);
    inputs.arguments.residual = inputs.residualBuffer.getAddress();
  }
  if (spec.epilogue.alphaBeta)
    inputs.setRouting(problem);
  return std::move(inputs);
}

void GroupedEpilogueInputs::setRouting(const GroupedProblem &routing) {
  if (!epilogue.alphaBeta)
    return;
  int64_t cRows =
      (routing.layout == GroupedLayout::Masked ? routing.groups * routing.rows
                                               : routing.rows) +
      2 * guardRows;
  initialC.emplace(cType, cRows, routing.n, routing.n);
  initialC->fillRandom(seed * 2 + 4);
  // The poison outside every group's rows, which the kernel must neither
  // read into D nor overwrite.
  std::vector<bool> inGroup(static_cast<size_t>(cRows), false);
  for (int64_t group = 0; group < routing.groups; ++group) {
    int64_t base = guardRows + routing.getRowBase(group);
    for (int64_t row = 0; row < routing.groupRows[static_cast<size_t>(group)];
         ++row)
      inGroup[static_cast<size_t>(base + row)] = true;
  }
  size_t rowBytes = static_cast<size_t>(routing.n) * getElementSize(cType);
  auto *bytes = static_cast<uint8_t *>(initialC->data());
  for (int64_t row = 0; row < cRows; ++row)
    if (!inGroup[static_cast<size_t>(row)])
      std::memset(bytes + static_cast<size_t>(row) * rowBytes, OutputPoisonByte,
                  rowBytes);
}

EpilogueEntryInputs
GroupedEpilogueInputs::getEntryInputs(const GroupedProblem &routing,
                                      int64_t group, int64_t row,
                                      int64_t col) const {
  EpilogueEntryInputs inputs;
  inputs.alpha = arguments.alpha;
  inputs.beta = arguments.beta;
  // Row `row` of group `group` is row `base + row` of A, C and the residual
  // (masked: G × M_max rows; contiguous: T).
  int64_t stored = routing.getRowBase(group) + row;
  if (initialC)
    inputs.oldC = initialC->get(guardRows + stored, col);
  if (bias) {
    if (epilogue.bias == EpilogueBias::Column)
      inputs.bias = bias->get(group, col);
    else if (routing.layout == GroupedLayout::Masked)
      inputs.bias = bias->get(group, row);
    else
      inputs.bias = bias->get(0, stored);
  }
  if (residual)
    inputs.residual = residual->get(stored, col);
  return inputs;
}

double GroupedEpilogueInputs::apply(const GroupedProblem &routing,
                                    int64_t group, int64_t row, int64_t col,
                                    double acc) const {
  return applyFusedEpilogue(epilogue, acc,
                            getEntryInputs(routing, group, row, col));
}

double
GroupedEpilogueInputs::applyBeforeActivation(const GroupedProblem &routing,
                                             int64_t group, int64_t row,
                                             int64_t col, double acc) const {
  FusedEpilogueSpec linear = epilogue;
  linear.activation = EpilogueActivation::None;
  linear.residual = false;
  return applyFusedEpilogue(linear, acc,
                            getEntryInputs(routing, group, row, col));
}

} // namespace runtime
} // namespace gemm_opt
