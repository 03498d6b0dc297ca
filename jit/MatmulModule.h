//===- MatmulModule.h - a matmul problem as a schedule module ---*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_JIT_MATMULMODULE_H
#define GEMM_OPT_JIT_MATMULMODULE_H

#include "jit/MatmulProblem.h"

#include <string>

namespace gemm_opt {

/// A chosen schedule: the module to compile and why.
struct MatmulSchedule {
  std::string module;
  /// The `#tile.schedule<...>` text.
  std::string schedule;
  /// The candidate's name, e.g. "wgmma_bf16_128x256x64_w64x256_s3_r40_232_p"
  /// (the kernel function's name too).
  std::string candidate;
  std::string reason;
  /// The kernel runs the transposed problem (C^T = B^T·A^T).
  bool transposed = false;
};

/// The module computing `problem` with `epilogue` under `schedule` (a
/// `#tile.schedule<...>` text) as `func.func @<name>`, its operands in
/// `problem`'s layouts or, `transposed`, as the kernel of the transposed
/// problem takes them (C^T = B^T·A^T: A and B exchanged, every layout
/// flipped). Not verified. A `name` that is no symbol name becomes
/// "matmul".
std::string renderMatmulModule(const MatmulProblem &problem,
                               const jit::FusedEpilogueDescription &epilogue,
                               const std::string &schedule, bool transposed,
                               const std::string &name);

/// Whether `module` parses and verifies; the diagnostics in `why` where
/// not.
bool verifiesMatmulModule(const std::string &module, std::string &why);

} // namespace gemm_opt

#endif // GEMM_OPT_JIT_MATMULMODULE_H
