//===- ScaledReferenceTest.cpp - FP8 inputs, scales and fp64 reference ----===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/ScaledReference.h"
#include "runtime/Float8.h"
#include "runtime/Fp8Inputs.h"
#include "runtime/HostScales.h"

#include "gtest/gtest.h"

#include <cmath>
#include <set>

using namespace gemm_opt::runtime;

namespace {

using Samples = std::vector<std::pair<int64_t, int64_t>>;

/// A (2 × 130, row-major) and B (130 × 129, column-major, stored N×K as
/// FP8 kernels take it) of e4m3 values chosen so that the two K blocks'
/// partial sums are easy: A row 0 is 1 but A(0, 128) = 2 and A(0, 129) =
/// -1; A row 1 is 0.5 everywhere; B is all 1. Partial sums: row 0 128 and
/// 1, row 1 64 and 1.
struct HandExample {
  HostMatrix a{ElementType::F8E4M3FN, 2, 130, 130, MatrixLayout::Row};
  HostMatrix b{ElementType::F8E4M3FN, 130, 129, 130, MatrixLayout::Col};

  HandExample() {
    for (int64_t k = 0; k < 130; ++k) {
      a.set(0, k, k == 128 ? 2.0f : k == 129 ? -1.0f : 1.0f);
      a.set(1, k, 0.5f);
      for (int64_t col = 0; col < 129; ++col)
        b.set(k, col, 1.0f);
    }
  }
};

TEST(ScaledReferenceTest, BlockScalesByHand) {
  HandExample example;
  ScalingSpec scaling{ScaleMode::Block1x128, ScaleMode::Block128x128, false};
  HostScales scales(scaling, 2, 129, 130);
  // scale_a [M = 2, Kb = 2], M-contiguous: sa(0,0) sa(1,0) sa(0,1) sa(1,1).
  scales.getBufferA() = {2.0f, 1.0f, 0.5f, 3.0f};
  // scale_b [Kb = 2, Nb = 2], Kb-contiguous: sb(0,0) sb(1,0) sb(0,1) sb(1,1),
  // block 1 of columns being column 128 alone.
  scales.getBufferB() = {1.0f, 4.0f, 0.25f, 8.0f};
  EXPECT_EQ(scales.getA(1, 1), 3.0);
  EXPECT_EQ(scales.getA(0, 1), 0.5);
  EXPECT_EQ(scales.getB(1, 127), 4.0);
  EXPECT_EQ(scales.getB(0, 128), 0.25);
  Samples samples = {{0, 0}, {0, 127}, {0, 128}, {1, 5}, {1, 128}};
  std::vector<double> reference =
      computeScaledFp64Reference(example.a, example.b, scales, samples);
  // Row 0: 2·1·128 + 0.5·4·1 = 258; at column 128: 2·0.25·128 + 0.5·8·1 = 68.
  // Row 1: 1·1·64 + 3·4·1 = 76; at column 128: 1·0.25·64 + 3·8·1 = 40.
  EXPECT_EQ(reference, (std::vector<double>{258, 258, 68, 76, 40}));
  // Through an epilogue, as the 16-bit reference does.
  std::vector<double> withEpilogue = computeScaledFp64Reference(
      example.a, example.b, scales, samples,
      [](int64_t row, int64_t, double acc) { return 2.0 * acc + row; });
  EXPECT_EQ(withEpilogue, (std::vector<double>{516, 516, 136, 153, 81}));
  // Row 0, column 128: 128 terms of (2·0.25)^2, then (0.5·8·2)^2 and
  // (0.5·8·-1)^2.
  std::vector<double> squares =
      computeScaledProductSquares(example.a, example.b, scales, {{0, 128}});
  EXPECT_EQ(squares, (std::vector<double>{128 * 0.25 + 64 + 16}));
}

TEST(ScaledReferenceTest, TensorRowAndColumnScalesByHand) {
  HandExample example;
  HostScales rowColumn(ScalingSpec{ScaleMode::Row, ScaleMode::Column, true}, 2,
                       129, 130);
  rowColumn.getBufferA() = {2.0f, 4.0f};
  rowColumn.getBufferB().assign(129, 1.0f);
  rowColumn.getBufferB()[128] = 0.5f;
  // Row 0 sums to 129, row 1 to 65, whatever the blocks.
  std::vector<double> reference = computeScaledFp64Reference(
      example.a, example.b, rowColumn, {{0, 3}, {0, 128}, {1, 128}});
  EXPECT_EQ(reference, (std::vector<double>{258, 129, 130}));
  HostScales tensor(ScalingSpec{ScaleMode::Tensor, ScaleMode::Tensor, false}, 2,
                    129, 130);
  tensor.getBufferA() = {0.25f};
  tensor.getBufferB() = {8.0f};
  EXPECT_EQ(computeScaledFp64Reference(example.a, example.b, tensor,
                                       {{0, 0}, {1, 1}}),
            (std::vector<double>{258, 130}));
}

TEST(ScaledReferenceTest, ScalesAreRandomPositiveAndPerBlock) {
  ScalingSpec scaling{ScaleMode::Block1x128, ScaleMode::Block128x128, false};
  HostScales scales(scaling, 300, 200, 520);
  EXPECT_EQ(scales.getBufferA().size(), 1500u);
  EXPECT_EQ(scales.getBufferB().size(), 10u);
  scales.fillRandom(3, -5.0, 2.0);
  std::set<float> distinct;
  for (float scale : scales.getBufferA()) {
    EXPECT_GE(scale, std::exp2(-9.0));
    EXPECT_LE(scale, std::exp2(-1.0));
    distinct.insert(scale);
  }
  EXPECT_GT(distinct.size(), 1400u);
  for (float scale : scales.getBufferB()) {
    EXPECT_GE(scale, std::exp2(-2.0));
    EXPECT_LE(scale, std::exp2(6.0));
  }
  HostScales again(scaling, 300, 200, 520);
  again.fillRandom(3, -5.0, 2.0);
  EXPECT_EQ(again.getBufferA(), scales.getBufferA());
  again.fillRandom(4, -5.0, 2.0);
  EXPECT_NE(again.getBufferA(), scales.getBufferA());
}

TEST(ScaledReferenceTest, ScaleCentreNormalizesTheOutput) {
  HostMatrix a(ElementType::F8E4M3FN, 4, 16, 16);
  a.fill([](uint64_t index) { return index % 2 ? 2.0f : -2.0f; });
  // rms 2, K^(1/4) = 2: centre -log2(4).
  EXPECT_DOUBLE_EQ(chooseScaleCentre(a, 16), -2.0);
  HostMatrix zeros(ElementType::F8E4M3FN, 2, 2, 2);
  zeros.fill([](uint64_t) { return 0.0f; });
  EXPECT_EQ(chooseScaleCentre(zeros, 2), 0.0);
}

TEST(ScaledReferenceTest, Tolerances) {
  // The 8-bit inputs are exact in both references: as 16-bit inputs.
  EXPECT_EQ(getFp8Tolerance(ElementType::BF16, false), tolerance::Bf16Output);
  EXPECT_EQ(getFp8Tolerance(ElementType::F16, false), tolerance::F16Output);
  EXPECT_EQ(getFp8Tolerance(ElementType::F32, false),
            tolerance::F32OutputLowPrecisionInputs);
  // wgmma's accumulator alone over all of K loses more.
  EXPECT_EQ(getFp8Tolerance(ElementType::F32, true),
            tolerance::F32OutputFp8FastAccumulation);
  EXPECT_EQ(getFp8Tolerance(ElementType::BF16, true), tolerance::Bf16Output);
  EXPECT_NE(describeTolerances().find("at least 0.005 with fast accumulation"),
            std::string::npos)
      << describeTolerances();
}

TEST(ScaledReferenceTest, InputDistributions) {
  EXPECT_EQ(parseFp8InputDistribution("wide"), Fp8InputDistribution::Wide);
  EXPECT_EQ(parseFp8InputDistribution("uniform"),
            Fp8InputDistribution::Uniform);
  EXPECT_FALSE(parseFp8InputDistribution("normal").has_value());
  EXPECT_EQ(getFp8InputDistributionName(Fp8InputDistribution::Wide), "wide");
  for (ElementType type : {ElementType::F8E4M3FN, ElementType::F8E5M2}) {
    double max = getEightBitMax(type);
    double smallest = type == ElementType::F8E5M2 ? 0x1p-16 : 0x1p-9;
    double smallestNormal = type == ElementType::F8E5M2 ? 0x1p-14 : 0x1p-6;
    // Wide: every value non-zero and finite, subnormals and values near the
    // maximum both drawn, negative and positive alike.
    HostMatrix wide(type, 256, 256, 256);
    fillFp8Random(wide, Fp8InputDistribution::Wide, 1);
    int subnormals = 0, large = 0, negative = 0;
    std::set<double> distinct;
    for (int64_t row = 0; row < 256; ++row)
      for (int64_t col = 0; col < 256; ++col) {
        double value = wide.get(row, col);
        ASSERT_TRUE(std::isfinite(value));
        ASSERT_GE(std::fabs(value), smallest);
        ASSERT_LE(std::fabs(value), max);
        subnormals += std::fabs(value) < smallestNormal;
        large += std::fabs(value) > max / 4;
        negative += value < 0;
        distinct.insert(value);
      }
    EXPECT_GT(subnormals, 1000) << getElementTypeName(type).str();
    EXPECT_GT(large, 1000);
    EXPECT_NEAR(negative, 32768, 1000);
    // Nearly every representable value but NaN, infinity and zero.
    EXPECT_GT(distinct.size(), type == ElementType::F8E5M2 ? 230u : 240u);
    // Uniform: within [max/32, max/2] once rounded.
    HostMatrix uniform(type, 64, 64, 64);
    fillFp8Random(uniform, Fp8InputDistribution::Uniform, 2);
    for (int64_t row = 0; row < 64; ++row)
      for (int64_t col = 0; col < 64; ++col) {
        double magnitude = std::fabs(uniform.get(row, col));
        ASSERT_GE(magnitude, max / 32 * (1 - 0x1p-3));
        ASSERT_LE(magnitude, max / 2);
      }
    // Seeded: the same values for the same seed and index.
    EXPECT_EQ(getFp8RandomInputValue(type, Fp8InputDistribution::Wide, 5, 9),
              getFp8RandomInputValue(type, Fp8InputDistribution::Wide, 5, 9));
    EXPECT_NE(getFp8RandomInputValue(type, Fp8InputDistribution::Wide, 5, 9),
              getFp8RandomInputValue(type, Fp8InputDistribution::Wide, 6, 9));
  }
}

} // namespace
