//===- ReadyLaunches.h - recent launches, ready to enqueue again -*- C++
//-*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A kernel's most recent launches on one device whose parameters hold no
// device memory of their own (tensor maps by value or none, no staged
// operands, no workspace of the kernel's own), keyed by every argument the
// caller gave. A call with the same arguments was checked, planned and
// encoded before: it is enqueued again from here, which costs the launch
// alone. Hot loops in a model see the same addresses call after call (a
// caching allocator hands the same blocks back), so this is the warm path of
// gemm_opt::matmul.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_JIT_READYLAUNCHES_H
#define GEMM_OPT_JIT_READYLAUNCHES_H

#include "jit/GemmArguments.h"
#include "jit/LaunchWorkspace.h"
#include "runtime/KernelArguments.h"
#include "runtime/LaunchGrid.h"

#include <array>
#include <cstdint>
#include <list>
#include <unordered_map>

namespace gemm_opt {
namespace jit {

/// Every argument of a launch, as numbers: two launches with equal keys
/// run the same parameters.
struct ReadyLaunchKey {
  std::array<uint64_t, 34> values{};
  bool operator==(const ReadyLaunchKey &other) const {
    return values == other.values;
  }
};

struct ReadyLaunchKeyHash {
  size_t operator()(const ReadyLaunchKey &key) const;
};

/// The key of a launch with `arguments` (as the caller gave them) in
/// `workspace` (null: none, or the kernel's own).
ReadyLaunchKey getReadyLaunchKey(const GemmArguments &arguments,
                                 const LaunchWorkspace *workspace);

/// One launch as it was enqueued.
struct ReadyLaunch {
  ReadyLaunchKey key;
  runtime::LaunchGrid grid;
  runtime::KernelArguments arguments;
  /// The tile counters a caller's zeroCounters workspace clears, and how
  /// many bytes of them (0: none).
  uint64_t tileCounters = 0;
  size_t tileCounterBytes = 0;
};

/// The `limit` most recently used ready launches, found by their key; the
/// least recently used one goes first.
class ReadyLaunches {
public:
  explicit ReadyLaunches(size_t limit) : limit(limit) {}

  /// The launch with `key`, now the most recently used, or null.
  ReadyLaunch *find(const ReadyLaunchKey &key);
  /// Keeps `launch` as the most recently used.
  void insert(ReadyLaunch launch);
  size_t size() const { return launches.size(); }

private:
  size_t limit;
  std::list<ReadyLaunch> launches; ///< Most recently used first.
  std::unordered_map<ReadyLaunchKey, std::list<ReadyLaunch>::iterator,
                     ReadyLaunchKeyHash>
      byKey;
};

} // namespace jit
} // namespace gemm_opt

#endif // GEMM_OPT_JIT_READYLAUNCHES_H
