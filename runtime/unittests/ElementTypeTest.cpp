//===- ElementTypeTest.cpp - Host bf16 / f16 conversions ------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/ElementType.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <random>

using namespace gemm_opt::runtime;

namespace {

uint32_t bitsOf(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  return bits;
}

TEST(ElementTypeTest, Names) {
  EXPECT_EQ(parseElementType("bf16"), ElementType::BF16);
  EXPECT_EQ(parseElementType("f16"), ElementType::F16);
  EXPECT_EQ(parseElementType("f32"), ElementType::F32);
  EXPECT_FALSE(parseElementType("fp16").has_value());
  EXPECT_EQ(getElementTypeName(ElementType::BF16), "bf16");
  EXPECT_EQ(getElementSize(ElementType::F16), 2u);
  EXPECT_EQ(getElementSize(ElementType::F32), 4u);
}

TEST(ElementTypeTest, BF16RoundsToNearestEven) {
  EXPECT_EQ(floatToBF16(1.0f), 0x3f80);
  EXPECT_EQ(floatToBF16(-2.5f), 0xc020);
  EXPECT_EQ(floatToBF16(0.0f), 0x0000);
  EXPECT_EQ(floatToBF16(-0.0f), 0x8000);
  EXPECT_EQ(floatToBF16(1.0f + 0x1p-8f), 0x3f80);     // tie -> even
  EXPECT_EQ(floatToBF16(1.0f + 3 * 0x1p-8f), 0x3f82); // tie -> even
  EXPECT_EQ(floatToBF16(1.0f + 0x1p-8f + 0x1p-20f), 0x3f81);
  EXPECT_EQ(floatToBF16(std::numeric_limits<float>::infinity()), 0x7f80);
  EXPECT_TRUE(std::isnan(
      bf16ToFloat(floatToBF16(std::numeric_limits<float>::quiet_NaN()))));
  // A NaN whose payload is only in the low bits must not become inf.
  float lowNan;
  uint32_t lowNanBits = 0x7f800001u;
  std::memcpy(&lowNan, &lowNanBits, sizeof(lowNan));
  EXPECT_TRUE(std::isnan(bf16ToFloat(floatToBF16(lowNan))));
}

TEST(ElementTypeTest, BF16RoundTripsAllValues) {
  for (uint32_t bits = 0; bits <= 0xffff; ++bits) {
    float value = bf16ToFloat(static_cast<uint16_t>(bits));
    if (std::isnan(value))
      continue;
    EXPECT_EQ(floatToBF16(value), bits);
  }
}

TEST(ElementTypeTest, F16KnownValues) {
  EXPECT_EQ(floatToF16(1.0f), 0x3c00);
  EXPECT_EQ(floatToF16(-2.0f), 0xc000);
  EXPECT_EQ(floatToF16(65504.0f), 0x7bff);
  EXPECT_EQ(floatToF16(65519.0f), 0x7bff);
  EXPECT_EQ(floatToF16(65520.0f), 0x7c00); // rounds up to inf
  EXPECT_EQ(floatToF16(1e6f), 0x7c00);
  EXPECT_EQ(floatToF16(0x1p-14f), 0x0400); // smallest normal
  EXPECT_EQ(floatToF16(0x1p-24f), 0x0001); // smallest subnormal
  EXPECT_EQ(floatToF16(0x1p-25f), 0x0000); // tie -> even (0)
  EXPECT_EQ(floatToF16(0x1.8p-25f), 0x0001);
  EXPECT_EQ(floatToF16(-0x1p-30f), 0x8000);
  EXPECT_EQ(floatToF16(1.0f + 0x1p-11f), 0x3c00); // tie -> even
  EXPECT_EQ(floatToF16(1.0f + 3 * 0x1p-11f), 0x3c02);
  EXPECT_EQ(f16ToFloat(0x0001), 0x1p-24f);
  EXPECT_EQ(f16ToFloat(0x7bff), 65504.0f);
  EXPECT_TRUE(std::isinf(f16ToFloat(0x7c00)));
  EXPECT_TRUE(std::isnan(f16ToFloat(0xffff)));
  EXPECT_TRUE(std::isnan(
      f16ToFloat(floatToF16(std::numeric_limits<float>::quiet_NaN()))));
}

TEST(ElementTypeTest, F16RoundTripsAllValues) {
  for (uint32_t bits = 0; bits <= 0xffff; ++bits) {
    float value = f16ToFloat(static_cast<uint16_t>(bits));
    if (std::isnan(value))
      continue;
    EXPECT_EQ(floatToF16(value), bits) << std::hex << bits;
  }
}

#ifdef __FLT16_MAX__
TEST(ElementTypeTest, F16MatchesTheCompiler) {
  std::mt19937 generator(1);
  for (int i = 0; i < 1000000; ++i) {
    uint32_t bits = generator();
    // Concentrate on the range f16 can represent.
    bits = (bits & 0x807fffffu) | ((100u + bits % 50u) << 23);
    float value;
    std::memcpy(&value, &bits, sizeof(value));
    _Float16 expected = static_cast<_Float16>(value);
    uint16_t expectedBits;
    std::memcpy(&expectedBits, &expected, sizeof(expectedBits));
    ASSERT_EQ(floatToF16(value), expectedBits) << std::hexfloat << value;
  }
}
#endif

TEST(ElementTypeTest, LoadAndStore) {
  uint16_t halves[2] = {0, 0};
  storeElement(ElementType::BF16, halves, 1, 3.0f);
  EXPECT_EQ(halves[1], 0x4040);
  EXPECT_EQ(loadElement(ElementType::BF16, halves, 1), 3.0);
  storeElement(ElementType::F16, halves, 0, 0.5f);
  EXPECT_EQ(halves[0], 0x3800);
  EXPECT_EQ(loadElement(ElementType::F16, halves, 0), 0.5);
  float floats[1];
  storeElement(ElementType::F32, floats, 0, 0.1f);
  EXPECT_EQ(loadElement(ElementType::F32, floats, 0),
            static_cast<double>(0.1f));
  EXPECT_EQ(roundToElementType(ElementType::BF16, 1.0f + 0x1p-10f), 1.0f);
  EXPECT_EQ(bitsOf(roundToElementType(ElementType::F32, 0.1f)), bitsOf(0.1f));
}

} // namespace
