//===- ValidationTest.cpp - Error metrics ---------------------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/Validation.h"
#include "runtime/CublasReference.h"
#include "runtime/HostMatrix.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>

using namespace llvm;
using namespace gemm_opt::runtime;

namespace {

constexpr double nan = std::numeric_limits<double>::quiet_NaN();
constexpr double inf = std::numeric_limits<double>::infinity();

TEST(ValidationTest, TolerancesByType) {
  EXPECT_EQ(getTolerance(ElementType::BF16, ElementType::BF16), 2e-2);
  EXPECT_EQ(getTolerance(ElementType::F16, ElementType::F16), 5e-3);
  EXPECT_EQ(getTolerance(ElementType::BF16, ElementType::F32), 1e-3);
  EXPECT_EQ(getTolerance(ElementType::F16, ElementType::F32), 1e-3);
  EXPECT_EQ(getTolerance(ElementType::F32, ElementType::F32),
            tolerance::F32OutputF32Inputs);
}

TEST(ValidationTest, Tf32KernelsGetTheTf32Tolerance) {
  // f32 inputs on tensor cores ("math": "tensor_core") are tf32.
  EXPECT_EQ(tolerance::F32OutputF32Inputs, 5e-3);
  EXPECT_EQ(getTolerance(ElementType::F32, ElementType::F32,
                         /*exactFp32Math=*/false),
            5e-3);
  // A 16-bit output's own rounding is the larger error where it is larger.
  EXPECT_EQ(getTolerance(ElementType::F32, ElementType::F16), 5e-3);
  EXPECT_EQ(getTolerance(ElementType::F32, ElementType::BF16),
            tolerance::Bf16Output);
  EXPECT_NE(describeTolerances().find("(tf32) 0.005"), std::string::npos);
  EXPECT_NE(describeTolerances().find("(ffma) 1e-05"), std::string::npos);
}

/// `value` with the low 13 mantissa bits cleared: what tf32 wgmma reads.
static double truncateToTf32(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  bits &= ~uint32_t(0x1fff);
  float truncated;
  std::memcpy(&truncated, &bits, sizeof(bits));
  return truncated;
}

TEST(ValidationTest, Tf32ToleranceCoversTruncatedInputsAtK4096) {
  // Rows of A and columns of B like gemm-run's (random, non-zero), each
  // product from inputs truncated to tf32, summed in double: the error vs
  // fp64 is ~1e-3 at K = 4096, over the ffma tolerance and within tf32's
  // with room for cuBLAS tf32's own (rounded) error.
  std::mt19937 generator(7);
  std::uniform_real_distribution<float> positive(0.0625f, 1.0f);
  std::uniform_real_distribution<float> sign(0.0f, 1.0f);
  for (bool mixedSigns : {false, true}) {
    std::vector<double> tf32Results, exact;
    for (int entry = 0; entry < 64; ++entry) {
      double sum = 0.0, reference = 0.0;
      for (int k = 0; k < 4096; ++k) {
        float a = positive(generator), b = positive(generator);
        if (mixedSigns && sign(generator) < 0.5f)
          a = -a;
        sum += truncateToTf32(a) * truncateToTf32(b);
        reference += double(a) * double(b);
      }
      tf32Results.push_back(sum);
      exact.push_back(reference);
    }
    ErrorMetric metric = computeErrorMetric(tf32Results, exact,
                                            tolerance::F32OutputF32Inputs);
    EXPECT_TRUE(metric.passed) << metric.relativeFrobenius;
    EXPECT_LT(metric.relativeFrobenius,
              tolerance::F32OutputF32Inputs / 2.0);
    EXPECT_GT(metric.relativeFrobenius, tolerance::F32ExactMath);
  }
}

TEST(ValidationTest, CublasComputeTypeFollowsTheKernelsMath) {
  // tf32 kernels are compared with and timed against cuBLAS tf32.
  EXPECT_EQ(getCublasComputeType(ElementType::F32, /*exactFp32Math=*/false),
            CUBLAS_COMPUTE_32F_FAST_TF32);
  // ffma kernels against SGEMM.
  EXPECT_EQ(getCublasComputeType(ElementType::F32, /*exactFp32Math=*/true),
            CUBLAS_COMPUTE_32F);
  // 16-bit inputs: f32 accumulation whatever the flag says.
  for (bool exact : {false, true}) {
    EXPECT_EQ(getCublasComputeType(ElementType::BF16, exact),
              CUBLAS_COMPUTE_32F);
    EXPECT_EQ(getCublasComputeType(ElementType::F16, exact),
              CUBLAS_COMPUTE_32F);
  }
}

TEST(ValidationTest, FfmaKernelsAreCheckedLikeSgemm) {
  // fp32 products and sums: only the summation order differs from fp64.
  EXPECT_EQ(getTolerance(ElementType::F32, ElementType::F32,
                         /*exactFp32Math=*/true),
            tolerance::F32ExactMath);
  EXPECT_LT(tolerance::F32ExactMath, tolerance::F32OutputF32Inputs);
  EXPECT_LE(tolerance::F32ExactMath, 1e-5);
  // The flag only tightens f32-in, f32-out checks.
  EXPECT_EQ(getTolerance(ElementType::BF16, ElementType::F32, true), 1e-3);
  EXPECT_EQ(getTolerance(ElementType::F16, ElementType::F16, true), 5e-3);
  // An SGEMM-sized error passes, a TF32-sized one does not.
  EXPECT_TRUE(computeErrorMetric({1.000001, 2.0, 3.0}, {1.0, 2.0, 3.0},
                                 tolerance::F32ExactMath)
                  .passed);
  EXPECT_FALSE(computeErrorMetric({1.001, 2.0, 3.0}, {1.0, 2.0, 3.0},
                                  tolerance::F32ExactMath)
                   .passed);
  EXPECT_FALSE(computeErrorMetric({nan, 2.0, 3.0}, {1.0, 2.0, 3.0},
                                  tolerance::F32ExactMath)
                   .passed);
}

TEST(ValidationTest, RelativeFrobeniusOnHandArrays) {
  ErrorMetric same = computeErrorMetric({1, 2, 3}, {1, 2, 3}, 1e-3);
  EXPECT_EQ(same.relativeFrobenius, 0.0);
  EXPECT_TRUE(same.passed);
  EXPECT_EQ(same.count, 3);

  // ||(0, 0, 1)|| / ||(1, 2, 2)|| = 1 / 3.
  ErrorMetric third = computeErrorMetric({1, 2, 3}, {1, 2, 2}, 0.5);
  EXPECT_DOUBLE_EQ(third.relativeFrobenius, 1.0 / 3.0);
  EXPECT_DOUBLE_EQ(third.maxAbsError, 1.0);
  EXPECT_TRUE(third.passed);
  EXPECT_FALSE(computeErrorMetric({1, 2, 3}, {1, 2, 2}, 0.3).passed);

  // ||(3, 4)|| / ||(0, 10)||... with a sign flip: diff (-3, 4) -> 5 / 10.
  ErrorMetric half = computeErrorMetric({-3, 14}, {0, 10}, 0.5);
  EXPECT_DOUBLE_EQ(half.relativeFrobenius, 0.5);
  EXPECT_TRUE(half.passed); // tolerance is inclusive

  // An all-zero reference: only an exact match passes.
  ErrorMetric zeros = computeErrorMetric({0, 0}, {0, 0}, 1e-3);
  EXPECT_EQ(zeros.relativeFrobenius, 0.0);
  EXPECT_TRUE(zeros.passed);
  EXPECT_FALSE(computeErrorMetric({0, 1e-30}, {0, 0}, 1e-3).passed);
  EXPECT_FALSE(computeErrorMetric({}, {}, 1e-3).passed);
}

TEST(ValidationTest, NonFiniteOutputFails) {
  ErrorMetric withNan = computeErrorMetric({1, nan, 3}, {1, 2, 3}, 1.0);
  EXPECT_FALSE(withNan.passed);
  EXPECT_EQ(withNan.nonFiniteCount, 1);
  EXPECT_TRUE(std::isnan(withNan.relativeFrobenius));
  ErrorMetric withInf = computeErrorMetric({1, 2, -inf}, {1, 2, 3}, 1.0);
  EXPECT_FALSE(withInf.passed);
  EXPECT_EQ(withInf.nonFiniteCount, 1);
  EXPECT_FALSE(computeErrorMetric({1, 2, 3}, {1, nan, 3}, 1.0).passed);
  EXPECT_FALSE(computeErrorMetric({1, 2}, {1, 2, 3}, 1.0).passed);
}

HostMatrix makeMatrix(ElementType type, int64_t rows, int64_t cols, int64_t ld,
                      std::initializer_list<float> values) {
  HostMatrix matrix(type, rows, cols, ld);
  auto it = values.begin();
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t c = 0; c < cols; ++c)
      matrix.set(r, c, *it++);
    for (int64_t c = cols; c < ld; ++c)
      matrix.set(r, c, std::numeric_limits<float>::quiet_NaN());
  }
  return matrix;
}

