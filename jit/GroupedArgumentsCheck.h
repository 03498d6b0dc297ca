//===- GroupedArgumentsCheck.h - a grouped launch's arguments ---*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What GemmKernel checks of the group arguments (GemmArguments' groupRows,
// groupOffsets and groups) before a launch, no GPU needed: a grouped
// schedule (runtime/GroupedKernelSpec.h) takes the group operand of its
// layout and at least one group, any other schedule none. A grouped kernel's
// operands are read and written by TMA in place, never staged (a contiguous
// A has no batched copy kernel, as in gemm-run): their pointers, row pitches
// and batch strides must be multiples of 16 bytes.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_JIT_GROUPEDARGUMENTSCHECK_H
#define GEMM_OPT_JIT_GROUPEDARGUMENTSCHECK_H

#include "jit/GemmArguments.h"
#include "runtime/GemmShape.h"
#include "runtime/KernelSpec.h"
#include "llvm/Support/Error.h"

namespace gemm_opt {
namespace jit {

/// Checks the group arguments of `args` (the kernel's shape `shape`,
/// KernelLaunchArguments.h) against `spec`; a BadInput error says what is
/// wrong.
llvm::Error checkGroupedArguments(const runtime::KernelSpec &spec,
                                  const GemmArguments &args,
                                  const runtime::GemmShape &shape);

} // namespace jit
} // namespace gemm_opt

#endif // GEMM_OPT_JIT_GROUPEDARGUMENTSCHECK_H
