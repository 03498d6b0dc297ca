//===- CopyShape.cpp - the matrices of a copy kernel launch ---------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/CopyShape.h"

#include "runtime/KernelParams.h"

using namespace llvm;

namespace gemm_opt {
namespace runtime {

std::vector<uint64_t> packCopyParams(const CopyShape &shape, uint64_t src,
                                     uint64_t dst, bool batched) {
  std::vector<uint64_t> params;
  appendRowMajorMemRef(params, src, shape.rows, shape.cols, shape.ldSrc,
                       batched, shape.batch, shape.batchStrideSrc);
  appendRowMajorMemRef(params, dst, shape.rows, shape.cols, shape.ldDst,
                       batched, shape.batch, shape.batchStrideDst);
  return params;
}

Expected<LaunchGrid> computeCopyGrid(const KernelSpec &spec,
                                     const CopyShape &shape) {
  return computeMatrixMoveGrid(spec, shape.rows, shape.cols, shape.batch);
}

} // namespace runtime
} // namespace gemm_opt
