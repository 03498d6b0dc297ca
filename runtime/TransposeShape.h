//===- TransposeShape.h - the matrices of a transpose kernel launch -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A "transpose" bundle kernel (KernelSpec.h) writes the row-major rows×cols
// matrix src transposed into the row-major cols×rows matrix dst; a batched
// one does so for `batch` such pairs, each operand's entries its batch
// stride apart. Its shape, the checks on it and its kernel parameters; used
// by the transpose benchmark and by operand staging (OperandStaging.h).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_TRANSPOSESHAPE_H
#define GEMM_OPT_RUNTIME_TRANSPOSESHAPE_H

#include "runtime/MatrixPairShape.h"

#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace gemm_opt {
namespace runtime {

/// src is rows×cols with leading dimension ldSrc; dst is cols×rows with
/// ldDst.
struct TransposeShape : MatrixPairShape {
  /// Packed leading dimensions where ld* is 0.
  static TransposeShape get(int64_t rows, int64_t cols, int64_t ldSrc = 0,
                            int64_t ldDst = 0);
  /// "8192x8192", with " batch B" for several entries.
  std::string str() const;
};

/// Positive sizes, leading dimensions at least the row lengths, sane sizes.
llvm::Error verifyTransposeShape(const TransposeShape &shape);

/// The kernel parameters: the memrefs of src and dst at these addresses,
/// 2-D (14 words) or, for a `batched` kernel, 3-D (18 words).
std::vector<uint64_t> packTransposeParams(const TransposeShape &shape,
                                          uint64_t src, uint64_t dst,
                                          bool batched);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_TRANSPOSESHAPE_H
