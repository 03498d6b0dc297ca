//===- SweepKernelChoice.h - Which kernel a sweep case runs on -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// For each case the sweep picks one kernel among all it loaded:
//   1. a kernel whose declared capabilities cover the case (any gap-free
//      one: the case's index, modulo their count, spreads cases over them);
//   2. else a kernel of the case's element types and operand layouts, the
//      one with the fewest gaps (the first of those): its refusal names the
//      real reason (epilogue, batch, alignment, divisibility);
//   3. else, when no loaded kernel has those layouts for those types, the
//      closest kernel of those types, and the choice says which layouts are
//      missing; when no loaded kernel has the types at all, the closest
//      kernel, and the choice says so.
// The choice depends only on the case and the loaded kernels (in their
// sorted order), so a seed replays the same choices.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TOOLS_GEMMSWEEP_SWEEPKERNELCHOICE_H
#define GEMM_OPT_TOOLS_GEMMSWEEP_SWEEPKERNELCHOICE_H

#include "runtime/BundleCapabilities.h"
#include "runtime/GemmProblem.h"

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <string>

namespace gemm_opt {
namespace sweep {

struct KernelChoice {
  size_t index = 0;
  /// Whether its capabilities cover the problem; if not, the kernel is the
  /// one whose refusal explains why (see the file comment).
  bool claimsSupport = false;
  /// Empty unless no loaded kernel has the problem's types, or none of
  /// those its layouts: then what is missing, e.g. "no loaded kernel has
  /// types a=f16 b=f16 c=f32" or "no loaded kernel of types a=bf16 b=bf16
  /// c=bf16 takes layouts a=col b=row c=col (they take a=row b=row c=row)".
  std::string missing;
};

/// The kernel (of `kernels`, non-empty) that case `rotation` of `problem`
/// runs on or is refused by.
KernelChoice chooseSweepKernel(llvm::ArrayRef<runtime::KernelCapabilities> kernels,
                               const runtime::GemmProblem &problem,
                               uint64_t rotation);

} // namespace sweep
} // namespace gemm_opt

#endif // GEMM_OPT_TOOLS_GEMMSWEEP_SWEEPKERNELCHOICE_H
