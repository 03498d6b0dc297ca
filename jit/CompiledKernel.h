//===- CompiledKernel.h - what a JIT compile produces -----------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The product of compiling one schedule: its cubin and the bundle entry
// (launch metadata, "gemm-opt-bundle-v1" kernel JSON, see
// runtime/KernelSpec.h) describing how to launch it. This is what the
// kernel cache stores.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_JIT_COMPILEDKERNEL_H
#define GEMM_OPT_JIT_COMPILEDKERNEL_H

#include <string>

namespace gemm_opt {
namespace jit {

struct CompiledKernel {
  std::string cacheKey;    ///< See CacheKey.h.
  std::string bundleEntry; ///< One kernel entry of a bundle, as JSON text.
  std::string cubin;
  std::string ptxasReport; ///< Registers, shared memory, spills.
};

} // namespace jit
} // namespace gemm_opt

#endif // GEMM_OPT_JIT_COMPILEDKERNEL_H
