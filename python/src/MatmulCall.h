//===- MatmulCall.h - tensors to a MatmulProblem ----------------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Maps the operands of a call (a, b, out, bias, residual) to the problem
// gemm_opt::matmul and the kernels take:
//   - a (M x K), b (K x N), out (M x N): 2-D, or 3-D batches; a batch of 1,
//     or a 2-D operand next to a 3-D one, is broadcast (batch stride 0). A
//     batch of row-major A over one B into a row-major out is one GEMM of
//     batch x M rows;
//   - each matrix row- or column-major, by which of its last two
//     dimensions has unit stride; the other stride is its leading
//     dimension (so transposed and sliced views are taken in place);
//   - bias: 1-D, M entries along the rows ("row": bias[i] added to row i)
//     or N along the columns ("column": nn.Linear's bias), C's type;
//   - residual: laid out like out, C's type.
// What does not fit is an ArgumentError naming the operand.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PYTHON_MATMULCALL_H
#define GEMM_OPT_PYTHON_MATMULCALL_H

#include "TensorOperand.h"

#include "jit/MatmulProblem.h"

#include <string>

namespace gemm_opt::python {

/// What the epilogue asks for besides its tensors.
struct EpilogueOptions {
  float alpha = 1.0f, beta = 0.0f;
  /// As the dialect spells it ("none", "relu", "gelu_tanh", ...).
  std::string activation = "none";
  /// "row", "column", or empty: "column" for a bias of N entries, "row" for
  /// one of M (N where M = N).
  std::string biasAlong;
  /// f32 A and B may run on tf32 tensor cores (ignored for other types).
  bool allowTf32 = false;
};

struct MatmulCall {
  MatmulProblem problem;
  MatmulEpilogue epilogue;
  const void *a = nullptr, *b = nullptr;
  void *c = nullptr;
  /// The CUDA device every operand is on.
  int device = 0;
};

/// The problem the operands describe. `bias` and `residual` may be null.
MatmulCall describeMatmul(const TensorOperand &a, const TensorOperand &b,
                          const TensorOperand &out, const TensorOperand *bias,
                          const TensorOperand *residual,
                          const EpilogueOptions &options);

/// Checks that `a` and `b` can be multiplied (types, ranks, K) without an
/// output, so that a missing `out` is reported after what is wrong with
/// them.
void checkInputs(const TensorOperand &a, const TensorOperand &b);

} // namespace gemm_opt::python

#endif // GEMM_OPT_PYTHON_MATMULCALL_H
