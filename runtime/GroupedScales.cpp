//===- GroupedScales.cpp - The scales of a grouped FP8 problem ------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/GroupedScales.h"

namespace gemm_opt {
namespace runtime {

GroupedScales::GroupedScales(const ScalingSpec &scaling, GroupedLayout layout,
                             int64_t groupCount, int64_t rows, int64_t n,
                             int64_t k, uint64_t seed, double centreA,
                             double centreB)
    : layout(layout), n(n), k(k) {
  for (int64_t group = 0; group < groupCount; ++group) {
    HostScales &scales = groups.emplace_back(scaling, rows, n, k);
    scales.fillRandom(seed + 16 * static_cast<uint64_t>(group), centreA,
                      centreB);
    if (group > 0 && !hasPerGroupA())
      scales.getBufferA() = groups.front().getBufferA();
  }
}

std::vector<float> GroupedScales::pack(bool isA) const {
  return packEntryScales(groups, isA, !isA || hasPerGroupA());
}

HostScales GroupedScales::groupScales(int64_t group, int64_t firstRow,
                                      int64_t rows) const {
  const HostScales &source = get(group);
  HostScales scales(source.getScaling(), rows, n, k);
  int64_t kBlocks = (k + ScaleBlockElements - 1) / ScaleBlockElements;
  const ScaleTensorLayout &layoutA = scales.getLayoutA();
  for (int64_t row = 0; row < rows; ++row)
    for (int64_t kb = 0; kb < kBlocks; ++kb)
      scales.getBufferA()[static_cast<size_t>(layoutA.getIndex(row, kb))] =
          static_cast<float>(source.getA(firstRow + row, kb));
  scales.getBufferB() = source.getBufferB();
  return scales;
}

} // namespace runtime
} // namespace gemm_opt
