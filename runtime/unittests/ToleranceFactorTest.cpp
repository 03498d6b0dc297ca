//===- ToleranceFactorTest.cpp - a check's tolerance at its outputs -------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/ToleranceFactor.h"
#include "runtime/Validation.h"

#include "gtest/gtest.h"

#include <cmath>
#include <limits>
#include <vector>

using namespace gemm_opt::runtime;

namespace {

/// Outputs whose sums do not cancel (each product sum as large as its
/// products), through `activation`.
std::vector<CheckedOutputTerms> makeOutputs(EpilogueActivation activation,
                                            std::vector<double> inputs) {
  std::vector<CheckedOutputTerms> outputs;
  for (double z : inputs)
    outputs.push_back({z * z, z, applyActivation(activation, z)});
  return outputs;
}

std::vector<double> getExpected(const std::vector<CheckedOutputTerms> &terms) {
  std::vector<double> expected;
  for (const CheckedOutputTerms &output : terms)
    expected.push_back(output.expected);
  return expected;
}

} // namespace

TEST(ToleranceFactorTest, CancellingSums) {
  // Products 1·5 = 5 and 2·(-2.4) = -4.8 sum to 0.2: their root sum of
  // squares, sqrt(25 + 23.04) = 6.93, is 34.7 times the result.
  std::vector<CheckedOutputTerms> cancelling = {{25 + 23.04, 0.2, 0.2}};
  double factor =
      getToleranceFactor(cancelling, EpilogueActivation::None, 5e-3);
  EXPECT_NEAR(factor, std::sqrt(48.04) / 0.2, 1e-9);
  // A scaled check still fails a wrong product: with -2.2 instead of -2.4
  // the result moves by 0.4, 6 % of the products' size.
  EXPECT_FALSE(computeErrorMetric({0.6}, {0.2}, 5e-3 * factor).passed);
  // Products of one sign: the result is at least as large as their root
  // sum of squares, no loosening.
  std::vector<CheckedOutputTerms> sameSign = {{25 + 23.04, 9.8, 9.8}};
  EXPECT_EQ(getToleranceFactor(sameSign, EpilogueActivation::None, 5e-3), 1.0);
}

TEST(ToleranceFactorTest, ZeroOrNonFiniteExpectedKeepsTheTolerance) {
  // An all-zero expected output keeps its exact-match rule.
  std::vector<CheckedOutputTerms> zeros = {{10.0, -3.0, 0.0}, {1.0, -1.0, 0.0}};
  EXPECT_EQ(getToleranceFactor(zeros, EpilogueActivation::Relu, 5e-3), 1.0);
  double nan = std::numeric_limits<double>::quiet_NaN();
  std::vector<CheckedOutputTerms> notFinite = {{1.0, nan, nan}};
  EXPECT_EQ(getToleranceFactor(notFinite, EpilogueActivation::GeluErf, 5e-3),
            1.0);
}

TEST(ToleranceFactorTest, SlopesMatchTheActivations) {
  for (EpilogueActivation activation :
       {EpilogueActivation::None, EpilogueActivation::Relu,
        EpilogueActivation::GeluErf, EpilogueActivation::GeluTanh,
        EpilogueActivation::Silu})
    for (double x : {-9.0, -6.0, -2.5, -0.75, -0.3, 0.4, 1.414, 3.0, 8.0}) {
      const double h = 1e-6;
      double difference = (applyActivation(activation, x + h) -
                           applyActivation(activation, x - h)) /
                          (2 * h);
      // Relative to the slope, or absolute where it is tiny (the tails).
      EXPECT_NEAR(getActivationSlope(activation, x), std::fabs(difference),
                  1e-6 * std::max(1e-3, std::fabs(difference)))
          << getEpilogueActivationName(activation).str() << " at " << x;
    }
  // In GELU's tail the slope is tiny but not zero: x·φ(x) dominates.
  EXPECT_NEAR(getActivationSlope(EpilogueActivation::GeluErf, -6.0),
              3.5468709e-8, 1e-14);
}

