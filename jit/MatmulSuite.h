//===- MatmulSuite.h - lists of matmul problems -----------------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The problems gemm-opt-build-library compiles for and gemm-matmul-bench
// times, as text, one per line ('#' starts a comment):
//
//   <M>x<N>x<K> <type> <A layout>,<B layout>
//   2048x6144x4096 bf16 row,col      x @ W^T, the nn.Linear layout
//   128x4096x4096  tf32 row,col      f32 operands, tf32 math
//
// C is row-major. The public suite is the one gemm_opt::matmul's
// performance is judged on: the projections of Llama-3-8B, Llama-3-70B and
// DeepSeek-V3 (N x K) at M = 1, 16, 128, 512, 2048 and 8192, bf16 and f16,
// in the nn.Linear layout and with both operands row-major; and tf32 and
// f32 at M = 128, 2048 and 8192 on the Llama-3-8B shapes.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_JIT_MATMULSUITE_H
#define GEMM_OPT_JIT_MATMULSUITE_H

#include "jit/MatmulProblem.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace gemm_opt {

/// The public suite (see above), 312 problems.
std::vector<MatmulProblem> getPublicMatmulSuite();

/// Parses a suite's text; `name` labels errors ("name:line: ...").
llvm::Expected<std::vector<MatmulProblem>>
parseMatmulSuite(llvm::StringRef text, llvm::StringRef name);

/// Reads `path`, or the public suite for "public".
llvm::Expected<std::vector<MatmulProblem>>
loadMatmulSuite(llvm::StringRef path);

/// The problem as a suite line, e.g. "2048x6144x4096 bf16 row,col".
std::string formatSuiteLine(const MatmulProblem &problem);

} // namespace gemm_opt

#endif // GEMM_OPT_JIT_MATMULSUITE_H
