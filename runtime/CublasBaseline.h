//===- CublasBaseline.h - What cuBLAS computes beside a kernel -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// gemm-run times cuBLAS beside a kernel as the baseline its ratio is taken
// against. For a fused epilogue, cuBLAS's GEMM does what it can of the
// same work in one call: cublasGemmEx computes D = alpha·A·B + beta·C in
// place, so
//   - alpha_beta: the kernel's alpha and beta (C starts as the kernel's
//     initial C; with beta ≠ 0 cuBLAS reads it as the kernel does);
//   - a residual without alpha_beta: alpha = 1, beta = 1 over C holding
//     the residual (D = A·B + residual: the same M×N read and write);
//   - bias and activations: none (cuBLAS's GEMM has no epilogue of that
//     kind; gemm-run --compare-epilogue times cuBLAS + a separate kernel and
//     cuBLASLt's fused epilogue for those).
// A baseline of alpha = 1, beta = 0 would time fused kernels that read C or
// a residual against a cuBLAS that reads neither.
//
// The correctness check is separate: cuBLAS computes A·B there and the
// epilogue is applied to its result in fp64 (runtime/GemmBenchmark.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_CUBLASBASELINE_H
#define GEMM_OPT_RUNTIME_CUBLASBASELINE_H

#include "runtime/FusedEpilogueSpec.h"

#include <string>

namespace gemm_opt {
namespace runtime {

struct CublasBaseline {
  /// Which of the kernel's inputs C holds before each timed cuBLAS run.
  enum class InitialC { None, KernelC, Residual };

  float alpha = 1.0f;
  float beta = 0.0f;
  InitialC initialC = InitialC::None;

  /// Whether cuBLAS computes only A·B.
  bool isPlainProduct() const {
    return alpha == 1.0f && beta == 0.0f && initialC == InitialC::None;
  }
  /// "A·B", "1.5·A·B + 1·C (the kernel's C)", "A·B + C (C holding the
  /// residual)".
  std::string describe() const;
};

/// The baseline for a kernel whose epilogue is `epilogue`, run with
/// `alpha` and `beta` (used where the epilogue has alpha_beta).
CublasBaseline getCublasBaseline(const FusedEpilogueSpec &epilogue, float alpha,
                                 float beta);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_CUBLASBASELINE_H
