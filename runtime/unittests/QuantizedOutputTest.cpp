//===- QuantizedOutputTest.cpp - e4m3 output and amax checks --------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The host checks of an FP8 GEMM's quantized output: the saturating e4m3
// conversion, the comparison after dequantization against a reference
// rounded as the kernel rounds (saturated and subnormal entries included,
// NaN never passing) and the exact and tolerant checks of amax.
//
//===----------------------------------------------------------------------===//

#include "runtime/QuantizedOutput.h"
#include "runtime/Float8.h"

#include "gtest/gtest.h"

#include <cmath>
#include <limits>
#include <utility>
#include <vector>

using namespace gemm_opt::runtime;

namespace {

constexpr float NaN = std::numeric_limits<float>::quiet_NaN();
constexpr float Inf = std::numeric_limits<float>::infinity();

TEST(QuantizedOutputTest, SaturatingConversionClampsToTheLargestFinite) {
  EXPECT_EQ(floatToF8E4M3FNSatFinite(448.0f), 0x7eu);
  EXPECT_EQ(floatToF8E4M3FNSatFinite(500.0f), 0x7eu);
  EXPECT_EQ(floatToF8E4M3FNSatFinite(1e30f), 0x7eu);
  EXPECT_EQ(floatToF8E4M3FNSatFinite(Inf), 0x7eu);
  EXPECT_EQ(floatToF8E4M3FNSatFinite(-Inf), 0xfeu);
  EXPECT_EQ(floatToF8E4M3FNSatFinite(-1000.0f), 0xfeu);
  EXPECT_TRUE(std::isnan(f8E4M3FNToFloat(floatToF8E4M3FNSatFinite(NaN))));
  // Below the range it rounds as the non-saturating conversion: 300 lies
  // between 288 and 320 (quantum 32), nearer 288.
  EXPECT_EQ(f8E4M3FNToFloat(floatToF8E4M3FNSatFinite(300.0f)), 288.0f);
  EXPECT_EQ(floatToF8E4M3FNSatFinite(1.0625f), floatToF8E4M3FN(1.0625f));
  // Without saturation 500 is NaN in e4m3fn.
  EXPECT_TRUE(std::isnan(f8E4M3FNToFloat(floatToF8E4M3FN(500.0f))));
}

/// A 4 × 4 e4m3 C holding `values` (row-major) times `scaleD`, quantized
/// as the kernel does, and the samples of every entry.
struct QuantizedCase {
  HostMatrix c{ElementType::F8E4M3FN, 4, 4, 4, MatrixLayout::Row};
  std::vector<std::pair<int64_t, int64_t>> samples;
  std::vector<double> reference;

