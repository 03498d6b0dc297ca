//===- Timing.h - L2 flushing and CUDA event timing ------------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Each timed run is: prepare (e.g. poison C), flush L2 by writing a buffer of
// at least twice the L2 size, then CUDA events around the timed work only.
// The reported time is the median over the runs.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_TIMING_H
#define GEMM_OPT_RUNTIME_TIMING_H

#include "runtime/DeviceBuffer.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"

#include <cuda_runtime_api.h>

#include <cstdint>
#include <vector>

namespace gemm_opt {
namespace runtime {

/// Evicts L2 by writing a large buffer (max(2 x L2, 256 MiB)).
class L2Flusher {
public:
  static llvm::Expected<L2Flusher> create(int64_t l2CacheBytes);
  static size_t getFlushBytes(int64_t l2CacheBytes);

  llvm::Error flush(cudaStream_t stream);
  size_t getSize() const { return buffer.size(); }

private:
  explicit L2Flusher(DeviceBuffer buffer) : buffer(std::move(buffer)) {}
  DeviceBuffer buffer;
  unsigned char nextValue = 0;
};

struct TimingStats {
  double medianMs = 0.0;
  double minMs = 0.0;
  double maxMs = 0.0;
  double meanMs = 0.0;
  unsigned runs = 0;
};

/// Median / min / max / mean of `samplesMs` (all zero when empty).
TimingStats summarizeTimings(llvm::ArrayRef<double> samplesMs);

/// TFLOP/s of `flops` done in `ms` milliseconds.
double getTflops(double flops, double ms);

struct TimingOptions {
  unsigned warmupRuns = 5;
  unsigned timedRuns = 50;
};

/// One piece of work to time: `prepare` (untimed, e.g. poison the output)
/// and `body`, which must only enqueue work on the timing stream.
struct TimedWork {
  llvm::function_ref<llvm::Error()> prepare;
  llvm::function_ref<llvm::Error()> body;
};

/// Times every piece of `work` in interleaved rounds, so that clock and
/// power drift during the measurement affects each alike: `warmupRuns`
/// untimed rounds, then `timedRuns` rounds in which each piece runs as
/// prepare, flush L2, event, body, event. Returns one summary per piece.
llvm::Expected<std::vector<TimingStats>>
timeInterleaved(cudaStream_t stream, L2Flusher &flusher,
                const TimingOptions &options, llvm::ArrayRef<TimedWork> work);

/// timeInterleaved of a single piece of work.
llvm::Expected<TimingStats>
timeOnStream(cudaStream_t stream, L2Flusher &flusher,
             const TimingOptions &options,
             llvm::function_ref<llvm::Error()> prepare,
             llvm::function_ref<llvm::Error()> body);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_TIMING_H
