//===- GroupedScales.h - The scales of a grouped FP8 problem ----*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A grouped FP8 kernel (GroupedKernelSpec.h) scales each group's product
// by that group's scales: B's per group, a masked A's per group (each of
// M_max rows), a contiguous A's once for all T rows. GroupedScales holds
// one HostScales per group, of the kernel's rows (M_max or T), a
// contiguous problem's groups sharing group 0's A scales, and packs them
// as the kernel takes them (packEntryScales: the dense layouts of
// ScalingSpec.h, groups back to back where per group). groupScales cuts a
// group's rows out for a reference of that group alone (cuBLASLt).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_GROUPEDSCALES_H
#define GEMM_OPT_RUNTIME_GROUPEDSCALES_H

#include "runtime/GroupedKernelSpec.h"
#include "runtime/HostScales.h"

#include <cstdint>
#include <vector>

namespace gemm_opt {
namespace runtime {

class GroupedScales {
public:
  /// Random scales (HostScales::fillRandom, one seed per group) of centres
  /// 2^centreA and 2^centreB for `groups` groups of `rows` rows each
  /// (masked: M_max) or in all (contiguous: T).
  GroupedScales(const ScalingSpec &scaling, GroupedLayout layout,
                int64_t groups, int64_t rows, int64_t n, int64_t k,
                uint64_t seed, double centreA, double centreB);

  /// Whether A's scales are per group (masked) or shared (contiguous).
  bool hasPerGroupA() const { return layout == GroupedLayout::Masked; }

  /// The kernel's scale_a (`isA`) or scale_b buffer.
  std::vector<float> pack(bool isA) const;

  /// Group `group`'s scales; a contiguous group's A rows are T's rows.
  const HostScales &get(int64_t group) const {
    return groups[static_cast<size_t>(group)];
  }

  /// Group `group`'s scales for `rows` rows starting at its row
  /// `firstRow` of get(group), as a dense problem of `rows` rows takes
  /// them.
  HostScales groupScales(int64_t group, int64_t firstRow, int64_t rows) const;

private:
  GroupedLayout layout;
  int64_t n, k;
  std::vector<HostScales> groups;
};

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_GROUPEDSCALES_H
