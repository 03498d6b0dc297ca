//===- QuantizedOutput.h - FP8 output scale and amax checks -----*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The host side of an FP8 GEMM's quantized output (tile.gemm's scale_d and
// amax):
//
//   - an e4m3 C stores saturate(D · scale_d) rounded to nearest even
//     (cuBLASLt's CUBLASLT_MATMUL_DESC_D_SCALE_POINTER). It is checked
//     after dequantization, C / scale_d, against the fp64 reference
//     converted the same way (rounded to e4m3, saturated at ±448, divided
//     by scale_d), with a tolerance of e4m3's rounding (3 mantissa bits: at
//     most 2^-4 of a normal value, for sums whose accumulation error moves
//     them across a rounding boundary) on top of the FP8 GEMM's own; a NaN
//     anywhere fails;
//   - amax is max |D| before scale_d (CUBLASLT_MATMUL_DESC_AMAX_D_POINTER).
//     Rounding is monotonic, so the largest |C| the kernel stored is exactly
//     amax (times scale_d for e4m3) rounded and saturated as C is: an exact
//     check of the kernel against itself. Against cuBLASLt's amax, whose D
//     sums in another order, it is compared within the GEMM's tolerance
//     (and whether the two are bit-identical is reported); against the
//     fp64 reference it must be at least the largest sampled |D| (less the
//     tolerance). A NaN amax fails.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_QUANTIZEDOUTPUT_H
#define GEMM_OPT_RUNTIME_QUANTIZEDOUTPUT_H

#include "runtime/HostMatrix.h"
#include "runtime/Validation.h"

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>

namespace gemm_opt {
namespace runtime {

/// The relative Frobenius tolerance of an e4m3 output after
/// dequantization: e4m3's rounding (2^-4) plus an f32 output's FP8
/// tolerance.
double getE4m3OutputTolerance(bool fastAccumulation);

/// A scale_d for outputs whose largest sampled |D| is `sampledMaximum`:
/// 448 / sampledMaximum times a factor drawn from [0.25, 2) with `seed`
/// (uniform in log2), so that at factors above 1 the largest outputs
/// saturate. 1 for an all-zero sample.
float chooseOutputScale(double sampledMaximum, uint64_t seed);

/// The fp64 `value` as an e4m3 C with `scaleD` holds it, dequantized:
/// value · scaleD converted as the kernel converts it (to nearest even,
/// saturating at ±448, NaN kept), divided by `scaleD`.
double roundAsE4m3(double value, float scaleD);

/// The e4m3 `c` dequantized (divided by `scaleD`) at `samples` against the
/// fp64 `reference` there, rounded as the kernel rounds (roundAsE4m3). A NaN
/// anywhere in `c` fails.
ErrorMetric compareQuantizedWithFp64(
    const HostMatrix &c, llvm::ArrayRef<std::pair<int64_t, int64_t>> samples,
    llvm::ArrayRef<double> reference, float scaleD, double tolerance);

/// What the checks of a kernel's amax found.
struct AmaxCheck {
  float kernel = 0.0f;
  /// cuBLASLt's amax of the same product, where it ran.
  std::optional<float> cublas;
  /// The largest |C| stored, and what amax rounds to in C's type.
  float largestStored = 0.0f, roundedAmax = 0.0f;
  bool consistentWithC = false;
  bool matchesCublasExactly = false;
  bool passed = false;
  /// Why it failed; empty when passed.
  std::string failure;
};

/// Checks the kernel's `amax` against its own output `c` (exactly; C of
/// e4m3 with `scaleD`, else bf16, f16 or f32 with none), the largest
/// sampled fp64 |D| `sampledMaximum`, and cuBLASLt's `cublasAmax` where
/// given, the last two within `tolerance`.
AmaxCheck checkAmax(float amax, const HostMatrix &c,
                    std::optional<float> scaleD, double sampledMaximum,
                    std::optional<float> cublasAmax, double tolerance);

/// The same checks where the caller found the largest |C| the kernel
/// stored, `largestStored`, in C of type `cType` (a grouped C's groups'
/// rows, not the rows no group stores).
AmaxCheck checkAmax(float amax, float largestStored, ElementType cType,
                    std::optional<float> scaleD, double sampledMaximum,
                    std::optional<float> cublasAmax, double tolerance);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_QUANTIZEDOUTPUT_H
