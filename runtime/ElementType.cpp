//===- ElementType.cpp - Element types and host conversions ---------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/ElementType.h"

#include "runtime/Float8.h"

#include "llvm/ADT/StringSwitch.h"

#include <cstring>

using namespace llvm;

namespace gemm_opt {
namespace runtime {

namespace {
uint32_t floatBits(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  return bits;
}

float bitsToFloat(uint32_t bits) {
  float value;
  std::memcpy(&value, &bits, sizeof(value));
  return value;
}
} // namespace

std::optional<ElementType> parseElementType(StringRef name) {
  return StringSwitch<std::optional<ElementType>>(name)
      .Case("f16", ElementType::F16)
      .Case("bf16", ElementType::BF16)
      .Case("f32", ElementType::F32)
      .Case("f8E4M3FN", ElementType::F8E4M3FN)
      .Case("f8E5M2", ElementType::F8E5M2)
      .Default(std::nullopt);
}

StringRef getElementTypeName(ElementType type) {
  switch (type) {
  case ElementType::F16:
    return "f16";
  case ElementType::BF16:
    return "bf16";
  case ElementType::F32:
    return "f32";
  case ElementType::F8E4M3FN:
    return "f8E4M3FN";
  case ElementType::F8E5M2:
    return "f8E5M2";
  }
  return "?";
}

size_t getElementSize(ElementType type) {
  switch (type) {
  case ElementType::F16:
  case ElementType::BF16:
    return 2;
  case ElementType::F32:
    return 4;
  case ElementType::F8E4M3FN:
  case ElementType::F8E5M2:
    return 1;
  }
  return 4;
}

bool isEightBitFloat(ElementType type) {
  return type == ElementType::F8E4M3FN || type == ElementType::F8E5M2;
}

uint16_t floatToBF16(float value) {
  uint32_t bits = floatBits(value);
  if ((bits & 0x7fffffffu) > 0x7f800000u) // NaN: keep it a quiet NaN.
    return static_cast<uint16_t>((bits >> 16) | 0x0040u);
  uint32_t roundingBias = 0x7fffu + ((bits >> 16) & 1u);
  return static_cast<uint16_t>((bits + roundingBias) >> 16);
}

float bf16ToFloat(uint16_t bits) {
  return bitsToFloat(static_cast<uint32_t>(bits) << 16);
}

uint16_t floatToF16(float value) {
  uint32_t bits = floatBits(value);
  uint32_t sign = (bits >> 16) & 0x8000u;
  uint32_t absBits = bits & 0x7fffffffu;
  if (absBits > 0x7f800000u) // NaN
    return static_cast<uint16_t>(sign | 0x7e00u | ((absBits >> 13) & 0x3ffu));
  if (absBits >= 0x47800000u) // >= 65536 (or inf): overflows to inf ...
    return static_cast<uint16_t>(sign | 0x7c00u);
  if (absBits >= 0x38800000u) { // normal half (>= 2^-14)
    uint32_t mantissaRounding = 0xfffu + ((absBits >> 13) & 1u);
    uint32_t rounded = absBits + mantissaRounding;
    // Rebias exponent from 127 to 15; a carry into the exponent is fine and
    // rounds 65520.. up to inf as IEEE requires.
    uint32_t half = (rounded >> 13) - ((127u - 15u) << 10);
    if (half >= 0x7c00u)
      half = 0x7c00u;
    return static_cast<uint16_t>(sign | half);
  }
  if (absBits < 0x33000000u) // < 2^-25: rounds to zero
    return static_cast<uint16_t>(sign);
  // Subnormal half: value = mantissa * 2^-24.
  uint32_t exponent = absBits >> 23;
  uint32_t mantissa = (absBits & 0x7fffffu) | 0x800000u;
  uint32_t shift = 126u - exponent; // 14..24 -> shift mantissa into place
  uint32_t halfMantissa = mantissa >> shift;
  uint32_t remainder = mantissa & ((1u << shift) - 1u);
  uint32_t halfway = 1u << (shift - 1u);
  if (remainder > halfway || (remainder == halfway && (halfMantissa & 1u)))
    ++halfMantissa;
  return static_cast<uint16_t>(sign | halfMantissa);
}

float f16ToFloat(uint16_t bits) {
  uint32_t sign = static_cast<uint32_t>(bits & 0x8000u) << 16;
  uint32_t exponent = (bits >> 10) & 0x1fu;
  uint32_t mantissa = bits & 0x3ffu;
  if (exponent == 0x1fu) // inf / NaN
    return bitsToFloat(sign | 0x7f800000u | (mantissa << 13));
  if (exponent == 0) {
    if (mantissa == 0)
      return bitsToFloat(sign);
    // Subnormal: mantissa * 2^-24, exact in float.
    float magnitude = static_cast<float>(mantissa) * 0x1p-24f;
    return sign ? -magnitude : magnitude;
  }
  return bitsToFloat(sign | ((exponent + 127u - 15u) << 23) | (mantissa << 13));
}

float roundToElementType(ElementType type, float value) {
  switch (type) {
  case ElementType::F16:
    return f16ToFloat(floatToF16(value));
  case ElementType::BF16:
    return bf16ToFloat(floatToBF16(value));
  case ElementType::F32:
    return value;
  case ElementType::F8E4M3FN:
    return f8E4M3FNToFloat(floatToF8E4M3FN(value));
  case ElementType::F8E5M2:
    return f8E5M2ToFloat(floatToF8E5M2(value));
  }
  return value;
}

double loadElement(ElementType type, const void *base, size_t index) {
  switch (type) {
  case ElementType::F16:
    return f16ToFloat(static_cast<const uint16_t *>(base)[index]);
  case ElementType::BF16:
    return bf16ToFloat(static_cast<const uint16_t *>(base)[index]);
  case ElementType::F32:
    return static_cast<const float *>(base)[index];
  case ElementType::F8E4M3FN:
    return f8E4M3FNToFloat(static_cast<const uint8_t *>(base)[index]);
  case ElementType::F8E5M2:
    return f8E5M2ToFloat(static_cast<const uint8_t *>(base)[index]);
  }
  return 0.0;
}

void storeElement(ElementType type, void *base, size_t index, float value) {
  switch (type) {
  case ElementType::F16:
    static_cast<uint16_t *>(base)[index] = floatToF16(value);
    return;
  case ElementType::BF16:
    static_cast<uint16_t *>(base)[index] = floatToBF16(value);
    return;
  case ElementType::F32:
    static_cast<float *>(base)[index] = value;
    return;
  case ElementType::F8E4M3FN:
    static_cast<uint8_t *>(base)[index] = floatToF8E4M3FN(value);
    return;
  case ElementType::F8E5M2:
    static_cast<uint8_t *>(base)[index] = floatToF8E5M2(value);
    return;
  }
}

} // namespace runtime
} // namespace gemm_opt
