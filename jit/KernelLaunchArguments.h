//===- KernelLaunchArguments.h - GemmArguments for the kernel --*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What GemmKernel hands to the runtime for a caller's GemmArguments: the
// shape the kernel runs (the caller's, or its transpose C^T = B^T·A^T for a
// schedule whose operands are all in the other major order; a grouped
// schedule's batch is its group count), the operand addresses (the group
// operand included) and the fused epilogue's operands. No GPU needed.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_JIT_KERNELLAUNCHARGUMENTS_H
#define GEMM_OPT_JIT_KERNELLAUNCHARGUMENTS_H

#include "jit/GemmArguments.h"
#include "runtime/GemmShape.h"
#include "runtime/KernelParams.h"
#include "runtime/KernelSpec.h"

#include <string>

namespace gemm_opt {
namespace jit {

/// Whether `spec` runs the caller's problem as its transpose C^T = B^T·A^T
/// (runtime/TransposedProblem.h). Never for an FP8 or a grouped schedule,
/// whose scales and group operand belong to A's rows.
bool runsTransposed(const runtime::KernelSpec &spec, const GemmArguments &args);

/// `args` as the kernel takes them: as given, or with A's and B's pointers
/// exchanged where it runs the transposed problem.
/// The runtime's name for a caller's major order.
runtime::MatrixLayout getMatrixLayout(MatrixOrder order);

GemmArguments getKernelArguments(const runtime::KernelSpec &spec,
                                 GemmArguments args);

/// The shape the kernel runs for the caller's `args`: layouts, leading
/// dimensions and batch entries (a grouped schedule's `groups`, with the
/// batch strides of the operands that have one), or its transposed problem.
runtime::GemmShape getKernelShape(const runtime::KernelSpec &spec,
                                  const GemmArguments &args);

/// The addresses of A, B, C, an FP8 GEMM's scales and a grouped GEMM's
/// group operand (groupRows or groupOffsets) in `args`.
runtime::OperandAddresses getOperandAddresses(const GemmArguments &args);

/// The fused epilogue's operands in `args`.
runtime::EpilogueArguments getEpilogueArguments(const GemmArguments &args);

/// `pointer` as error messages write it ("0x20000008").
std::string formatAddress(const void *pointer);

} // namespace jit
} // namespace gemm_opt

#endif // GEMM_OPT_JIT_KERNELLAUNCHARGUMENTS_H
