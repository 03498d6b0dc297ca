//===- CompiledKernelReader.h - a bundle's kernel as a CompiledKernel -*- C++
//-*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A kernel compiled ahead of time (gemm-translate X.mlir --to-bundle -o
// dir/kernel.json) read back as what a JIT compile produces: its bundle
// entry and cubin. GemmKernel::create then launches it like a JIT-compiled
// one, in a program built without LLVM/MLIR (GemmOptKernelLaunch).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_JIT_COMPILEDKERNELREADER_H
#define GEMM_OPT_JIT_COMPILEDKERNELREADER_H

#include "jit/CompiledKernel.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace gemm_opt {
namespace jit {

/// The kernel named `kernelName` (empty: the first) of the bundle at
/// `bundlePath` (its kernel.json, checked as gemm-run checks it), with the
/// bytes of its cubin. A bundle without a cubin is an error: the launch
/// half loads cubins only. The cache key is "bundle <path> <kernel>".
llvm::Expected<CompiledKernel>
readCompiledKernel(llvm::StringRef bundlePath, llvm::StringRef kernelName = "");

} // namespace jit
} // namespace gemm_opt

#endif // GEMM_OPT_JIT_COMPILEDKERNELREADER_H
