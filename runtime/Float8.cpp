//===- Float8.cpp - Host conversions of the OCP 8-bit floats --------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/Float8.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace gemm_opt {
namespace runtime {

namespace {

/// What tells the two formats apart.
struct Float8Format {
  int mantissaBits;
  int exponentBias;
  /// The first magnitude encoding past the largest finite value: 0x7f
  /// (NaN) for e4m3fn, 0x7c (infinity) for e5m2.
  uint32_t overflowEncoding;
};

constexpr Float8Format e4m3fn{3, 7, 0x7f};
constexpr Float8Format e5m2{2, 15, 0x7c};
/// What every NaN becomes.
constexpr uint8_t nanEncoding = 0x7f;

uint8_t encode(float value, const Float8Format &format) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  uint32_t sign = (bits >> 24) & 0x80u;
  uint32_t absBits = bits & 0x7fffffffu;
  if (absBits > 0x7f800000u)
    return nanEncoding;
  if (absBits == 0x7f800000u) // infinity: past the largest finite value
    return static_cast<uint8_t>(sign | format.overflowEncoding);
  // Float subnormals lie far below half the smallest 8-bit subnormal.
  if (absBits < 0x00800000u)
    return static_cast<uint8_t>(sign);
  // |value| = significand · 2^(exponent - 23), significand in [2^23, 2^24).
  int exponent = static_cast<int>(absBits >> 23) - 127;
  uint32_t significand = (absBits & 0x7fffffu) | 0x800000u;
  // The 8-bit format's quantum at this magnitude: 2^(e - p), e the value's
  // exponent but no lower than the smallest normal one (subnormals share
  // its quantum).
  int minExponent = 1 - format.exponentBias;
  int quantumExponent =
      (exponent >= minExponent ? exponent : minExponent) - format.mantissaBits;
  // quantums = round(|value| / 2^quantumExponent), to nearest even.
  int shift = 23 + quantumExponent - exponent;
  if (shift > 25) // below a quarter quantum
    return static_cast<uint8_t>(sign);
  uint32_t quantums = significand >> shift;
  uint32_t remainder = significand & ((1u << shift) - 1u);
  uint32_t half = 1u << (shift - 1);
  if (remainder > half || (remainder == half && (quantums & 1u)))
    ++quantums;
  // Normal: the stored exponent, then the mantissa, where the implicit bit
  // of `quantums` carries into the exponent (as does rounding up to the
  // next binade). Subnormal: `quantums` is the mantissa, and reaching
  // 2^p makes the smallest normal number, exponent field 1.
  int64_t storedExponent =
      exponent >= minExponent ? exponent + format.exponentBias - 1 : 0;
  int64_t encoding =
      (storedExponent << format.mantissaBits) + static_cast<int64_t>(quantums);
  if (encoding >= static_cast<int64_t>(format.overflowEncoding))
    return static_cast<uint8_t>(sign | format.overflowEncoding);
  return static_cast<uint8_t>(sign | static_cast<uint32_t>(encoding));
}

/// The finite value of the magnitude bits `magnitude` (exponent and
/// mantissa fields), exact in float.
float decodeFinite(uint32_t magnitude, const Float8Format &format) {
  uint32_t mantissa = magnitude & ((1u << format.mantissaBits) - 1u);
  int storedExponent = static_cast<int>(magnitude >> format.mantissaBits);
  if (storedExponent == 0) // subnormal: mantissa · 2^(1 - bias - p)
    return std::ldexp(static_cast<float>(mantissa),
                      1 - format.exponentBias - format.mantissaBits);
  return std::ldexp(static_cast<float>(mantissa | (1u << format.mantissaBits)),
                    storedExponent - format.exponentBias - format.mantissaBits);
}

float applySign(uint8_t bits, float magnitude) {
  return (bits & 0x80u) ? -magnitude : magnitude;
}

} // namespace

uint8_t floatToF8E4M3FN(float value) { return encode(value, e4m3fn); }

uint8_t floatToF8E4M3FNSatFinite(float value) {
  if (std::isnan(value))
    return encode(value, e4m3fn);
  return encode(std::clamp(value, -MaxF8E4M3FN, MaxF8E4M3FN), e4m3fn);
}

float f8E4M3FNToFloat(uint8_t bits) {
  uint32_t magnitude = bits & 0x7fu;
  if (magnitude == 0x7fu)
    return std::numeric_limits<float>::quiet_NaN();
  return applySign(bits, decodeFinite(magnitude, e4m3fn));
}

uint8_t floatToF8E5M2(float value) { return encode(value, e5m2); }

float f8E5M2ToFloat(uint8_t bits) {
  uint32_t magnitude = bits & 0x7fu;
  if (magnitude > 0x7cu)
    return std::numeric_limits<float>::quiet_NaN();
  if (magnitude == 0x7cu)
    return applySign(bits, std::numeric_limits<float>::infinity());
  return applySign(bits, decodeFinite(magnitude, e5m2));
}

} // namespace runtime
} // namespace gemm_opt
