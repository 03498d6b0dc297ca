//===- MatmulChoice.h - what matmul runs, and why ---------------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_JIT_MATMULCHOICE_H
#define GEMM_OPT_JIT_MATMULCHOICE_H

#include <string>

namespace gemm_opt {

/// What a matmul plan runs and why: its answer to "what did you choose?".
struct MatmulChoice {
  /// Where the kernel came from: "library" (compiled ahead of time) or
  /// "jit" (compiled in this process or read from the JIT's disk cache).
  std::string origin;
  /// The kernel function's name.
  std::string kernel;
  /// The schedule (`#tile.schedule<...>`) the kernel was compiled from.
  std::string schedule;
  /// Why that schedule, e.g. "tuning database: measured at 2048x4096x4096
  /// (1.06x cuBLAS)" or "static model: first of 3958 candidates that run
  /// 100x4096x4096, predicted 612 TFLOP/s".
  std::string reason;
};

} // namespace gemm_opt

#endif // GEMM_OPT_JIT_MATMULCHOICE_H
