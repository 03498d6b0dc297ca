//===- MatmulProblem.h - a GEMM as gemm_opt::matmul takes it ----*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What gemm_opt::matmul computes, without a schedule: the extents, batch and
// strides, element types and layouts (MatmulProblem) and the epilogue
// (MatmulEpilogue: its form and its operands). The kernel class is what a
// kernel must match to serve a problem (types, layouts, batched or not,
// the epilogue's form); the plan key adds the extents and strides.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_JIT_MATMULPROBLEM_H
#define GEMM_OPT_JIT_MATMULPROBLEM_H

#include "jit/GemmArguments.h"
#include "jit/ScheduleDescription.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>

namespace gemm_opt {

/// C = epilogue(A · B) for row- or column-major A (M x K), B (K x N) and C
/// (M x N), `batch` times.
struct MatmulProblem {
  int64_t m = 0, n = 0, k = 0;
  int64_t batch = 1;
  /// Element types as the dialect spells them: "bf16", "f16", "f32".
  std::string aType = "bf16", bType = "bf16", cType = "bf16";
  jit::MatrixOrder orderA = jit::MatrixOrder::RowMajor;
  jit::MatrixOrder orderB = jit::MatrixOrder::RowMajor;
  jit::MatrixOrder orderC = jit::MatrixOrder::RowMajor;
  /// Leading dimensions; 0: packed (the operand's minor extent).
  int64_t lda = 0, ldb = 0, ldc = 0;
  /// Elements between batch entries; unset: packed.
  std::optional<int64_t> batchStrideA, batchStrideB, batchStrideC;
  /// With f32 A and B: the products may run on tf32 tensor cores (10-bit
  /// mantissas, f32 accumulation), as cuBLAS's CUBLAS_COMPUTE_32F_FAST_TF32.
  bool allowTf32 = false;
  /// The target, e.g. "sm_90a"; empty: the current device's.
  std::string chip;
};

/// The epilogue of a matmul: D = activation(alpha · A·B + beta · C + bias)
/// + residual. Its form (which parts it has) selects the kernel; alpha,
/// beta and the pointers are the launch's.
struct MatmulEpilogue {
  float alpha = 1.0f, beta = 0.0f;
  /// A vector of C's type indexed by C's row ("row": M elements, bias[i]
  /// added to row i) or column ("column": N elements, bias[j] added to
  /// column j, as nn.Linear's bias), as the dialect's `bias = row | column`;
  /// used when `bias` is set.
  const void *bias = nullptr;
  std::string biasAlong = "row";
  /// "none", "relu", "gelu_tanh", "gelu_erf", "silu" (as the dialect's
  /// #tile.epilogue spells them).
  std::string activation = "none";
  /// M x N of C's type with C's leading dimension, or null.
  const void *residual = nullptr;
};

/// The epilogue's form: what the kernel's #tile.epilogue must say.
jit::FusedEpilogueDescription getEpilogueForm(const MatmulEpilogue &epilogue);

/// A problem's kernel class, e.g.
/// "sm_90a a=bf16:row b=bf16:col c=bf16:row single epilogue=none": every
/// problem of one class can run on the same kernels (extents aside).
std::string getKernelClass(const MatmulProblem &problem,
                           const jit::FusedEpilogueDescription &epilogue);

/// Checks what needs no kernel: positive extents, known types and
/// activation, leading dimensions and strides that cover the operands.
/// Errors are runtime::RuntimeError of kind BadInput naming the field.
llvm::Error checkMatmulProblem(const MatmulProblem &problem,
                               const MatmulEpilogue &epilogue);

/// The launch arguments of `problem` on these buffers.
jit::GemmArguments getGemmArguments(const MatmulProblem &problem, const void *a,
                                    const void *b, void *c,
                                    const MatmulEpilogue &epilogue);

/// The launch arguments of `problem` with an epilogue of form `epilogue`
/// on placeholder addresses (aligned, never dereferenced): what
/// GemmKernel::checkArguments needs to say whether a kernel runs the
/// problem before its buffers are known.
jit::GemmArguments
getProbeArguments(const MatmulProblem &problem,
                  const jit::FusedEpilogueDescription &epilogue);

/// The squared distance of two shapes in log2(M), log2(N), log2(K): how
/// far a kernel chosen for one is trusted for the other.
double getShapeLogDistance(int64_t m, int64_t n, int64_t k, int64_t otherM,
                           int64_t otherN, int64_t otherK);

/// "row" or "col", as schedules and kernel classes spell layouts.
const char *getOrderName(jit::MatrixOrder order);

} // namespace gemm_opt

#endif // GEMM_OPT_JIT_MATMULPROBLEM_H
