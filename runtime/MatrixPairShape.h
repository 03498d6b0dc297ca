//===- MatrixPairShape.h - the src and dst of a transpose or copy -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A "transpose" or "copy" bundle kernel (KernelSpec.h) moves the row-major
// matrix src (rows×cols) into the row-major matrix dst: cols×rows for a
// transpose (TransposeShape.h), rows×cols for a copy (CopyShape.h). Both
// launch shapes share these fields.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_MATRIXPAIRSHAPE_H
#define GEMM_OPT_RUNTIME_MATRIXPAIRSHAPE_H

#include <cstdint>

namespace gemm_opt {
namespace runtime {

struct MatrixPairShape {
  /// src's extents; dst's are the same or exchanged, as the kernel's kind
  /// says.
  int64_t rows = 0;
  int64_t cols = 0;
  int64_t ldSrc = 0;
  int64_t ldDst = 0;
  /// Entries of a batched kernel, and the elements between consecutive
  /// entries of src (0: one matrix read by every entry) and of dst.
  int64_t batch = 1;
  int64_t batchStrideSrc = 0;
  int64_t batchStrideDst = 0;
};

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_MATRIXPAIRSHAPE_H
