//===- TransposedProblem.cpp - a GEMM run as C^T = B^T * A^T --------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/TransposedProblem.h"

#include <utility>

namespace gemm_opt {
namespace runtime {

static MatrixLayout flip(MatrixLayout layout) {
  return layout == MatrixLayout::Row ? MatrixLayout::Col : MatrixLayout::Row;
}

MatrixLayouts getTransposedLayouts(const MatrixLayouts &layouts) {
  MatrixLayouts transposed;
  transposed.a = flip(layouts.b);
  transposed.b = flip(layouts.a);
  transposed.c = flip(layouts.c);
  return transposed;
}

GemmShape getTransposedProblem(const GemmShape &shape) {
  GemmShape transposed = shape;
  std::swap(transposed.m, transposed.n);
  std::swap(transposed.lda, transposed.ldb);
  std::swap(transposed.batchStrideA, transposed.batchStrideB);
  transposed.layouts = getTransposedLayouts(shape.layouts);
  return transposed;
}

bool runsTransposed(const KernelSpec &spec, const MatrixLayouts &layouts) {
  return !(spec.layouts == layouts) &&
         spec.layouts == getTransposedLayouts(layouts) &&
         (spec.epilogue.bias == EpilogueBias::None || spec.sourceLayouts);
}

} // namespace runtime
} // namespace gemm_opt
