//===- ArgumentSetCache.h - device state of recent argument sets -*- C++
//-*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A launch whose kernel parameters point into device memory (tensor maps
// passed as global_pointer, staged operand copies) keeps that memory for
// later launches with the same arguments. GemmKernel keeps these argument
// sets per device in this cache:
//
//   - bounded: at most `limit` sets, the least recently used one given to
//     the next new argument set. It keeps its tensor-map buffers (same
//     kernel, same size), which the new maps are copied into on the new
//     launch's stream, so device memory stays flat however many distinct
//     pointers a caller cycles through;
//   - never reused under a queued kernel: each launch records an event on
//     its stream, and a set is reused only once the work before its last
//     record has finished (the host waits for it if need be, which happens
//     only when it runs `limit` distinct argument sets ahead of the GPU);
//   - sets that PreparedArguments hold (GemmKernel::prepare, for CUDA
//     graphs) are never reused, and kept beyond the limit if need be.
//
// Not thread-safe: GemmKernel's lock guards it. The events go through
// LaunchEvents: the CUDA runtime in GemmKernel, a fake in the unit tests.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_JIT_ARGUMENTSETCACHE_H
#define GEMM_OPT_JIT_ARGUMENTSETCACHE_H

#include "runtime/DeviceBuffer.h"
#include "runtime/KernelArguments.h"
#include "llvm/Support/Error.h"

#include <cuda_runtime_api.h>

#include <atomic>
#include <cstdint>
#include <list>
#include <map>
#include <memory>
#include <optional>

namespace gemm_opt {
namespace jit {

/// The event operations the cache needs.
class LaunchEvents {
public:
  virtual ~LaunchEvents();
  virtual llvm::Expected<cudaEvent_t> create() = 0;
  virtual void destroy(cudaEvent_t event) = 0;
  /// Records `event` after the work enqueued on `stream` so far.
  virtual llvm::Error record(cudaEvent_t event, cudaStream_t stream) = 0;
  /// Whether the work before `event`'s last record has finished (true if
  /// it was never recorded).
  virtual llvm::Expected<bool> isComplete(cudaEvent_t event) = 0;
  /// Waits on the host until it has.
  virtual llvm::Error synchronize(cudaEvent_t event) = 0;
  /// Makes `stream`'s later work wait for it.
  virtual llvm::Error wait(cudaStream_t stream, cudaEvent_t event) = 0;
};

/// The CUDA runtime's events (without timing) on the current device.
std::shared_ptr<LaunchEvents> createCudaLaunchEvents();

/// What identifies a launch's kernel parameters: the operands, the shape
/// as the kernel runs it, the epilogue's scalars (as bits, so that a NaN
/// is a value like any other), the workspace and an FP8 GEMM's scales.
struct ArgumentSetKey {
  uint64_t a = 0, b = 0, c = 0, bias = 0, residual = 0;
  int64_t m = 0, n = 0, k = 0, lda = 0, ldb = 0, ldc = 0;
  int64_t batch = 1, batchStrideA = 0, batchStrideB = 0, batchStrideC = 0;
  uint32_t alphaBits = 0, betaBits = 0;
  uint64_t workspacePartials = 0, workspaceCounters = 0;
  uint64_t scaleA = 0, scaleB = 0, scaleD = 0, amax = 0;
  uint64_t groups = 0; ///< A grouped GEMM's group operand.

  bool operator<(const ArgumentSetKey &other) const;
  bool operator==(const ArgumentSetKey &other) const;
};

/// Frees the pinned host memory (cudaMallocHost) tensor maps are copied
/// from: a copy from it is truly asynchronous, where one from pageable
/// memory may wait for the stream first.
struct PinnedHostDeleter {
  void operator()(CUtensorMap *maps) const;
};

/// One argument set's device state; GemmKernel fills it.
struct ArgumentSet {
  explicit ArgumentSet(std::shared_ptr<LaunchEvents> events)
      : events(std::move(events)) {}
  ~ArgumentSet();
  ArgumentSet(const ArgumentSet &) = delete;
  ArgumentSet &operator=(const ArgumentSet &) = delete;

  ArgumentSetKey key;
  /// Recorded after each launch with these arguments (not in a capture).
  cudaEvent_t lastUse = nullptr;
  /// The global_pointer tensor maps on the device, and the pinned host
  /// memory they are copied from; kept when the set is reused.
  runtime::DeviceBuffer tensorMaps;
  std::unique_ptr<CUtensorMap[], PinnedHostDeleter> hostTensorMaps;
  /// The parameters (pointing into tensorMaps) and staged operand copies;
  /// empty while the set is being filled, and after a failed fill.
  std::optional<runtime::KernelArguments> arguments;
  /// PreparedArguments that hold the set: while there are any, it is not
  /// reused (a CUDA graph may read it).
  std::atomic<unsigned> holds{0};

private:
  std::shared_ptr<LaunchEvents> events; ///< Destroys lastUse.
};

class ArgumentSetCache {
public:
  ArgumentSetCache(std::shared_ptr<LaunchEvents> events, size_t limit);

  /// The set for `key`, made the most recently used; null if there is none.
  std::shared_ptr<ArgumentSet> find(const ArgumentSetKey &key);

  /// A set for `key` to fill (`arguments` empty, tensor-map buffers kept
  /// if any): a new one while there are fewer than the limit, else the
  /// least recently used one that nothing else holds, once its last
  /// launch's work has finished. Beyond the limit only when every set is
  /// held.
  llvm::Expected<std::shared_ptr<ArgumentSet>> take(const ArgumentSetKey &key);

  /// Forgets `set` (its fill failed).
  void drop(const std::shared_ptr<ArgumentSet> &set);

  /// Before a launch on `stream` with `set`: waits (on the GPU) for its
  /// last launch where that may still run, as it may on another stream
  /// (its tensor maps may still be on their way, its staged copies in use).
  llvm::Error waitForLastUse(ArgumentSet &set, cudaStream_t stream);
  /// After that launch: records its end.
  llvm::Error recordUse(ArgumentSet &set, cudaStream_t stream);
  /// Waits on the host for `set`'s last recorded use, uploads included.
  llvm::Error synchronize(ArgumentSet &set);

  size_t size() const { return sets.size(); }
  size_t getLimit() const { return limit; }

private:
  using SetList = std::list<std::shared_ptr<ArgumentSet>>;
  /// Moves `set` out of the index and waits until its work has finished.
  llvm::Error retire(SetList::iterator set);

  std::shared_ptr<LaunchEvents> events;
  size_t limit;
  SetList sets; ///< Most recently used first.
  std::map<ArgumentSetKey, SetList::iterator> index;
};

} // namespace jit
} // namespace gemm_opt

#endif // GEMM_OPT_JIT_ARGUMENTSETCACHE_H
