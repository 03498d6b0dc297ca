//===- GroupedProblem.cpp - a grouped GEMM's routing and operands ---------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/GroupedProblem.h"

#include "runtime/RuntimeError.h"

using namespace llvm;

namespace gemm_opt {
namespace runtime {

GemmShape GroupedProblem::getShape() const {
  MatrixLayouts layouts;
  layouts.b = bLayout;
  return GemmShape::get(rows, n, k, 0, 0, 0, layouts).withBatch(groups);
}

int64_t GroupedProblem::getRowBase(int64_t group) const {
  if (layout == GroupedLayout::Masked)
    return group * rows;
  int64_t base = 0;
  for (int64_t g = 0; g < group; ++g)
    base += groupRows[static_cast<size_t>(g)];
  return base;
}

int64_t GroupedProblem::getTokens() const {
  int64_t tokens = 0;
  for (int32_t count : groupRows)
    tokens += count;
  return tokens;
}

double GroupedProblem::getFlops() const {
  return 2.0 * static_cast<double>(getTokens()) * static_cast<double>(n) *
         static_cast<double>(k);
}

Error forEachNonEmptyGroup(const GroupedProblem &routing,
                           const GemmTypes &types, const void *a, const void *b,
                           void *c,
                           function_ref<Error(const GroupOperands &)> visit) {
  MatrixLayouts layouts;
  layouts.b = routing.bLayout;
  size_t aElement = getElementSize(types.a);
  size_t bElement = getElementSize(types.b);
  size_t cElement = getElementSize(types.c);
  for (int64_t group = 0; group < routing.groups; ++group) {
    GroupOperands operands;
    operands.group = group;
    operands.rows = routing.groupRows[static_cast<size_t>(group)];
    if (operands.rows == 0)
      continue;
    operands.base = routing.getRowBase(group);
    operands.shape =
        GemmShape::get(operands.rows, routing.n, routing.k, 0, 0, 0, layouts);
    operands.a =
        static_cast<const char *>(a) + operands.base * routing.k * aElement;
    operands.b =
        static_cast<const char *>(b) + group * routing.k * routing.n * bElement;
    operands.c = static_cast<char *>(c) + operands.base * routing.n * cElement;
    if (Error err = visit(operands))
      return err;
  }
  return Error::success();
}

Error checkGroupedProblem(const KernelSpec &spec,
                          const GroupedProblem &problem) {
  if (!spec.grouped || *spec.grouped != problem.layout)
    return makeBadInputError("kernel " + spec.name + " is not a " +
                             getGroupedLayoutName(problem.layout) +
                             " grouped GEMM");
  // An FP8 kernel's types and scales: checkScaledKernelSpec and
  // checkGroupedKernelSpec when its entry was read.
  if (!spec.scaling &&
      (spec.aType != spec.bType || spec.aType != spec.cType ||
       (spec.aType != ElementType::BF16 && spec.aType != ElementType::F16))) {
    return makeBadInputError("grouped kernel " + spec.name +
                             ": gemm-run runs grouped GEMMs of bf16 or f16 "
                             "A, B and C, or FP8 A and B with scales");
  }
  if (problem.bLayout != spec.layouts.b)
    return makeBadInputError("grouped kernel " + spec.name + " reads B " +
                             getMatrixLayoutName(spec.layouts.b) +
                             "-major; the grouped runtime does not transpose "
                             "problems");
  if (problem.rows < 1 || problem.n < 1 || problem.k < 1)
    return makeBadInputError("a grouped problem needs -m, -n and -k of at "
                             "least 1");
  // Pitches TMA reads in place: the runtime does not stage grouped
  // operands (a contiguous A has no batched copy kernel).
  int64_t elementsPer16 = 16 / static_cast<int64_t>(getElementSize(spec.aType));
  if (problem.k % elementsPer16 != 0 || problem.n % elementsPer16 != 0)
    return makeBadInputError(
        "grouped kernel " + spec.name + ": -n and -k must be multiples of " +
        Twine(elementsPer16) +
        " (16-byte rows, which TMA reads in place; the runtime stages no "
        "grouped operands)");
  if (static_cast<int64_t>(problem.groupRows.size()) != problem.groups)
    return makeBadInputError("the routing has " +
                             Twine(problem.groupRows.size()) + " counts for " +
                             Twine(problem.groups) + " groups");
  return Error::success();
}

} // namespace runtime
} // namespace gemm_opt
