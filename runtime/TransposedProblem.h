//===- TransposedProblem.h - a GEMM run as C^T = B^T * A^T ------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// C = A·B and C^T = B^T·A^T are one computation on the same memory: a
// row-major M x N matrix is a column-major N x M one, so a row-major A
// (M x K) is the transposed problem's column-major B (K x M), B becomes its
// A and C stays where it is. A kernel compiled for layouts (a, b, c) thus
// also runs any problem whose layouts are (flip b, flip a, flip c) — with A
// and B exchanged, M and N exchanged and their leading dimensions with
// them. What it buys: wgmma's M is at least 64 while its N goes down to 8,
// so a GEMM with a small M (16 x 4096 x 4096) runs without padding as
// 4096 x 16 x 4096 on a kernel with every operand column-major.
//
// A fused bias is per row or per column of C and changes sides: a kernel
// that fuses one runs its transposed layouts only where the compiler
// exchanged A and B itself ("source_layouts": it gave the kernel the bias
// on the other side, so the GEMM as written keeps its own), otherwise only
// its own layouts. alpha/beta, the activations and the residual (C's
// layout and ld) are symmetric.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_TRANSPOSEDPROBLEM_H
#define GEMM_OPT_RUNTIME_TRANSPOSEDPROBLEM_H

#include "runtime/GemmShape.h"

namespace gemm_opt {
namespace runtime {

/// The layouts of the transposed problem's A, B and C: (flip b, flip a,
/// flip c).
MatrixLayouts getTransposedLayouts(const MatrixLayouts &layouts);

/// The transposed problem of `shape`: M and N exchanged, A's and B's leading
/// dimensions and batch strides exchanged, every layout as
/// getTransposedLayouts. It reads and writes the same memory, with A's
/// buffer as its B and B's as its A.
GemmShape getTransposedProblem(const GemmShape &shape);

/// Whether `spec` runs a problem with operand layouts `layouts` as its
/// transposed problem: the layouts are not the kernel's own, their
/// transposed layouts are, and the kernel fuses no bias or was compiled
/// with A and B exchanged (KernelSpec::sourceLayouts).
bool runsTransposed(const KernelSpec &spec, const MatrixLayouts &layouts);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_TRANSPOSEDPROBLEM_H
