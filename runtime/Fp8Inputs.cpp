//===- Fp8Inputs.cpp - Random 8-bit inputs of an FP8 GEMM -----------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/Fp8Inputs.h"

#include "runtime/Float8.h"

#include <cmath>

using namespace llvm;

namespace gemm_opt {
namespace runtime {

StringRef getFp8InputDistributionName(Fp8InputDistribution distribution) {
  return distribution == Fp8InputDistribution::Uniform ? "uniform" : "wide";
}

std::optional<Fp8InputDistribution> parseFp8InputDistribution(StringRef name) {
  if (name == "uniform")
    return Fp8InputDistribution::Uniform;
  if (name == "wide")
    return Fp8InputDistribution::Wide;
  return std::nullopt;
}

float getEightBitMax(ElementType type) {
  return type == ElementType::F8E5M2 ? MaxF8E5M2 : MaxF8E4M3FN;
}

float getFp8RandomInputValue(ElementType type,
                             Fp8InputDistribution distribution, uint64_t seed,
                             uint64_t index) {
  uint64_t bits = splitMix64(splitMix64(seed) ^ index);
  // 32 random bits -> [0, 1), the sign from bit 63.
  double unit = static_cast<double>(bits & 0xffffffffu) * 0x1p-32;
  double max = getEightBitMax(type);
  double magnitude;
  if (distribution == Fp8InputDistribution::Uniform) {
    magnitude = max / 32 + (max / 2 - max / 32) * unit;
  } else {
    // From the smallest subnormal, which rounding keeps, to the maximum,
    // which it does not exceed.
    double smallest = type == ElementType::F8E5M2 ? 0x1p-16 : 0x1p-9;
    double low = std::log2(smallest), high = std::log2(max);
    magnitude = std::exp2(low + (high - low) * unit);
  }
  float value = static_cast<float>(magnitude);
  return (bits >> 63) ? -value : value;
}

void fillFp8Random(HostMatrix &matrix, Fp8InputDistribution distribution,
                   uint64_t seed) {
  ElementType type = matrix.getType();
  matrix.fill([=](uint64_t index) {
    return getFp8RandomInputValue(type, distribution, seed, index);
  });
}

} // namespace runtime
} // namespace gemm_opt
