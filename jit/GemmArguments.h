//===- GemmArguments.h - one GEMM launch's operands -------------*- C++ -*-===//

#ifndef GEMM_OPT_JIT_GEMMARGUMENTS_H
#define GEMM_OPT_JIT_GEMMARGUMENTS_H

#include <cstdint>

namespace gemm_opt {
namespace jit {

/// D = alpha * A·B + beta * C (+ bias per column), written over C; A is
/// M x K, B is K x N, C is M x N, all row-major in device memory, leading
/// dimensions in elements (0: packed). The kernels of today compute C = A·B
/// only: alpha must be 1, beta 0 and bias null until their schedules carry
/// such an epilogue.
struct GemmArguments {
  const void *a = nullptr;
  const void *b = nullptr;
  void *c = nullptr;
  int64_t m = 0, n = 0, k = 0;
  int64_t lda = 0, ldb = 0, ldc = 0;
  float alpha = 1.0f;
  float beta = 0.0f;
  const void *bias = nullptr; ///< N elements of C's type, or null.
};

} // namespace jit
} // namespace gemm_opt

#endif // GEMM_OPT_JIT_GEMMARGUMENTS_H
