//===- GroupedBuffers.h - The device side of a grouped problem -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_GROUPEDBUFFERS_H
#define GEMM_OPT_RUNTIME_GROUPEDBUFFERS_H

#include "runtime/DeviceBuffer.h"
#include "runtime/GroupedProblem.h"
#include "runtime/HostMatrix.h"
#include "runtime/KernelSpec.h"
#include "llvm/Support/Error.h"

#include <cstdint>

namespace gemm_opt {
namespace runtime {

/// The device side of a grouped problem.
struct GroupedBuffers {
  DeviceBuffer a, b, c, reference, groups;
  /// An FP8 kernel's scale_a and scale_b, as the kernel takes them.
  DeviceBuffer scaleA, scaleB;
  /// An e4m3 C's scale_d and the kernel's amax of D (one f32 each), and
  /// the reference loop's amax of each group (one f32 per group); empty
  /// where the kernel has none.
  DeviceBuffer scaleD, amax, referenceAmaxes;
  /// Of C's first row (past the guard of a contiguous C).
  uint64_t cAddress = 0, referenceAddress = 0;
  /// Rows of C's buffer, guards included.
  int64_t cRows = 0, guardRows = 0;
};

class GroupedScales;

/// The device side of `problem` for kernel `spec`: A and B uploaded from
/// `hostA` and `hostB`, C (not filled) with a contiguous C's guard rows,
/// the group operand of problem.groupRows, an FP8 kernel's `scales` packed
/// as it takes them (null for a 16-bit kernel), an e4m3 C's scale_d and
/// the amax (allocated, not filled), and, `withReference`, the reference
/// loop's C and its per-group amaxes.
llvm::Expected<GroupedBuffers>
createGroupedBuffers(const KernelSpec &spec, const GroupedProblem &problem,
                     const HostMatrix &hostA, const HostMatrix &hostB,
                     const GroupedScales *scales, bool withReference);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_GROUPEDBUFFERS_H
