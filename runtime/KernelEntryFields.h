//===- KernelEntryFields.h - fields every bundle kernel entry has -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Readers of the fields that GEMM and transpose entries of a bundle share
// (KernelSpec.h documents the format): "layouts" (GEMM entries: "row" or
// "col" per operand; transpose entries: row-major only) and
// "min_alignment_bytes".
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_KERNELENTRYFIELDS_H
#define GEMM_OPT_RUNTIME_KERNELENTRYFIELDS_H

#include "runtime/JsonFieldReader.h"
#include "runtime/KernelParamSpec.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

namespace gemm_opt {
namespace runtime {

/// Checks that the entry's "layouts" object names each of `operands` and
/// that each is "row".
llvm::Error checkRowMajorLayouts(const JsonFieldReader &kernel,
                                 llvm::ArrayRef<llvm::StringRef> operands);

/// The GEMM entry's "layouts" (or the layouts object `key`, e.g.
/// "source_layouts"): "row" or "col" for each of "a", "b", "c".
llvm::Expected<MatrixLayouts>
readGemmLayouts(const JsonFieldReader &kernel,
                llvm::StringRef key = "layouts");

/// The entry's "min_alignment_bytes": a power of two in [1, 4096].
llvm::Expected<int64_t> readMinAlignmentBytes(const JsonFieldReader &kernel);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_KERNELENTRYFIELDS_H