TEST(ValidationTest, ComparesMatricesIgnoringPadding) {
  HostMatrix expected = makeMatrix(ElementType::F32, 2, 2, 3, {1, 2, 2, 0});
  HostMatrix actual = makeMatrix(ElementType::F32, 2, 2, 3, {1, 2, 2, 3});
  // diff (0, 0, 0, 3), ref norm 3.
  ErrorMetric metric = compareMatrices(actual, expected, 1.5);
  EXPECT_DOUBLE_EQ(metric.relativeFrobenius, 1.0);
  EXPECT_EQ(metric.count, 4);
  EXPECT_TRUE(metric.passed);
  EXPECT_EQ(countNonFinite(actual), 0);

  actual.set(1, 1, std::numeric_limits<float>::quiet_NaN());
  EXPECT_EQ(countNonFinite(actual), 1);
  EXPECT_FALSE(compareMatrices(actual, expected, 1e9).passed);
}

TEST(ValidationTest, ChoosesSamples) {
  auto samples = chooseSampleEntries(64, 32, 100, 7);
  EXPECT_TRUE(std::is_sorted(samples.begin(), samples.end()));
  EXPECT_EQ(std::adjacent_find(samples.begin(), samples.end()), samples.end());
  auto contains = [&](int64_t r, int64_t c) {
    return std::binary_search(samples.begin(), samples.end(),
                              std::make_pair(r, c));
  };
  EXPECT_TRUE(contains(0, 0));
  EXPECT_TRUE(contains(0, 31));
  EXPECT_TRUE(contains(63, 0));
  EXPECT_TRUE(contains(63, 31));
  for (int64_t c = 0; c < 32; ++c)
    EXPECT_TRUE(contains(63, c));
  for (int64_t r = 0; r < 64; ++r)
    EXPECT_TRUE(contains(r, 31));
  EXPECT_GE(samples.size(), 32u + 64u - 1u);
  EXPECT_LE(samples.size(), 100u + 4u + 32u + 64u);
  for (auto [r, c] : samples) {
    EXPECT_LT(r, 64);
    EXPECT_LT(c, 32);
  }
  EXPECT_EQ(samples, chooseSampleEntries(64, 32, 100, 7));
}

