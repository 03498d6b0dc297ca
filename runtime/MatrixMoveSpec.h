//===- MatrixMoveSpec.h - Fields of transpose and copy kernels -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Parses what a "kind": "transpose" or "kind": "copy" entry has instead of
// the GEMM fields (see KernelSpec.h): tile, types, layouts, alignment,
// vector width and the [src, dst] memref parameters. The two kinds share
// every field; they differ in what the kernel writes.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_MATRIXMOVESPEC_H
#define GEMM_OPT_RUNTIME_MATRIXMOVESPEC_H

#include "runtime/KernelSpec.h"

#include "llvm/Support/Error.h"

namespace gemm_opt {
namespace runtime {

/// Fills spec.matrixMove (and the element types and alignment of `spec`)
/// from `entry`, a transpose or copy entry (spec.kind); `context` names it
/// in BadInput errors.
llvm::Error readMatrixMoveFields(const bundle::KernelEntry &entry,
                                 KernelSpec &spec, const llvm::Twine &context);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_MATRIXMOVESPEC_H
