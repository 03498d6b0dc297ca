//===- DecodeSchedules.h - dot schedules for thin matmul problems -*- C++
//-*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A decode step's GEMMs (a few rows of activations times a weight stored
// N × K, the layout of x @ W^T) are a read of the weight. The dot kernels
// (#tile.mma<dot, ...>: passes/simt/DotKernel.h) stream it into registers
// with no shared memory and run at 1.05-1.12x cuBLAS at M = 1 on an H200,
// where the tensor-core candidates of the tuning space reach about 1.0x
// (docs/design/decode.md). A weight stored K × N (x @ W) takes the dot
// kernel along N (passes/simt/DotAlongNKernel.h) where it is large. So
// such a problem takes a dot schedule before the tuning database or the
// model is asked.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_JIT_DECODESCHEDULES_H
#define GEMM_OPT_JIT_DECODESCHEDULES_H

#include "jit/MatmulModule.h"

#include <optional>

namespace gemm_opt {

/// Rows of A up to which a problem is thin enough for a dot schedule.
inline constexpr int64_t kDotMaxRows = 4;

/// The dot schedule of `problem` where it takes one: M ≤ kDotMaxRows, bf16
/// or f16 A and B, A and C row-major, one batch entry, and
/// - B column-major (dot products along K) with at least two blocks of 4
///   columns per SM of an H200 (fewer leave the weight's stream too thin;
///   the tensor-core kernels split K there), or
/// - B row-major (lanes along N), M ≤ 2 and a weight of at least 48 Mi
///   elements (elsewhere the tensor-core kernels measured faster).
/// Its `module` is left empty.
std::optional<MatmulSchedule> getDecodeSchedule(const MatmulProblem &problem);

} // namespace gemm_opt

#endif // GEMM_OPT_JIT_DECODESCHEDULES_H