TEST(ValidationTest, Fp64ReferenceOnSamples) {
  // A = [[1, 2], [3, 4]], B = [[5, 6], [7, 8]] -> C = [[19, 22], [43, 50]].
  HostMatrix a = makeMatrix(ElementType::BF16, 2, 2, 4, {1, 2, 3, 4});
  HostMatrix b = makeMatrix(ElementType::F16, 2, 2, 2, {5, 6, 7, 8});
  std::vector<std::pair<int64_t, int64_t>> samples = {
      {0, 0}, {0, 1}, {1, 0}, {1, 1}};
  EXPECT_EQ(computeFp64Reference(a, b, samples),
            (std::vector<double>{19, 22, 43, 50}));

  HostMatrix c = makeMatrix(ElementType::F32, 2, 2, 2, {19, 22, 43, 50});
  std::vector<double> reference =
      computeFp64Reference(a, b, samples, /*epilogue=*/nullptr);
  ErrorMetric exact = compareWithFp64Reference(c, samples, reference, 1e-6);
  EXPECT_EQ(exact.relativeFrobenius, 0.0);
  EXPECT_TRUE(exact.passed);
  // Through an epilogue: 2·acc + 1.
  auto twiceAndOne = [](int64_t, int64_t, double acc) { return 2 * acc + 1; };
  EXPECT_EQ(computeFp64Reference(a, b, samples, twiceAndOne),
            (std::vector<double>{39, 45, 87, 101}));

  // A NaN outside the samples still fails the fp64 check.
  std::vector<std::pair<int64_t, int64_t>> someSamples = {{0, 0}};
  c.set(1, 1, std::numeric_limits<float>::quiet_NaN());
  ErrorMetric withNan = compareWithFp64Reference(
      c, someSamples, computeFp64Reference(a, b, someSamples), 1.0);
  EXPECT_FALSE(withNan.passed);
  EXPECT_EQ(withNan.nonFiniteCount, 1);
}