  QuantizedCase(const std::vector<double> &values, float scaleD) {
    for (int64_t i = 0; i < 16; ++i) {
      int64_t row = i / 4, col = i % 4;
      samples.push_back({row, col});
      reference.push_back(values[i]);
      c.set(row, col,
            f8E4M3FNToFloat(floatToF8E4M3FNSatFinite(
                static_cast<float>(values[i]) * scaleD)));
    }
  }
};

std::vector<double> someOutputs() {
  std::vector<double> values;
  for (int i = 0; i < 16; ++i)
    values.push_back((i % 2 ? -1.0 : 1.0) * (0.37 + 0.61 * i));
  return values;
}

TEST(QuantizedOutputTest, DequantizedOutputMatchesTheRoundedReference) {
  float scaleD = 40.0f; // the largest |D|, 9.52, becomes 380.8
  QuantizedCase q(someOutputs(), scaleD);
  double tolerance = getE4m3OutputTolerance(/*fastAccumulation=*/false);
  ErrorMetric metric =
      compareQuantizedWithFp64(q.c, q.samples, q.reference, scaleD, tolerance);
  EXPECT_TRUE(metric.passed) << metric.relativeFrobenius;
  // The reference is rounded to e4m3 as the kernel rounds.
  EXPECT_LT(metric.relativeFrobenius, 0x1p-20);
  // Compared without dequantizing (scale_d taken as 1) it fails.
  EXPECT_FALSE(
      compareQuantizedWithFp64(q.c, q.samples, q.reference, 1.0f, tolerance)
          .passed);
}

TEST(QuantizedOutputTest, SubnormalOutputsCompareAgainstTheRoundedReference) {
  // A group whose outputs are far below the largest: D · scale_d lies among
  // e4m3's subnormals (below 2^-6), where a step is 2^-9, so rounding moves
  // the values by far more than 2^-4 of them.
  std::vector<double> values = someOutputs();
  for (double &value : values)
    value *= 1e-3;
  float scaleD = 1.0f;
  QuantizedCase q(values, scaleD);
  double error = 0.0, norm = 0.0;
  for (int64_t i = 0; i < 16; ++i) {
    double stored = q.c.get(i / 4, i % 4) / double(scaleD);
    error += (stored - values[i]) * (stored - values[i]);
    norm += values[i] * values[i];
  }
  EXPECT_GT(std::sqrt(error / norm), 0x1p-4);
  double tolerance = getE4m3OutputTolerance(false);
  ErrorMetric metric =
      compareQuantizedWithFp64(q.c, q.samples, q.reference, scaleD, tolerance);
  EXPECT_TRUE(metric.passed) << metric.relativeFrobenius;
  EXPECT_LT(metric.relativeFrobenius, 0x1p-20);
}

TEST(QuantizedOutputTest, SaturatedOutputsCompareAgainstTheConvertedReference) {
  // Half of the outputs go past 448: they are stored as ±448, which the
  // reference converted the same way expects.
  float scaleD = 90.0f;
  QuantizedCase q(someOutputs(), scaleD);
  EXPECT_LT(std::fabs(q.c.get(0, 0)), 448.0);
  EXPECT_EQ(std::fabs(q.c.get(3, 3)), 448.0);
  double tolerance = getE4m3OutputTolerance(false);
  EXPECT_TRUE(
      compareQuantizedWithFp64(q.c, q.samples, q.reference, scaleD, tolerance)
          .passed);
  // A kernel whose conversion wrapped around instead of saturating fails
  // (entry 15 is -9.52 · 90).
  q.c.set(3, 3, 448.0f);
  EXPECT_FALSE(
      compareQuantizedWithFp64(q.c, q.samples, q.reference, scaleD, tolerance)
          .passed);
}

TEST(QuantizedOutputTest, NanNeverPasses) {
  float scaleD = 40.0f;
  QuantizedCase q(someOutputs(), scaleD);
  double tolerance = getE4m3OutputTolerance(false);
  // An e4m3 NaN (0x7f, also the poison byte 0xff) outside the samples.
  std::vector<std::pair<int64_t, int64_t>> fewer(q.samples.begin(),
                                                 q.samples.begin() + 8);
  std::vector<double> fewerReference(q.reference.begin(),
                                     q.reference.begin() + 8);
  static_cast<unsigned char *>(q.c.data())[15] = 0xff;
  ErrorMetric metric =
      compareQuantizedWithFp64(q.c, fewer, fewerReference, scaleD, tolerance);
  EXPECT_FALSE(metric.passed);
  EXPECT_EQ(metric.nonFiniteCount, 1);
  // A NaN amax fails, and so does a NaN from cuBLASLt.
  QuantizedCase clean(someOutputs(), scaleD);
  EXPECT_FALSE(
      checkAmax(NaN, clean.c, scaleD, 9.52, std::nullopt, tolerance).passed);
  EXPECT_FALSE(checkAmax(9.52f, clean.c, scaleD, 9.52, NaN, tolerance).passed);
}

TEST(QuantizedOutputTest, AmaxIsExactlyConsistentWithTheStoredOutput) {
  float scaleD = 40.0f;
  std::vector<double> values = someOutputs();
  QuantizedCase q(values, scaleD);
  float amax = static_cast<float>(0.37 + 0.61 * 15);
  double tolerance = getE4m3OutputTolerance(false);
  AmaxCheck check = checkAmax(amax, q.c, scaleD, amax, amax, tolerance);
  EXPECT_TRUE(check.passed) << check.failure;
  EXPECT_TRUE(check.consistentWithC);
  EXPECT_TRUE(check.matchesCublasExactly);
  // An amax one e4m3 step off (after scale_d) is inconsistent with C.
  AmaxCheck off =
      checkAmax(amax * 1.15f, q.c, scaleD, amax, std::nullopt, tolerance);
  EXPECT_FALSE(off.passed);
  EXPECT_FALSE(off.consistentWithC);
  // Saturated: any amax at or past 448 / scale_d is consistent.
  QuantizedCase saturated(values, 90.0f);
  EXPECT_TRUE(checkAmax(amax, saturated.c, 90.0f, amax, std::nullopt, tolerance)
                  .consistentWithC);
  // A bf16 C: amax rounds to its largest |C|.
  HostMatrix bf16(ElementType::BF16, 1, 2, 2, MatrixLayout::Row);
  bf16.set(0, 0, 3.14159f);
  bf16.set(0, 1, -1.0f);
  AmaxCheck plain =
      checkAmax(3.14159f, bf16, std::nullopt, 3.14159, 3.1416f, tolerance);
  EXPECT_TRUE(plain.passed) << plain.failure;
  EXPECT_FALSE(plain.matchesCublasExactly);
}

TEST(QuantizedOutputTest, AmaxFarFromCublasOrBelowFp64Fails) {
  float scaleD = 40.0f;
  QuantizedCase q(someOutputs(), scaleD);
  float amax = static_cast<float>(0.37 + 0.61 * 15);
  double tolerance = getE4m3OutputTolerance(false);
  EXPECT_FALSE(
      checkAmax(amax, q.c, scaleD, amax, amax * 1.5f, tolerance).passed);
  EXPECT_FALSE(
      checkAmax(amax, q.c, scaleD, amax * 1.5, std::nullopt, tolerance).passed);
}

TEST(QuantizedOutputTest, OutputScalesSaturateSomeDraws) {
  int saturating = 0;
  for (uint64_t seed = 0; seed < 64; ++seed) {
    float scale = chooseOutputScale(10.0, seed);
    EXPECT_GE(scale, 448.0f / 10.0f * 0.25f);
    EXPECT_LT(scale, 448.0f / 10.0f * 2.0f);
    saturating += scale > 44.8f;
  }
  EXPECT_GT(saturating, 8);
  EXPECT_LT(saturating, 56);
  EXPECT_EQ(chooseOutputScale(0.0, 1), 1.0f);
  EXPECT_EQ(chooseOutputScale(NaN, 1), 1.0f);
}

} // namespace
