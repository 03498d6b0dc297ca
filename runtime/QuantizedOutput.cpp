//===- QuantizedOutput.cpp - FP8 output scale and amax checks -------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/QuantizedOutput.h"

#include "runtime/Float8.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace gemm_opt {
namespace runtime {

/// The largest relative rounding error of e4m3 (3 mantissa bits, to
/// nearest): half a unit in the last place, 2^-4 of the value.
static constexpr double E4m3Rounding = 0x1p-4;

double getE4m3OutputTolerance(bool fastAccumulation) {
  return E4m3Rounding + getFp8Tolerance(ElementType::F32, fastAccumulation);
}

float chooseOutputScale(double sampledMaximum, uint64_t seed) {
  if (!(sampledMaximum > 0.0) || !std::isfinite(sampledMaximum))
    return 1.0f;
  double unit = static_cast<double>(splitMix64(seed) >> 11) * 0x1p-53;
  double factor = std::exp2(-2.0 + 3.0 * unit); // [0.25, 2)
  return static_cast<float>(MaxF8E4M3FN / sampledMaximum * factor);
}

double roundAsE4m3(double value, float scaleD) {
  // Rounded exactly, not only saturated: where value · scaleD falls among
  // e4m3's subnormals (a group far smaller than the largest output), the
  // rounding is far above 2^-4 of the value, and only the accumulation's
  // error is left for the tolerance.
  float scaled = static_cast<float>(value * double(scaleD));
  return double(f8E4M3FNToFloat(floatToF8E4M3FNSatFinite(scaled))) /
         double(scaleD);
}

ErrorMetric compareQuantizedWithFp64(
    const HostMatrix &c, llvm::ArrayRef<std::pair<int64_t, int64_t>> samples,
    llvm::ArrayRef<double> reference, float scaleD, double tolerance) {
  std::vector<double> actual, expected;
  for (auto [sample, value] : llvm::zip_equal(samples, reference)) {
    actual.push_back(c.get(sample.first, sample.second) / double(scaleD));
    expected.push_back(roundAsE4m3(value, scaleD));
  }
  ErrorMetric metric = computeErrorMetric(actual, expected, tolerance);
  // A NaN (e4m3's only non-finite value) anywhere fails, not only at the
  // samples.
  if (int64_t nonFinite = countNonFinite(c)) {
    metric.nonFiniteCount = nonFinite;
    metric.passed = false;
    metric.relativeFrobenius = std::numeric_limits<double>::quiet_NaN();
  }
  return metric;
}

AmaxCheck checkAmax(float amax, const HostMatrix &c,
                    std::optional<float> scaleD, double sampledMaximum,
                    std::optional<float> cublasAmax, double tolerance) {
  float largestStored = 0.0f;
  for (int64_t row = 0; row < c.getRows(); ++row)
    for (int64_t col = 0; col < c.getCols(); ++col)
      largestStored = std::max(largestStored,
                               static_cast<float>(std::fabs(c.get(row, col))));
  return checkAmax(amax, largestStored, c.getType(), scaleD, sampledMaximum,
                   cublasAmax, tolerance);
}

AmaxCheck checkAmax(float amax, float largestStored, ElementType cType,
                    std::optional<float> scaleD, double sampledMaximum,
                    std::optional<float> cublasAmax, double tolerance) {
  AmaxCheck check;
  check.kernel = amax;
  check.cublas = cublasAmax;
  check.largestStored = largestStored;
  // amax rounded as the kernel stores C: the kernel's own f32 product with
  // scale_d, saturated to e4m3, or C's rounding.
  check.roundedAmax =
      scaleD ? f8E4M3FNToFloat(floatToF8E4M3FNSatFinite(amax * *scaleD))
             : roundToElementType(cType, amax);
  check.consistentWithC = check.roundedAmax == check.largestStored;
  if (cublasAmax)
    check.matchesCublasExactly = *cublasAmax == amax;
  auto fail = [&](std::string why) {
    check.failure = std::move(why);
    return check;
  };
  if (!std::isfinite(amax) || amax < 0.0f)
    return fail(llvm::formatv("amax is {0}", amax).str());
  if (!check.consistentWithC)
    return fail(llvm::formatv("amax {0:e6} stored as C would be {1:e6}, but "
                              "the largest |C| is {2:e6}",
                              amax, check.roundedAmax, check.largestStored)
                    .str());
  if (double(amax) < sampledMaximum * (1.0 - tolerance))
    return fail(llvm::formatv("amax {0:e6} is below the largest sampled fp64 "
                              "|D|, {1:e6}",
                              amax, sampledMaximum)
                    .str());
  if (cublasAmax && !(std::fabs(double(*cublasAmax) - double(amax)) <=
                      tolerance * std::fabs(double(*cublasAmax))))
    return fail(llvm::formatv("amax {0:e6} differs from cuBLASLt's {1:e6}",
                              amax, *cublasAmax)
                    .str());
  check.passed = true;
  return check;
}

} // namespace runtime
} // namespace gemm_opt
