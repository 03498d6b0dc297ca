//===- SweepKernelChoice.cpp - Which kernel a sweep case runs on ----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tools/gemm-sweep/SweepKernelChoice.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

#include <limits>
#include <set>
#include <string>

using namespace llvm;
using namespace gemm_opt::runtime;

namespace gemm_opt {
namespace sweep {

namespace {
bool hasTypes(const KernelCapabilities &kernel, const GemmProblem &problem) {
  return kernel.aType == problem.a.type && kernel.bType == problem.b.type &&
         kernel.cType == problem.c.type;
}

bool takesLayouts(const KernelCapabilities &kernel,
                  const GemmProblem &problem) {
  return all_of(std::initializer_list<Operand>{Operand::A, Operand::B,
                                               Operand::C},
                [&](Operand operand) {
                  return kernel.layouts[static_cast<size_t>(operand)].contains(
                      problem.getView(operand).layout);
                });
}

std::string formatTypes(const GemmProblem &problem) {
  return ("a=" + getElementTypeName(problem.a.type) +
          " b=" + getElementTypeName(problem.b.type) +
          " c=" + getElementTypeName(problem.c.type))
      .str();
}

std::string formatLayouts(const GemmProblem &problem) {
  return ("a=" + getMatrixLayoutName(problem.a.layout) +
          " b=" + getMatrixLayoutName(problem.b.layout) +
          " c=" + getMatrixLayoutName(problem.c.layout))
      .str();
}

std::string formatLayouts(const KernelCapabilities &kernel) {
  return "a=" + kernel.layouts[0].str() + " b=" + kernel.layouts[1].str() +
         " c=" + kernel.layouts[2].str();
}

/// How well a kernel matches the problem's types and layouts: 0 both, 1
/// the types only, 2 not the types.
int getMatchTier(const KernelCapabilities &kernel, const GemmProblem &problem) {
  if (!hasTypes(kernel, problem))
    return 2;
  return takesLayouts(kernel, problem) ? 0 : 1;
}

std::string describeMissing(ArrayRef<KernelCapabilities> kernels,
                            const GemmProblem &problem, int tier) {
  if (tier == 2)
    return "no loaded kernel has types " + formatTypes(problem);
  // The layouts the kernels of these types take, each once, in order.
  std::set<std::string> seen;
  SmallVector<std::string> offered;
  for (const KernelCapabilities &kernel : kernels)
    if (hasTypes(kernel, problem) && seen.insert(formatLayouts(kernel)).second)
      offered.push_back(formatLayouts(kernel));
  return "no loaded kernel of types " + formatTypes(problem) +
         " takes layouts " + formatLayouts(problem) + " (they take " +
         join(offered, ", ") + ")";
}
} // namespace

KernelChoice chooseSweepKernel(ArrayRef<KernelCapabilities> kernels,
                               const GemmProblem &problem, uint64_t rotation) {
  SmallVector<size_t> covering;
  KernelChoice closest;
  std::pair<int, size_t> best = {std::numeric_limits<int>::max(),
                                 std::numeric_limits<size_t>::max()};
  for (auto [index, kernel] : enumerate(kernels)) {
    size_t gaps = findCapabilityGaps(kernel, problem).size();
    if (gaps == 0)
      covering.push_back(index);
    std::pair<int, size_t> rank = {getMatchTier(kernel, problem), gaps};
    if (rank < best) {
      best = rank;
      closest.index = index;
    }
  }
  if (!covering.empty())
    return {covering[rotation % covering.size()], /*claimsSupport=*/true, ""};
  if (best.first > 0)
    closest.missing = describeMissing(kernels, problem, best.first);
  return closest;
}

} // namespace sweep
} // namespace gemm_opt
