//===- MatmulPlanKey.h - what a matmul plan depends on ----------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Everything a gemm_opt::matmul plan depends on, as numbers and names:
// extents, leading dimensions, batch strides, orders, tf32, the element
// types, the chip and the epilogue's form. Problems with equal keys share
// a plan. It is made on every warm call, so it formats nothing.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_JIT_MATMULPLANKEY_H
#define GEMM_OPT_JIT_MATMULPLANKEY_H

#include "jit/MatmulProblem.h"

#include <array>
#include <cstdint>
#include <string>

namespace gemm_opt {

struct MatmulPlanKey {
  /// M, N, K, the batch, the leading dimensions, the batch strides (-1:
  /// packed), the orders, tf32, alpha/beta and the residual.
  std::array<int64_t, 16> numbers{};
  /// The element types, the chip, the bias and the activation, each ended
  /// by a NUL.
  std::string names;

  bool operator==(const MatmulPlanKey &other) const {
    return numbers == other.numbers && names == other.names;
  }
};

struct MatmulPlanKeyHash {
  size_t operator()(const MatmulPlanKey &key) const;
};

/// The key of `problem` (its chip resolved) with an epilogue of `form`.
MatmulPlanKey getPlanKey(const MatmulProblem &problem,
                         const jit::FusedEpilogueDescription &form);

} // namespace gemm_opt

#endif // GEMM_OPT_JIT_MATMULPLANKEY_H
