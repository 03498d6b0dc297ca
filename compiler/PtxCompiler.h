//===- PtxCompiler.h - lowered schedules to PTX -----------------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Runs lower-to-nvvm on a parsed schedule module and serializes each kernel
// module to PTX with LLVM's NVPTX backend (gpu-module-to-binary, format
// isa), collecting the launch metadata of every kernel on the way. Shared by
// gemm-translate and the JIT (jit/).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_COMPILER_PTXCOMPILER_H
#define GEMM_OPT_COMPILER_PTXCOMPILER_H

#include "compiler/KernelMetadata.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace gemm_opt {

/// A kernel module serialized to PTX.
struct PtxKernel {
  KernelMetadata metadata;
  std::string ptx;
};

struct PtxCompileOptions {
  std::string chip; ///< Empty takes the schedule's chip.
  int optLevel = 3; ///< LLVM optimization level.
  /// TMA kernels take their tensor maps by value (`tensor-maps-by-value`
  /// of lower-to-nvvm) instead of as pointers into global memory.
  bool tensorMapsByValue = false;
};

/// Lowers `module` in place and returns its kernels. Pipeline diagnostics
/// (verifier errors with their locations) go to the context's handlers; the
/// returned error only summarizes.
llvm::Expected<std::vector<PtxKernel>>
compileModuleToPtx(mlir::ModuleOp module, const PtxCompileOptions &options);

} // namespace gemm_opt

#endif // GEMM_OPT_COMPILER_PTXCOMPILER_H
