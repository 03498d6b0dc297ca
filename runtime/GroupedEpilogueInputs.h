//===- GroupedEpilogueInputs.h - A grouped run's epilogue inputs -*- C++
//-*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The run-time inputs of a grouped kernel's fused epilogue
// (docs/design/grouped-gemm.md) in gemm-run, on the host for the references
// and on the device for the kernel, all of C's type and random non-zero:
//
//   bias = column            G × N, row g for group g (getBiasShape)
//   bias = row, masked       G × M_max, row g for group g's rows
//   bias = row, contiguous   T entries, one per row of C (token)
//   residual                 laid out like C: G × M_max × N or T × N
//   alpha_beta               C before each run: random in the rows of the
//                            routing's groups, the poison everywhere else
//                            (rows past a masked group's count, a
//                            contiguous C's guard rows), which must stay
//
// and the epilogue's math in fp64 at an entry of group g.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_GROUPEDEPILOGUEINPUTS_H
#define GEMM_OPT_RUNTIME_GROUPEDEPILOGUEINPUTS_H

#include "runtime/DeviceBuffer.h"
#include "runtime/GroupedProblem.h"
#include "runtime/HostMatrix.h"
#include "runtime/KernelParams.h"
#include "runtime/KernelSpec.h"

#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <utility>

namespace gemm_opt {
namespace runtime {

/// The bias of a grouped kernel's `epilogue` for `problem`: {G, N} per
/// group (bias = column; bias = row masked: {G, M_max}), {1, T} for a
/// contiguous bias = row, {0, 0} without a bias.
std::pair<int64_t, int64_t>
getGroupedBiasShape(const FusedEpilogueSpec &epilogue,
                    const GroupedProblem &problem);

/// Move-only (owns device memory).
class GroupedEpilogueInputs {
public:
  /// Draws the inputs the epilogue of `spec` reads for `problem` from
  /// `seed`, with `alpha` and `beta`, and uploads the bias and residual.
  /// C's buffer has `guardRows` rows before its first row.
  static llvm::Expected<GroupedEpilogueInputs>
  create(const KernelSpec &spec, const GroupedProblem &problem,
         int64_t guardRows, float alpha, float beta, uint64_t seed);

  /// What the kernel takes: alpha, beta and the device bias and residual.
  const EpilogueArguments &getArguments() const { return arguments; }

  /// Whether beta·C reads C (alpha_beta): C then starts as getInitialC().
  bool readsC() const { return epilogue.alphaBeta; }

  /// Makes C's initial value (guards included) for `routing`: random in its
  /// groups' rows, the poison elsewhere. Only where readsC().
  void setRouting(const GroupedProblem &routing);
  const HostMatrix &getInitialC() const { return *initialC; }

  /// D at row `row` (0 is the group's first) and column `col` of group
  /// `group` of `routing` (the one last set) for the exact product `acc`.
  double apply(const GroupedProblem &routing, int64_t group, int64_t row,
               int64_t col, double acc) const;
  /// The activation's input there: the epilogue without its activation and
  /// residual.
  double applyBeforeActivation(const GroupedProblem &routing, int64_t group,
                               int64_t row, int64_t col, double acc) const;

private:
  GroupedEpilogueInputs() = default;
  EpilogueEntryInputs getEntryInputs(const GroupedProblem &routing,
                                     int64_t group, int64_t row,
                                     int64_t col) const;

  FusedEpilogueSpec epilogue;
  ElementType cType = ElementType::BF16;
  int64_t guardRows = 0;
  uint64_t seed = 0;
  /// The bias as getGroupedBiasShape says; the residual like C without
  /// its guards.
  std::optional<HostMatrix> bias, residual, initialC;
  DeviceBuffer biasBuffer, residualBuffer;
  EpilogueArguments arguments;
};

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_GROUPEDEPILOGUEINPUTS_H
