//===- ToleranceFactor.h - a check's tolerance at its outputs --*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The tolerances of Validation.h are relative Frobenius errors calibrated
// on random inputs, where an output is about as large as the products that
// make it and the epilogue passes errors through unchanged. Two things
// break that, and the tolerance factor here allows for both:
//
// - Sums that cancel. A kernel's rounding (tf32 or 16-bit inputs, the
//   accumulator) perturbs each product a_k·b_k of z = sum_k a_k·b_k, so the
//   error of z grows with sqrt(sum_k (a_k·b_k)^2), not with |z|, and a sum
//   much smaller than its products (a tiny K, products of opposite signs)
//   carries a large relative error.
// - The activation. An error dz of its input becomes act'(z)·dz, which
//   relative to act(z) is large where act squashes its input: GELU's
//   negative tail, where |z·act'(z) / act(z)| grows like z^2. And the
//   kernel evaluates the activation in f32, with an absolute error of up to
//   a fixed fraction of |z| (getActivationEvaluationError): GELU's
//   0.5·z·(1 + erf(z/√2)) rounds to 0 below z ≈ -5.5, where the exact value
//   is ~1e-8.
//
// The check's allowed error norm is
//   tolerance · max(||y||, sqrt(sum_i g_i^2 · P_i)) + e · ||z||
// over the checked outputs i, with y_i the expected output, z_i the
// activation's input, P_i = sum_k (alpha·a_k·b_k)^2, g_i the largest
// |act'| within tolerance·sqrt(P_i) of z_i, and e the activation's
// evaluation error; the factor is that norm over tolerance·||y||. Without
// an activation it is max(1, sqrt(sum_i P_i) / ||y||): 1 for random inputs,
// where P_i ~ z_i^2, and the cancellation alone otherwise. A scaled check still
// bounds the error by the products' size and the f32 resolution of the
// activation: a wrong product, a missing bias, or an output off by more
// than f32 resolves fails it.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_TOLERANCEFACTOR_H
#define GEMM_OPT_RUNTIME_TOLERANCEFACTOR_H

#include "runtime/FusedEpilogueSpec.h"

#include "llvm/ADT/ArrayRef.h"

namespace gemm_opt {
namespace runtime {

/// What the tolerance factor needs of one checked output entry, in fp64.
struct CheckedOutputTerms {
  /// sum_k (alpha·a_k·b_k)^2.
  double productSquares = 0.0;
  /// The activation's input: alpha·A·B + beta·C + bias.
  double preActivation = 0.0;
  /// The expected output: the activation of preActivation, plus a residual.
  double expected = 0.0;
};

/// |act'(x)|, the activation's slope (ReLU's is 1 above 0, else 0).
double getActivationSlope(EpilogueActivation activation, double x);

/// A bound on the absolute error of the kernel's f32 activation, relative
/// to |x| (passes/epilogue/FusedEpilogue.cpp): 0 for none and ReLU; 2^-22 for erf
/// GELU (0.5·x times 1 + erf, with erff within 2 ulp); 2^-12 for tanh GELU
/// and SiLU (0.5·x times 1 + tanh.approx.f32, whose relative error is up to
/// about 2^-11).
double getActivationEvaluationError(EpilogueActivation activation);

/// The factor by which a check's `tolerance` grows at `outputs` (see the
/// file comment): at least 1, and 1 where the expected outputs are all
/// zero (which only an exact match passes) or not finite.
double getToleranceFactor(llvm::ArrayRef<CheckedOutputTerms> outputs,
                          EpilogueActivation activation, double tolerance);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_TOLERANCEFACTOR_H
