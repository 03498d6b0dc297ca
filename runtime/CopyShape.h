//===- CopyShape.h - the matrices of a copy kernel launch ------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A "copy" bundle kernel (KernelSpec.h) copies the row-major rows×cols
// matrix src into the row-major rows×cols matrix dst (dst[i][j] =
// src[i][j]), each with its own leading dimension; a batched one does so
// for `batch` such pairs, each operand's entries its batch stride apart
// (src may be 0: one matrix). Its shape, kernel parameters and grid; used
// by operand staging (OperandStaging.h) to write the padded copies of
// operands TMA cannot read in place.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_COPYSHAPE_H
#define GEMM_OPT_RUNTIME_COPYSHAPE_H

#include "runtime/KernelSpec.h"
#include "runtime/LaunchGrid.h"
#include "runtime/MatrixPairShape.h"

#include "llvm/Support/Error.h"

#include <cstdint>
#include <vector>

namespace gemm_opt {
namespace runtime {

/// src and dst are rows×cols, with leading dimensions ldSrc and ldDst.
struct CopyShape : MatrixPairShape {};

/// The kernel parameters: the memrefs of src and dst at these addresses,
/// both of sizes (rows, cols), 2-D (14 words) or, for a `batched` kernel,
/// 3-D (18 words).
std::vector<uint64_t> packCopyParams(const CopyShape &shape, uint64_t src,
                                     uint64_t dst, bool batched);

/// The grid of the copy kernel `spec` over `shape`, as its entry's "grid"
/// says (the compiler's: x over the rows, y over the columns, z over the
/// entries of a batched one).
llvm::Expected<LaunchGrid> computeCopyGrid(const KernelSpec &spec,
                                           const CopyShape &shape);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_COPYSHAPE_H
