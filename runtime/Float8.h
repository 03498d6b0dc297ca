//===- Float8.h - Host conversions of the OCP 8-bit floats -----*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Bit-exact conversions between float and the two 8-bit formats of FP8
// GEMMs (OCP 8-bit floating point, MLIR's f8E4M3FN and f8E5M2):
//
//   e4m3fn: 1 sign, 4 exponent (bias 7), 3 mantissa bits; largest finite
//           448 (0x7e), smallest subnormal 2^-9; no infinities, NaN is
//           S.1111.111 (0x7f, 0xff);
//   e5m2:   1 sign, 5 exponent (bias 15), 2 mantissa bits (the upper byte of
//           an IEEE f16); largest finite 57344 (0x7b), smallest subnormal
//           2^-16; infinities 0x7c, 0xfc; NaN 0x7d..0x7f, 0xfd..0xff.
//
// float -> 8 bits rounds to nearest, ties to even, without saturation (the
// OCP non-saturating mode, cuda_fp8.h's __NV_NOSAT): a value that rounds
// past the largest finite one becomes NaN in e4m3fn (which has no infinity)
// and infinity in e5m2, as do infinities. Every NaN becomes 0x7f, as
// cuda_fp8.h's conversion makes it. gemm-run draws its inputs inside the
// finite range, so nothing saturates silently.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_FLOAT8_H
#define GEMM_OPT_RUNTIME_FLOAT8_H

#include <cstdint>

namespace gemm_opt {
namespace runtime {

/// Largest finite values.
inline constexpr float MaxF8E4M3FN = 448.0f;
inline constexpr float MaxF8E5M2 = 57344.0f;

uint8_t floatToF8E4M3FN(float value);
/// The saturating conversion (cvt.rn.satfinite.e4m3x2.f32, cuBLASLt's
/// 8-bit D): values and infinities past ±448 become ±448, NaN stays NaN.
uint8_t floatToF8E4M3FNSatFinite(float value);
float f8E4M3FNToFloat(uint8_t bits);
uint8_t floatToF8E5M2(float value);
float f8E5M2ToFloat(uint8_t bits);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_FLOAT8_H
