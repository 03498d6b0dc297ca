//===- BundleWriter.h - a schedule compiled into a kernel bundle -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What gemm-translate --to-bundle writes, as one call for tools that link
// the compiler (gemm-run on a .mlir input): each kernel's PTX and cubin
// (assembled by ptxas) beside the bundle JSON, which names them.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_COMPILER_BUNDLEWRITER_H
#define GEMM_OPT_COMPILER_BUNDLEWRITER_H

#include "compiler/PtxCompiler.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <optional>
#include <string>
#include <vector>

namespace gemm_opt {

/// Writes `kernels` (compiled from `source`) as a bundle at `jsonPath`: each
/// kernel's <symbol>.ptx and <symbol>.cubin in the same directory, assembled
/// by `ptxas` at `ptxasOptLevel` (else the level the lowering chose).
llvm::Error writeKernelBundle(std::vector<PtxKernel> &kernels,
                              llvm::StringRef source, llvm::StringRef jsonPath,
                              llvm::StringRef ptxas,
                              std::optional<int> ptxasOptLevel);

/// Compiles the schedule in `text` (named `bufferName` in diagnostics) and
/// writes its bundle at `jsonPath`, as gemm-translate --to-bundle does with
/// default options.
llvm::Error compileScheduleToBundle(llvm::StringRef text,
                                    llvm::StringRef bufferName,
                                    llvm::StringRef jsonPath);

} // namespace gemm_opt

#endif // GEMM_OPT_COMPILER_BUNDLEWRITER_H
