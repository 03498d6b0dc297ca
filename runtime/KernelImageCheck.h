//===- KernelImageCheck.h - a bundle's images before the driver -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The bytes a bundle names as its cubin or PTX go to cuModuleLoadData, which
// trusts them. These checks refuse what cannot be a kernel image first,
// with a message that names the file: a cubin must be a 64-bit
// little-endian ELF for CUDA whose header tables lie inside the file; PTX
// must be text (no NUL byte) with .version, .target and .entry directives.
// They are cheap and structural; the driver still validates the rest.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_KERNELIMAGECHECK_H
#define GEMM_OPT_RUNTIME_KERNELIMAGECHECK_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace gemm_opt {
namespace runtime {

/// Checks that `bytes` (read from `path`) look like a CUDA cubin. BadInput.
llvm::Error checkCubinImage(llvm::StringRef bytes, llvm::StringRef path);

/// Checks that `text` (read from `path`) looks like PTX. BadInput.
llvm::Error checkPtxImage(llvm::StringRef text, llvm::StringRef path);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_KERNELIMAGECHECK_H