TEST(ValidationTest, ProductSquares) {
  HostMatrix a = makeMatrix(ElementType::F32, 1, 2, 2, {1, 2});
  HostMatrix b = makeMatrix(ElementType::F32, 2, 1, 1, {5, -2.4});
  std::vector<std::pair<int64_t, int64_t>> samples = {{0, 0}};
  std::vector<double> squares = computeProductSquares(a, b, samples);
  ASSERT_EQ(squares.size(), 1u);
  EXPECT_NEAR(squares[0], 25 + 23.04, 1e-4);
}

TEST(ValidationTest, DetectsClobberedPadding) {
  HostMatrix c(ElementType::BF16, 2, 2, 3);
  std::memset(c.data(), 0xff, c.getSizeInBytes());
  c.set(0, 0, 1.0f);
  c.set(1, 1, 2.0f);
  EXPECT_EQ(countClobberedPadding(c, 0xff), 0);
  c.set(1, 2, 0.0f); // padding column
  EXPECT_EQ(countClobberedPadding(c, 0xff), 1);
}

TEST(ValidationTest, RandomInputsAreSeededAndNonZero) {
  HostMatrix a(ElementType::BF16, 16, 8, 10);
  HostMatrix b(ElementType::BF16, 16, 8, 10);
  a.fillRandom(42);
  b.fillRandom(42);
  EXPECT_EQ(std::memcmp(a.data(), b.data(), a.getSizeInBytes()), 0);
  for (int64_t r = 0; r < 16; ++r) {
    for (int64_t c = 0; c < 8; ++c) {
      double value = a.get(r, c);
      EXPECT_GE(std::fabs(value), 1.0 / 16.0 - 1e-3);
      EXPECT_LE(std::fabs(value), 1.0);
    }
    EXPECT_TRUE(std::isnan(a.get(r, 8)));
    EXPECT_TRUE(std::isnan(a.get(r, 9)));
  }
  b.fillRandom(43);
  EXPECT_NE(std::memcmp(a.data(), b.data(), a.getSizeInBytes()), 0);
  int negatives = 0;
  for (uint64_t i = 0; i < 1000; ++i)
    negatives += getRandomInputValue(5, i) < 0;
  EXPECT_GT(negatives, 400);
  EXPECT_LT(negatives, 600);
}

} // namespace
