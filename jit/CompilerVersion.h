//===- CompilerVersion.h - what identifies the compiler build ---*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_JIT_COMPILERVERSION_H
#define GEMM_OPT_JIT_COMPILERVERSION_H

#include <string>

namespace gemm_opt {
namespace jit {

/// "gemm-opt <project version> (<git commit>[-dirty-<hash of the changes>])
/// LLVM <version>": part of every cache key, so a rebuilt compiler never
/// reuses stale kernels.
const std::string &getCompilerVersion();

} // namespace jit
} // namespace gemm_opt

#endif // GEMM_OPT_JIT_COMPILERVERSION_H
