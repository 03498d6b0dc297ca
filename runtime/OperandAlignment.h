//===- OperandAlignment.h - What alignment each operand needs --*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A bundle entry has one "min_alignment_bytes" (KernelSpec.h): what the
// kernel's own global accesses need — sizeof(C) for the element-by-element
// stores of a ragged wgmma epilogue, 16 bytes for cp.async chunks (mma.sync,
// SIMT) and for fused epilogues (C, bias and residual 8 elements at a time).
// It binds every operand the kernel accesses itself. An operand read
// through a "tma" parameter is not one of those: the runtime copies it into
// a buffer with a 16-byte address and pitch when TMA cannot read it in place
// (OperandStaging.h), so any element offset and leading dimension works.
//
// So, derived from the metadata alone (old bundles included): A and B of a
// "tma" parameter need only their element alignment; every other operand
// (A and B as memrefs, C always, and the epilogue's bias and residual)
// needs min_alignment_bytes, for its address (offset), row pitch and batch
// stride alike.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_OPERANDALIGNMENT_H
#define GEMM_OPT_RUNTIME_OPERANDALIGNMENT_H

#include "runtime/KernelSpec.h"

#include <cstdint>

namespace gemm_opt {
namespace runtime {

/// Whether the runtime copies `operand` into an aligned buffer when TMA
/// cannot read it in place: A or B read through a "tma" parameter.
bool isStagedOperand(const KernelSpec &spec, Operand operand);

/// The bytes `operand`'s address, row pitch and batch stride must be a
/// multiple of: its element size where the runtime stages it, else the
/// kernel's min_alignment_bytes.
int64_t getOperandAlignmentBytes(const KernelSpec &spec, Operand operand);

/// What an epilogue operand (bias, residual) needs: min_alignment_bytes.
inline int64_t getEpilogueOperandAlignmentBytes(const KernelSpec &spec) {
  return spec.minAlignmentBytes;
}

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_OPERANDALIGNMENT_H
