//===- ReadyLaunches.cpp - recent launches, ready to enqueue again --------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "jit/ReadyLaunches.h"

#include "llvm/ADT/Hashing.h"

#include <cstring>

namespace gemm_opt {
namespace jit {

static uint64_t getAddress(const void *pointer) {
  return reinterpret_cast<uint64_t>(pointer);
}

static uint64_t getBits(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  return bits;
}

/// A batch stride, with "none" apart from every value.
static std::array<uint64_t, 2> getStride(const std::optional<int64_t> &stride) {
  return {stride.has_value(), static_cast<uint64_t>(stride.value_or(0))};
}

ReadyLaunchKey getReadyLaunchKey(const GemmArguments &args,
                                 const LaunchWorkspace *workspace) {
  auto [hasStrideA, strideA] = getStride(args.batchStrideA);
  auto [hasStrideB, strideB] = getStride(args.batchStrideB);
  auto [hasStrideC, strideC] = getStride(args.batchStrideC);
  auto number = [](int64_t value) { return static_cast<uint64_t>(value); };
  ReadyLaunchKey key;
  key.values = {getAddress(args.a),
                getAddress(args.b),
                getAddress(args.c),
                number(args.m),
                number(args.n),
                number(args.k),
                number(args.lda),
                number(args.ldb),
                number(args.ldc),
                getBits(args.alpha),
                getBits(args.beta),
                getAddress(args.bias),
                getAddress(args.residual),
                number(args.batch),
                hasStrideA,
                strideA,
                hasStrideB,
                strideB,
                hasStrideC,
                strideC,
                static_cast<uint64_t>(args.orderA),
                static_cast<uint64_t>(args.orderB),
                static_cast<uint64_t>(args.orderC),
                getAddress(args.scaleA),
                getAddress(args.scaleB),
                getAddress(args.scaleD),
                getAddress(args.amax),
                getAddress(args.groupRows),
                getAddress(args.groupOffsets),
                number(args.groups),
                workspace != nullptr,
                workspace ? getAddress(workspace->pointer) : 0,
                workspace ? workspace->bytes : 0,
                workspace ? workspace->counterRegionBytes : 0};
  return key;
}

size_t ReadyLaunchKeyHash::operator()(const ReadyLaunchKey &key) const {
  return static_cast<size_t>(
      llvm::hash_combine_range(key.values.begin(), key.values.end()));
}

ReadyLaunch *ReadyLaunches::find(const ReadyLaunchKey &key) {
  auto found = byKey.find(key);
  if (found == byKey.end())
    return nullptr;
  launches.splice(launches.begin(), launches, found->second);
  return &launches.front();
}

void ReadyLaunches::insert(ReadyLaunch launch) {
  if (limit == 0)
    return;
  auto found = byKey.find(launch.key);
  if (found != byKey.end()) {
    launches.erase(found->second);
    byKey.erase(found);
  }
  while (launches.size() >= limit) {
    byKey.erase(launches.back().key);
    launches.pop_back();
  }
  launches.push_front(std::move(launch));
  byKey[launches.front().key] = launches.begin();
}

} // namespace jit
} // namespace gemm_opt
