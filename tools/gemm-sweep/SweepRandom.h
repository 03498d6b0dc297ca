//===- SweepRandom.h - the random draws of sweep cases ----------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Every case of a sweep draws from its own generator, seeded by the sweep's
// seed and the case's index, so that any case replays alone (--case).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TOOLS_GEMMSWEEP_SWEEPRANDOM_H
#define GEMM_OPT_TOOLS_GEMMSWEEP_SWEEPRANDOM_H

#include "runtime/HostMatrix.h"

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>

namespace gemm_opt {
namespace sweep {

/// The generator of one case.
class CaseRandom {
public:
  CaseRandom(uint64_t seed, uint64_t index)
      : state(runtime::splitMix64(runtime::splitMix64(seed) ^ (index * 0x9e3779b97f4a7c15ull))) {}

  /// Uniform in [0, bound).
  uint64_t below(uint64_t bound) { return next() % bound; }
  /// True with probability percent / 100.
  bool chance(unsigned percent) { return below(100) < percent; }
  template <typename T> T pick(llvm::ArrayRef<T> values) {
    return values[below(values.size())];
  }

private:
  uint64_t next() {
    state += 0x9e3779b97f4a7c15ull;
    return runtime::splitMix64(state);
  }
  uint64_t state;
};

/// A problem dimension: 1, a small or large prime, a multiple of one of
/// `tileSizes`, a tile multiple plus a remainder, or a power of two.
int64_t drawDimension(CaseRandom &random, llvm::ArrayRef<int64_t> tileSizes);

/// A small dimension, for shapes that would exceed the memory budget.
int64_t drawSmallDimension(CaseRandom &random,
                           llvm::ArrayRef<int64_t> tileSizes);

/// `value` rounded up to a multiple of `multiple` (of 1 where `multiple`
/// is below 1): a drawn dimension made one a kernel divides.
int64_t roundUpToMultiple(int64_t value, int64_t multiple);

} // namespace sweep
} // namespace gemm_opt

#endif // GEMM_OPT_TOOLS_GEMMSWEEP_SWEEPRANDOM_H
