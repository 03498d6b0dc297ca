//===- GroupedProblem.h - a grouped GEMM's routing and operands -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A grouped problem (docs/design/grouped-gemm.md): its layout, shape and
// routing (the rows of each group), where each non-empty group's operands
// start in buffers laid out as the kernel's, and what the runtime needs of
// it on a kernel. gemm-run's measurement (GroupedBenchmark.h), the sweep
// and the JIT's launch checks share it.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_GROUPEDPROBLEM_H
#define GEMM_OPT_RUNTIME_GROUPEDPROBLEM_H

#include "runtime/CublasReference.h"
#include "runtime/GemmShape.h"
#include "runtime/GroupRouting.h"
#include "runtime/GroupedKernelSpec.h"
#include "runtime/KernelSpec.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <vector>

namespace gemm_opt {
namespace runtime {

/// Poisoned rows of C before and after a contiguous C's T rows.
inline constexpr int64_t GroupedGuardRows = 64;

/// A grouped problem: G groups of C_g = A_g · B_g, all of one element type.
struct GroupedProblem {
  GroupedLayout layout = GroupedLayout::Masked;
  int64_t groups = 1;
  /// A's rows per group (masked: M_max) or in all (contiguous: T).
  int64_t rows = 0;
  int64_t n = 0, k = 0;
  /// B_g is K × N row-major, or N × K (column-major K × N).
  MatrixLayout bLayout = MatrixLayout::Row;
  ElementType type = ElementType::BF16;
  std::vector<int32_t> groupRows;
  /// How groupRows came about, for the report and the graph replays.
  RoutingDistribution distribution = RoutingDistribution::Even;
  bool explicitRows = false;
  uint64_t routingSeed = 1;

  /// The kernel's shape: M = `rows`, batch G with packed batch strides
  /// (A's and C's are unused by a contiguous kernel).
  GemmShape getShape() const;
  /// Group g's first row in A and C (without a contiguous C's guard).
  int64_t getRowBase(int64_t group) const;
  int64_t getTokens() const;
  /// 2 · rows · N · K summed over the groups.
  double getFlops() const;
};

/// One non-empty group of a routing: its shape (rows × N × K, B in the
/// problem's layout) and where its A, B and C start in buffers laid out as
/// the kernel's (C from its first row).
struct GroupOperands {
  int64_t group = 0, rows = 0, base = 0;
  GemmShape shape;
  const void *a = nullptr, *b = nullptr;
  void *c = nullptr;
};

/// Calls `visit` for every non-empty group of `routing` in order, with its
/// operands in A, B and C at `a`, `b` and `c` of `types`; stops at the
/// first error.
llvm::Error forEachNonEmptyGroup(
    const GroupedProblem &routing, const GemmTypes &types, const void *a,
    const void *b, void *c,
    llvm::function_ref<llvm::Error(const GroupOperands &)> visit);

/// Checks what the grouped runtime needs of `problem` on `spec`: the
/// kernel's layout and types, row-major A and C, B in the kernel's layout,
/// and K and N whose rows TMA reads in place (16-byte pitches).
llvm::Error checkGroupedProblem(const KernelSpec &spec,
                                const GroupedProblem &problem);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_GROUPEDPROBLEM_H
