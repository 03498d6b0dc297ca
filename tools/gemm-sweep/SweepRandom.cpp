//===- SweepRandom.cpp - the random draws of sweep cases ------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tools/gemm-sweep/SweepRandom.h"

#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace llvm;

namespace gemm_opt {
namespace sweep {

namespace {
constexpr int64_t smallPrimes[] = {2, 3, 5, 7, 11, 13, 17, 31, 61, 127, 257};
constexpr int64_t largePrimes[] = {1021, 2039, 4093, 8191};
} // namespace

int64_t drawDimension(CaseRandom &random, ArrayRef<int64_t> tileSizes) {
  switch (random.below(6)) {
  case 0:
    return 1;
  case 1:
    return random.pick(ArrayRef<int64_t>(smallPrimes));
  case 2:
    return random.pick(ArrayRef<int64_t>(largePrimes));
  case 3:
    return random.pick(tileSizes) * static_cast<int64_t>(1 + random.below(8));
  case 4: {
    int64_t tile = random.pick(tileSizes);
    int64_t remainder = 1 + static_cast<int64_t>(random.below(tile - 1));
    return tile * static_cast<int64_t>(random.below(8)) + remainder;
  }
  default:
    return int64_t(2) << random.below(13);
  }
}

int64_t drawSmallDimension(CaseRandom &random, ArrayRef<int64_t> tileSizes) {
  switch (random.below(3)) {
  case 0:
    return random.pick(ArrayRef<int64_t>(smallPrimes));
  case 1:
    return random.pick(tileSizes);
  default:
    return int64_t(2) << random.below(8);
  }
}

int64_t roundUpToMultiple(int64_t value, int64_t multiple) {
  return static_cast<int64_t>(
      alignTo(static_cast<uint64_t>(value),
              static_cast<uint64_t>(std::max<int64_t>(multiple, 1))));
}

} // namespace sweep
} // namespace gemm_opt
