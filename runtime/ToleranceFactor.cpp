//===- ToleranceFactor.cpp - a check's tolerance at its outputs -----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/ToleranceFactor.h"

#include <algorithm>
#include <cmath>

namespace gemm_opt {
namespace runtime {

namespace {
/// The standard normal density and distribution, the latter without
/// cancellation in the negative tail.
double normalDensity(double x) {
  return std::exp(-0.5 * x * x) * 0.39894228040143267794; // 1/√(2π)
}
double normalDistribution(double x) {
  return 0.5 * std::erfc(-x * 0.70710678118654752440); // x/√2
}
/// 1 / (1 + e^-x), without cancellation on either side.
double logistic(double x) { return 1.0 / (1.0 + std::exp(-x)); }
} // namespace

double getActivationSlope(EpilogueActivation activation, double x) {
  switch (activation) {
  case EpilogueActivation::None:
    return 1.0;
  case EpilogueActivation::Relu:
    return x > 0.0 ? 1.0 : 0.0;
  case EpilogueActivation::GeluErf:
    // d/dx x·Φ(x) = Φ(x) + x·φ(x).
    return std::fabs(normalDistribution(x) + x * normalDensity(x));
  case EpilogueActivation::GeluTanh: {
    // 0.5·x·(1 + tanh(u)), u = c·(x + 0.044715·x³), with 1 + tanh(u) =
    // 2·logistic(2u) and tanh'(u) = 1 / cosh(u)^2.
    const double c = 0.79788456080286535588; // √(2/π)
    double u = c * (x + 0.044715 * x * x * x);
    double coshU = std::cosh(u);
    double du = c * (1.0 + 3.0 * 0.044715 * x * x);
    return std::fabs(logistic(2.0 * u) + 0.5 * x * du / (coshU * coshU));
  }
  case EpilogueActivation::Silu: {
    // d/dx x·σ(x) = σ(x)·(1 + x·σ(-x)).
    return std::fabs(logistic(x) * (1.0 + x * logistic(-x)));
  }
  }
  return 1.0;
}

double getActivationEvaluationError(EpilogueActivation activation) {
  switch (activation) {
  case EpilogueActivation::None:
  case EpilogueActivation::Relu:
    return 0.0;
  case EpilogueActivation::GeluErf:
    return std::ldexp(1.0, -22);
  case EpilogueActivation::GeluTanh:
  case EpilogueActivation::Silu:
    return std::ldexp(1.0, -12);
  }
  return 0.0;
}

double getToleranceFactor(llvm::ArrayRef<CheckedOutputTerms> outputs,
                          EpilogueActivation activation, double tolerance) {
  double slopedSquares = 0.0, preActivationSquares = 0.0, expectedSquares = 0.0;
  for (const CheckedOutputTerms &output : outputs) {
    // The largest slope the kernel's perturbed input may meet: at either
    // end of its window or in the middle (a slope exceeds those three only
    // near its turning points, where it is flat).
    double window = tolerance * std::sqrt(output.productSquares);
    double z = output.preActivation;
    double slope = std::max({getActivationSlope(activation, z - window),
                             getActivationSlope(activation, z),
                             getActivationSlope(activation, z + window)});
    slopedSquares += slope * slope * output.productSquares;
    preActivationSquares += z * z;
    expectedSquares += output.expected * output.expected;
  }
  if (!(expectedSquares > 0.0) || !std::isfinite(expectedSquares) ||
      !std::isfinite(slopedSquares) || !std::isfinite(preActivationSquares))
    return 1.0;
  double norm = std::sqrt(expectedSquares);
  double factor = std::max(1.0, std::sqrt(slopedSquares) / norm);
  if (tolerance > 0.0)
    factor += getActivationEvaluationError(activation) *
              std::sqrt(preActivationSquares) / (tolerance * norm);
  return factor;
}

} // namespace runtime
} // namespace gemm_opt
