//===- HostScales.cpp - An FP8 GEMM's scales in host memory ---------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/HostScales.h"

#include "llvm/Support/Parallel.h"

#include <cmath>
#include <tuple>

namespace gemm_opt {
namespace runtime {

HostScales::HostScales(const ScalingSpec &scaling, int64_t m, int64_t n,
                       int64_t k)
    : scaling(scaling), layoutA(getScaleTensorLayout(scaling.a, m, n, k)),
      layoutB(getScaleTensorLayout(scaling.b, m, n, k)),
      bufferA(static_cast<size_t>(layoutA.elements), 1.0f),
      bufferB(static_cast<size_t>(layoutB.elements), 1.0f) {}

void HostScales::fillRandom(uint64_t seed, double centreA, double centreB) {
  for (auto [buffer, centre, stream] :
       {std::tuple<std::vector<float> *, double, uint64_t>(&bufferA, centreA,
                                                           seed * 2),
        {&bufferB, centreB, seed * 2 + 1}}) {
    for (size_t i = 0; i < buffer->size(); ++i) {
      uint64_t bits = splitMix64(splitMix64(stream) ^ i);
      double unit = static_cast<double>(bits >> 11) * 0x1p-53;
      (*buffer)[i] = static_cast<float>(std::exp2(centre - 4.0 + 8.0 * unit));
    }
  }
}

std::vector<float> packEntryScales(llvm::ArrayRef<HostScales> entries, bool isA,
                                   bool perEntry) {
  std::vector<float> packed;
  for (const HostScales &entry : entries) {
    const std::vector<float> &values =
        isA ? entry.getBufferA() : entry.getBufferB();
    packed.insert(packed.end(), values.begin(), values.end());
    if (!perEntry)
      break;
  }
  return packed;
}

double chooseScaleCentre(const HostMatrix &operand, int64_t k) {
  std::vector<double> lineSums(static_cast<size_t>(operand.getRows()), 0.0);
  llvm::parallelFor(0, lineSums.size(), [&](size_t row) {
    double sum = 0.0;
    for (int64_t col = 0; col < operand.getCols(); ++col) {
      double value = operand.get(static_cast<int64_t>(row), col);
      sum += value * value;
    }
    lineSums[row] = sum;
  });
  double sum = 0.0;
  for (double lineSum : lineSums)
    sum += lineSum;
  double entries = static_cast<double>(operand.getRows()) *
                   static_cast<double>(operand.getCols());
  if (!(sum > 0.0) || !std::isfinite(sum))
    return 0.0;
  double rms = std::sqrt(sum / entries);
  return -std::log2(rms * std::pow(static_cast<double>(k), 0.25));
}

} // namespace runtime
} // namespace gemm_opt