TEST(ToleranceFactorTest, RandomLikeOutputsKeepTheTolerance) {
  std::vector<double> inputs = {-2.1, -0.7, -0.2, 0.3, 0.9, 1.6, 2.4, 3.5};
  // No activation and ReLU: exactly 1. GELU: its slope peaks at 1.13.
  EXPECT_EQ(getToleranceFactor(makeOutputs(EpilogueActivation::None, inputs),
                               EpilogueActivation::None, 5e-3),
            1.0);
  EXPECT_EQ(getToleranceFactor(makeOutputs(EpilogueActivation::Relu, inputs),
                               EpilogueActivation::Relu, 5e-3),
            1.0);
  for (double tolerance : {2e-2, 5e-3, 1e-5}) {
    double factor =
        getToleranceFactor(makeOutputs(EpilogueActivation::GeluErf, inputs),
                           EpilogueActivation::GeluErf, tolerance);
    EXPECT_GE(factor, 1.0);
    EXPECT_LT(factor, 1.1) << tolerance;
  }
  // SiLU's slope (up to 1.1) and tanh.approx's 2^-11 relative error add
  // about 20 % at the tf32 tolerance.
  double silu =
      getToleranceFactor(makeOutputs(EpilogueActivation::Silu, inputs),
                         EpilogueActivation::Silu, 5e-3);
  EXPECT_GT(silu, 1.05);
  EXPECT_LT(silu, 1.25);
}

TEST(ToleranceFactorTest, GeluTailAllowsForItsFloatResolution) {
  // Sweep seed 51, case 144: three tf32 outputs whose pre-activations lie
  // near -6, where erf-GELU is ~1e-8. The kernel's f32
  // 0.5·x·(1 + erf(x/√2)) rounds to exactly 0 there.
  std::vector<CheckedOutputTerms> tail =
      makeOutputs(EpilogueActivation::GeluErf, {-6.1, -5.9, -6.0});
  std::vector<double> expected = getExpected(tail);
  double tolerance =
      5e-3 * getToleranceFactor(tail, EpilogueActivation::GeluErf, 5e-3);
  EXPECT_TRUE(computeErrorMetric({0.0, 0.0, 0.0}, expected, tolerance).passed);
  // The allowed error is that f32 resolution, ~2^-22·|x| (1.4e-6 here), not
  // more: an output off by 1e-5 fails, and so does a missing bias of 3.
  EXPECT_FALSE(
      computeErrorMetric({-1e-5, 0.0, 0.0}, expected, tolerance).passed);
  std::vector<double> withoutBias;
  for (double z : {-3.1, -2.9, -3.0})
    withoutBias.push_back(applyActivation(EpilogueActivation::GeluErf, z));
  EXPECT_FALSE(computeErrorMetric(withoutBias, expected, tolerance).passed);
  // Without the activation's terms (the factor of the sums alone, 1) the
  // rounded-to-zero output would fail.
  EXPECT_FALSE(computeErrorMetric({0.0, 0.0, 0.0}, expected, 5e-3).passed);
}

TEST(ToleranceFactorTest, ReluSlopeCountsOutputsNearItsKink) {
  // A pre-activation just below 0, within its sum's rounding of it: the
  // kernel may land on either side, so its products count.
  std::vector<CheckedOutputTerms> nearKink = {{100.0, -0.01, 0.0},
                                              {1.0, 1.0, 1.0}};
  EXPECT_NEAR(getToleranceFactor(nearKink, EpilogueActivation::Relu, 5e-3),
              std::sqrt(101.0), 1e-9);
  // Far below 0 (more than the rounding window): its zero is exact.
  std::vector<CheckedOutputTerms> farBelow = {{100.0, -9.0, 0.0},
                                              {1.0, 1.0, 1.0}};
  EXPECT_EQ(getToleranceFactor(farBelow, EpilogueActivation::Relu, 5e-3), 1.0);
}
