//===- Validation.h - Error metrics and tolerances -------------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Two checks of a kernel's output C:
//  (a) against cuBLAS over the whole matrix: relative Frobenius error
//      ||C - C_cublas||_F / ||C_cublas||_F, accumulated in double;
//  (b) against an fp64 reference computed on the host from the host copies of
//      A and B, at sampled entries (random ones, the four corners, the last
//      row and the last column): relative Frobenius error over the samples.
// Any NaN or Inf in C fails both. Tolerances depend on the element types and
// are defined in one place, below.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_VALIDATION_H
#define GEMM_OPT_RUNTIME_VALIDATION_H

#include "runtime/ElementType.h"
#include "runtime/HostMatrix.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace gemm_opt {
namespace runtime {

/// Relative Frobenius error tolerances, by output (and input) type.
namespace tolerance {
/// bf16 output (8-bit mantissa: one rounding is up to 2^-9 = 2e-3).
inline constexpr double Bf16Output = 2e-2;
/// f16 output (11-bit mantissa).
inline constexpr double F16Output = 5e-3;
/// f32 output from f16 / bf16 inputs with f32 accumulation.
inline constexpr double F32OutputLowPrecisionInputs = 1e-3;
/// f32 (or f16) output from f32 inputs multiplied on tensor cores as tf32
/// (10-bit mantissa; wgmma truncates the inputs, cuBLAS rounds them): each
/// product is off by up to ~2^-10 relative, with a bias from truncation, so
/// ~1e-3 vs fp64 at K = 4096 and up to twice that vs cuBLAS tf32.
inline constexpr double F32OutputF32Inputs = 5e-3;
/// f32 output from f32 inputs with fp32 products and sums (FFMA, SGEMM):
/// only the summation order differs, ~1e-6 at K = 4096.
inline constexpr double F32ExactMath = 1e-5;
/// f32 output from 8-bit (FP8) inputs summed by wgmma's accumulator alone
/// over all of K (fast accumulation, cuBLASLt's FAST_ACCUM): it adds
/// 8-bit products with about 22 significant bits, so long sums lose more
/// than the promoted ones (which use F32OutputLowPrecisionInputs, like
/// f16 and bf16 inputs: the 8-bit inputs themselves are exact in both
/// references).
inline constexpr double F32OutputFp8FastAccumulation = 5e-3;
} // namespace tolerance

/// The tolerance for a kernel with these types (both checks use it).
/// `exactFp32Math`: the kernel multiplies and adds in fp32 (FFMA), which
/// only matters for f32 inputs and output; without it f32 inputs are tf32
/// (a tensor-core kernel), which a 16-bit output's own rounding may
/// dominate.
double getTolerance(ElementType inputType, ElementType outputType,
                    bool exactFp32Math = false);

/// The tolerance for an FP8 kernel (8-bit inputs) with this output type:
/// getTolerance's, at least F32OutputFp8FastAccumulation with
/// `fastAccumulation`.
double getFp8Tolerance(ElementType outputType, bool fastAccumulation);

/// One line listing the tolerances above, for --help texts: "Tolerances
/// (relative Frobenius error, vs cuBLAS and vs fp64): bf16 output 0.02, ...".
std::string describeTolerances();

/// Result of one comparison.
struct ErrorMetric {
  double relativeFrobenius = 0.0;
  double maxAbsError = 0.0;
  int64_t count = 0;          ///< Entries compared.
  int64_t nonFiniteCount = 0; ///< NaN / Inf entries in the tested output.
  double tolerance = 0.0;
  bool passed = false;
};

/// Compares `actual` against `expected` entry by entry. Fails on any
/// non-finite entry of `actual`, a non-finite or zero-norm `expected`, or an
/// error above `tolerance`.
ErrorMetric computeErrorMetric(llvm::ArrayRef<double> actual,
                               llvm::ArrayRef<double> expected,
                               double tolerance);

/// Compares the M x N part of two matrices of the same shape.
ErrorMetric compareMatrices(const HostMatrix &actual,
                            const HostMatrix &expected, double tolerance);

/// Entry (row, col) pairs to check against fp64: `randomCount` seeded random
/// entries, the four corners, the whole last row and last column; sorted,
/// without duplicates.
std::vector<std::pair<int64_t, int64_t>>
chooseSampleEntries(int64_t rows, int64_t cols, int64_t randomCount,
                    uint64_t seed);

/// C(i, j) = sum_k A(i, k) * B(k, j) in double, for each sample.
std::vector<double>
computeFp64Reference(const HostMatrix &a, const HostMatrix &b,
                     llvm::ArrayRef<std::pair<int64_t, int64_t>> samples);

/// sum_k (A(i, k) * B(k, j))^2 in double, for each sample: what
/// getToleranceFactor takes (times alpha^2, ToleranceFactor.h).
std::vector<double>
computeProductSquares(const HostMatrix &a, const HostMatrix &b,
                      llvm::ArrayRef<std::pair<int64_t, int64_t>> samples);

/// What a fused epilogue makes of the exact product entry `acc` at (row,
/// col); empty for a plain GEMM.
using EntryEpilogue =
    llvm::function_ref<double(int64_t row, int64_t col, double acc)>;

/// The fp64 reference at `samples` passed through `epilogue` when one is
/// given (computeFp64Reference).
std::vector<double>
computeFp64Reference(const HostMatrix &a, const HostMatrix &b,
                     llvm::ArrayRef<std::pair<int64_t, int64_t>> samples,
                     EntryEpilogue epilogue);

/// Compares `c` at `samples` against `reference` (computeFp64Reference);
/// a NaN or Inf anywhere in `c` fails too.
ErrorMetric compareWithFp64Reference(
    const HostMatrix &c, llvm::ArrayRef<std::pair<int64_t, int64_t>> samples,
    llvm::ArrayRef<double> reference, double tolerance);

/// Number of NaN / Inf entries in the M x N part of `matrix`.
int64_t countNonFinite(const HostMatrix &matrix);

/// Number of padding entries (elements beyond the minor extent of each
/// stored row, or column when column-major) whose bytes are no longer
/// all `poisonByte`: a kernel wrote outside the M x N matrix.
int64_t countClobberedPadding(const HostMatrix &matrix,
                              unsigned char poisonByte);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_VALIDATION_H
