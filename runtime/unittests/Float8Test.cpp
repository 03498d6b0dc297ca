//===- Float8Test.cpp - Host e4m3fn / e5m2 conversions --------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Every bit pattern of both formats, against the formats' definitions and
// against CUDA's own host conversions (cuda_fp8.h, non-saturating).
//
//===----------------------------------------------------------------------===//

#include "runtime/Float8.h"
#include "runtime/ElementType.h"

#include <cuda_fp8.h>

#include "gtest/gtest.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

using namespace gemm_opt::runtime;

namespace {

/// One format under test: ours, and the definition to check it against.
struct FormatUnderTest {
  const char *name;
  uint8_t (*encode)(float);
  float (*decode)(uint8_t);
  __nv_fp8_interpretation_t cudaKind;
  int exponentBits, mantissaBits;
};

const FormatUnderTest formats[] = {
    {"e4m3fn", floatToF8E4M3FN, f8E4M3FNToFloat, __NV_E4M3, 4, 3},
    {"e5m2", floatToF8E5M2, f8E5M2ToFloat, __NV_E5M2, 5, 2},
};

/// CUDA's conversions (cuda_fp8.h), the reference: float -> 8 bits without
/// saturation, 8 bits -> f16 (exact) -> float.
uint8_t cudaEncode(const FormatUnderTest &format, float value) {
  return static_cast<uint8_t>(
      __nv_cvt_float_to_fp8(value, __NV_NOSAT, format.cudaKind));
}
float cudaDecode(const FormatUnderTest &format, uint8_t bits) {
  __half_raw half = __nv_cvt_fp8_to_halfraw(bits, format.cudaKind);
  return f16ToFloat(half.x);
}

/// The value of `bits` from the OCP definition, computed apart from
/// Float8.cpp: (-1)^s · 2^(e - bias) · (1 + m / 2^p), subnormal where
/// e = 0.
double defineValue(const FormatUnderTest &format, uint8_t bits) {
  int p = format.mantissaBits;
  int bias = (1 << (format.exponentBits - 1)) - 1;
  int exponent = (bits >> p) & ((1 << format.exponentBits) - 1);
  int mantissa = bits & ((1 << p) - 1);
  double sign = (bits & 0x80) ? -1.0 : 1.0;
  if (exponent == 0)
    return sign * std::ldexp(mantissa, 1 - bias - p);
  return sign * std::ldexp((1 << p) + mantissa, exponent - bias - p);
}

bool isSpecial(const FormatUnderTest &format, uint8_t bits) {
  uint8_t magnitude = bits & 0x7f;
  return format.exponentBits == 4 ? magnitude == 0x7f : magnitude >= 0x7c;
}

uint32_t bitsOf(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  return bits;
}

TEST(Float8Test, DecodesEveryPattern) {
  for (const FormatUnderTest &format : formats) {
    for (unsigned bits = 0; bits < 256; ++bits) {
      uint8_t byte = static_cast<uint8_t>(bits);
      float value = format.decode(byte);
      float cuda = cudaDecode(format, byte);
      if (std::isnan(cuda)) {
        EXPECT_TRUE(std::isnan(value)) << format.name << " " << bits;
        continue;
      }
      EXPECT_EQ(bitsOf(value), bitsOf(cuda)) << format.name << " " << bits;
      if (!isSpecial(format, byte)) {
        EXPECT_EQ(static_cast<double>(value), defineValue(format, byte))
            << format.name << " " << bits;
      }
    }
  }
}

TEST(Float8Test, SpecialValues) {
  EXPECT_EQ(f8E4M3FNToFloat(0x7e), MaxF8E4M3FN);
  EXPECT_EQ(f8E4M3FNToFloat(0x01), 0x1p-9f);
  EXPECT_EQ(f8E4M3FNToFloat(0x08), 0x1p-6f);
  EXPECT_TRUE(std::isnan(f8E4M3FNToFloat(0x7f)));
  EXPECT_TRUE(std::isnan(f8E4M3FNToFloat(0xff)));
  EXPECT_EQ(f8E4M3FNToFloat(0x78), 256.0f); // no infinity at exponent 15
  EXPECT_EQ(f8E5M2ToFloat(0x7b), MaxF8E5M2);
  EXPECT_EQ(f8E5M2ToFloat(0x01), 0x1p-16f);
  EXPECT_EQ(f8E5M2ToFloat(0x7c), std::numeric_limits<float>::infinity());
  EXPECT_EQ(f8E5M2ToFloat(0xfc), -std::numeric_limits<float>::infinity());
  EXPECT_TRUE(std::isnan(f8E5M2ToFloat(0x7d)));
  EXPECT_EQ(bitsOf(f8E4M3FNToFloat(0x80)), bitsOf(-0.0f));
}

TEST(Float8Test, RoundTripsEveryValue) {
  for (const FormatUnderTest &format : formats)
    for (unsigned bits = 0; bits < 256; ++bits) {
      float value = format.decode(static_cast<uint8_t>(bits));
      if (std::isnan(value))
        continue;
      EXPECT_EQ(format.encode(value), bits) << format.name;
    }
}

TEST(Float8Test, RoundsToNearestEvenWithoutSaturation) {
  // e4m3fn: 448 = 1.110b·2^8; 464 lies halfway to the NaN encoding and
  // goes to the even 448; anything above is NaN (no infinity).
  EXPECT_EQ(floatToF8E4M3FN(460.0f), 0x7e);
  EXPECT_EQ(floatToF8E4M3FN(464.0f), 0x7e);
  EXPECT_EQ(floatToF8E4M3FN(464.5f), 0x7f);
  EXPECT_EQ(floatToF8E4M3FN(-1e6f), 0xff);
  EXPECT_EQ(floatToF8E4M3FN(std::numeric_limits<float>::infinity()), 0x7f);
  EXPECT_EQ(floatToF8E4M3FN(std::numeric_limits<float>::quiet_NaN()), 0x7f);
  EXPECT_EQ(floatToF8E4M3FN(1.0f + 0x1p-4f), 0x38);     // tie -> even (1)
  EXPECT_EQ(floatToF8E4M3FN(1.0f + 3 * 0x1p-4f), 0x3a); // tie -> even
  EXPECT_EQ(floatToF8E4M3FN(0x1p-10f), 0x00);           // tie -> 0
  EXPECT_EQ(floatToF8E4M3FN(0x1.8p-10f), 0x01);
  EXPECT_EQ(floatToF8E4M3FN(0x1.ep-7f), 0x08); // carries into the normals
  EXPECT_EQ(floatToF8E4M3FN(-0.0f), 0x80);
  EXPECT_EQ(floatToF8E4M3FN(0x1p-140f), 0x00);
  // e5m2: 61440 lies halfway between 57344 and 65536 (infinity), which is
  // even: it overflows, as IEEE rounding does.
  EXPECT_EQ(floatToF8E5M2(61439.0f), 0x7b);
  EXPECT_EQ(floatToF8E5M2(61440.0f), 0x7c);
  EXPECT_EQ(floatToF8E5M2(-1e30f), 0xfc);
  EXPECT_EQ(floatToF8E5M2(0x1p-17f), 0x00); // tie -> 0
  EXPECT_EQ(floatToF8E5M2(0x1.1p-17f), 0x01);
  EXPECT_EQ(floatToF8E5M2(std::numeric_limits<float>::quiet_NaN()), 0x7f);
}

/// Every value, the midpoints between neighbours and a float ulp either side
/// of each, beyond the largest finite values, and random floats over the
/// formats' range: ours against CUDA's.
TEST(Float8Test, EncodesAsCudaDoes) {
  for (const FormatUnderTest &format : formats) {
    std::vector<float> values;
    std::vector<float> magnitudes;
    for (unsigned bits = 0; bits < 0x80; ++bits)
      if (!isSpecial(format, static_cast<uint8_t>(bits)))
        magnitudes.push_back(format.decode(static_cast<uint8_t>(bits)));
    // Beyond the largest finite value: the next step it would take.
    float top = magnitudes.back();
    magnitudes.push_back(top + (top - magnitudes[magnitudes.size() - 2]));
    for (size_t i = 0; i + 1 < magnitudes.size(); ++i) {
      float midpoint = 0.5f * (magnitudes[i] + magnitudes[i + 1]);
      for (float value :
           {magnitudes[i], midpoint, std::nextafter(midpoint, 0.0f),
            std::nextafter(midpoint, std::numeric_limits<float>::infinity())})
        values.insert(values.end(), {value, -value});
    }
    std::mt19937 generator(7);
    for (int i = 0; i < 200000; ++i) {
      uint32_t bits = generator();
      // Exponents from far below the subnormals to far above the maximum.
      bits = (bits & 0x807fffffu) | ((100u + bits % 60u) << 23);
      float value;
      std::memcpy(&value, &bits, sizeof(value));
      values.push_back(value);
    }
    values.insert(values.end(), {std::numeric_limits<float>::infinity(),
                                 -std::numeric_limits<float>::infinity(),
                                 std::numeric_limits<float>::denorm_min(),
                                 std::numeric_limits<float>::max()});
    for (float value : values)
      ASSERT_EQ(format.encode(value), cudaEncode(format, value))
          << format.name << " " << std::hexfloat << value;
  }
}

TEST(Float8Test, ElementTypes) {
  EXPECT_EQ(parseElementType("f8E4M3FN"), ElementType::F8E4M3FN);
  EXPECT_EQ(parseElementType("f8E5M2"), ElementType::F8E5M2);
  EXPECT_FALSE(parseElementType("f8E4M3").has_value());
  EXPECT_EQ(getElementTypeName(ElementType::F8E5M2), "f8E5M2");
  EXPECT_EQ(getElementSize(ElementType::F8E4M3FN), 1u);
  EXPECT_EQ(getElementSize(ElementType::F8E5M2), 1u);
  EXPECT_TRUE(isEightBitFloat(ElementType::F8E5M2));
  EXPECT_FALSE(isEightBitFloat(ElementType::BF16));

  uint8_t bytes[2] = {0, 0};
  storeElement(ElementType::F8E4M3FN, bytes, 1, -3.0f);
  EXPECT_EQ(bytes[1], 0xc4);
  EXPECT_EQ(loadElement(ElementType::F8E4M3FN, bytes, 1), -3.0);
  storeElement(ElementType::F8E5M2, bytes, 0, 0.75f);
  EXPECT_EQ(bytes[0], 0x3a);
  EXPECT_EQ(loadElement(ElementType::F8E5M2, bytes, 0), 0.75);
  EXPECT_EQ(roundToElementType(ElementType::F8E4M3FN, 1.1f), 1.125f);
  EXPECT_EQ(roundToElementType(ElementType::F8E5M2, 1.1f), 1.0f);
}

} // namespace
