//===- Timing.cpp - L2 flushing and CUDA event timing ---------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/Timing.h"

#include "runtime/CudaCheck.h"

#include <algorithm>
#include <vector>

using namespace llvm;

namespace gemm_opt {
namespace runtime {

namespace {
/// cudaEvent_t owner.
class Event {
public:
  Event() = default;
  Event(const Event &) = delete;
  Event &operator=(const Event &) = delete;
  ~Event() {
    if (event)
      (void)cudaEventDestroy(event);
  }
  Error create() {
    GEMM_CUDA_TRY(cudaEventCreate(&event));
    return Error::success();
  }
  cudaEvent_t get() const { return event; }

private:
  cudaEvent_t event = nullptr;
};
} // namespace

size_t L2Flusher::getFlushBytes(int64_t l2CacheBytes) {
  constexpr size_t minimumBytes = size_t(256) << 20;
  return std::max(minimumBytes, static_cast<size_t>(l2CacheBytes) * 2);
}

Expected<L2Flusher> L2Flusher::create(int64_t l2CacheBytes) {
  Expected<DeviceBuffer> buffer =
      DeviceBuffer::allocate(getFlushBytes(l2CacheBytes));
  if (!buffer)
    return buffer.takeError();
  return L2Flusher(std::move(*buffer));
}

Error L2Flusher::flush(cudaStream_t stream) {
  // A different value each time, so no layer can skip the write.
  return buffer.fill(nextValue++, stream);
}

TimingStats summarizeTimings(ArrayRef<double> samplesMs) {
  TimingStats stats;
  if (samplesMs.empty())
    return stats;
  std::vector<double> sorted(samplesMs.begin(), samplesMs.end());
  std::sort(sorted.begin(), sorted.end());
  size_t n = sorted.size();
  stats.runs = static_cast<unsigned>(n);
  stats.medianMs =
      n % 2 ? sorted[n / 2] : 0.5 * (sorted[n / 2 - 1] + sorted[n / 2]);
  stats.minMs = sorted.front();
  stats.maxMs = sorted.back();
  double sum = 0.0;
  for (double sample : sorted)
    sum += sample;
  stats.meanMs = sum / static_cast<double>(n);
  return stats;
}

double getTflops(double flops, double ms) {
  return ms > 0.0 ? flops / (ms * 1e-3) / 1e12 : 0.0;
}

Expected<std::vector<TimingStats>>
timeInterleaved(cudaStream_t stream, L2Flusher &flusher,
                const TimingOptions &options, ArrayRef<TimedWork> work) {
  for (unsigned i = 0; i < options.warmupRuns; ++i)
    for (const TimedWork &piece : work) {
      if (Error err = piece.prepare())
        return std::move(err);
      if (Error err = piece.body())
        return std::move(err);
    }
  GEMM_CUDA_TRY(cudaStreamSynchronize(stream));

  Event start, stop;
  if (Error err = joinErrors(start.create(), stop.create()))
    return std::move(err);
  std::vector<std::vector<double>> samples(work.size());
  for (unsigned i = 0; i < options.timedRuns; ++i) {
    for (size_t w = 0; w < work.size(); ++w) {
      if (Error err = work[w].prepare())
        return std::move(err);
      if (Error err = flusher.flush(stream))
        return std::move(err);
      GEMM_CUDA_TRY(cudaEventRecord(start.get(), stream));
      if (Error err = work[w].body())
        return std::move(err);
      GEMM_CUDA_TRY(cudaEventRecord(stop.get(), stream));
      GEMM_CUDA_TRY(cudaEventSynchronize(stop.get()));
      float ms = 0.0f;
      GEMM_CUDA_TRY(cudaEventElapsedTime(&ms, start.get(), stop.get()));
      samples[w].push_back(ms);
    }
  }
  std::vector<TimingStats> stats;
  for (const std::vector<double> &pieceSamples : samples)
    stats.push_back(summarizeTimings(pieceSamples));
  return stats;
}

Expected<TimingStats> timeOnStream(cudaStream_t stream, L2Flusher &flusher,
                                   const TimingOptions &options,
                                   function_ref<Error()> prepare,
                                   function_ref<Error()> body) {
  Expected<std::vector<TimingStats>> stats =
      timeInterleaved(stream, flusher, options, {TimedWork{prepare, body}});
  if (!stats)
    return stats.takeError();
  return stats->front();
}

} // namespace runtime
} // namespace gemm_opt
