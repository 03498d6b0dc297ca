//===- KernelMetadata.h - launch metadata of compiled kernels ---*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What the runtime needs to launch a kernel that lower-to-nvvm produced:
// symbol, block size, dynamic shared memory, the grid as a function of M and
// N, and the parameter order: the bundle schema's kernel entry
// (runtime/bundle/BundleSchema.h), which runtime/KernelSpec.h reads.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_COMPILER_KERNELMETADATA_H
#define GEMM_OPT_COMPILER_KERNELMETADATA_H

#include "runtime/bundle/BundleSchema.h"
#include "mlir/IR/BuiltinOps.h"
#include <string>
#include <vector>

namespace gemm_opt {

/// One kernel of a lowered module.
struct KernelMetadata {
  std::string moduleName; // the gpu.module holding it
  std::string symbol;     // the kernel's name in PTX and cubin
  std::string chip;
  int ptxasOptLevel = 3; // what the lowering arranged the code for
  bundle::KernelEntry entry; // the bundle entry, less file names
};

/// Collects the kernels of `module`, which has been through lower-to-nvvm
/// but not yet serialized (each gpu.module still holds its llvm.func).
std::vector<KernelMetadata> collectKernelMetadata(mlir::ModuleOp module);

} // namespace gemm_opt

#endif // GEMM_OPT_COMPILER_KERNELMETADATA_H
