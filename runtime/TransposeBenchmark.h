//===- TransposeBenchmark.h - Run, check and time a transpose kernel -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// For a "transpose" bundle kernel (KernelSpec.h): random src, poisoned dst
// (NaN bytes, padding included), one checked run compared bit for bit with
// the transpose of src (exact: a transpose moves bits, so NaN never passes)
// plus a check that nothing outside the N×M dst matrix was written, then
// timing — median of many runs, CUDA events, L2 flushed before each —
// interleaved with a device-to-device copy of the same bytes
// (cuMemcpyDtoDAsync) in the same process. Both are reported as GB/s of
// bytes read plus written.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_TRANSPOSEBENCHMARK_H
#define GEMM_OPT_RUNTIME_TRANSPOSEBENCHMARK_H

#include "runtime/Device.h"
#include "runtime/KernelModule.h"
#include "runtime/KernelSpec.h"
#include "runtime/LaunchGrid.h"
#include "runtime/Timing.h"
#include "runtime/TransposeShape.h"

#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>

namespace gemm_opt {
namespace runtime {

/// Where dst differs from srcᵀ.
struct TransposeMismatch {
  int64_t entry = 0; ///< Batch entry.
  int64_t dstRow = 0, dstCol = 0;
  uint64_t expectedBits = 0, actualBits = 0;
};

struct TransposeCheck {
  int64_t mismatches = 0;
  std::optional<TransposeMismatch> first;
  /// dst padding entries (columns rows..ldDst-1) no longer poisoned.
  int64_t clobberedPadding = 0;
  bool passed() const { return mismatches == 0 && clobberedPadding == 0; }
};

/// Compares, bit for bit, dst (cols×rows, ldDst) with src (rows×cols,
/// ldSrc) transposed, for each of the shape's batch entries (batch strides
/// apart); elements of `elementSize` bytes. Padding of dst must still hold
/// `poisonByte`.
TransposeCheck checkTranspose(const void *src, const void *dst,
                              const TransposeShape &shape, size_t elementSize,
                              unsigned char poisonByte);

struct TransposeOptions {
  unsigned warmupRuns = 5;
  unsigned timedRuns = 100;
  uint64_t seed = 1;
  bool timing = true;
};

struct TransposeResult {
  LaunchGrid grid;
  KernelFunctionInfo kernelInfo;
  TransposeCheck check;
  std::optional<TimingStats> kernelTiming; ///< With timing only.
  std::optional<TimingStats> copyTiming;
  /// Bytes read plus written by each (2·B·M·N·sizeof(element)).
  uint64_t bytesMoved = 0;
  double kernelGBs() const;
  double copyGBs() const;
};

/// Whether the benchmark can run `spec` at `shape`, without a GPU: `spec`
/// must be a transpose, `shape` valid, and a batch (packed strides only)
/// needs a batched kernel.
llvm::Error checkTransposeBenchmarkShape(const KernelSpec &spec,
                                         const TransposeShape &shape);

/// Runs, checks and (with options.timing) times `spec` at `shape` (first
/// checked by checkTransposeBenchmarkShape).
llvm::Expected<TransposeResult>
runTransposeBenchmark(const DeviceInfo &device, const KernelSpec &spec,
                      const KernelImages &images, const TransposeShape &shape,
                      const TransposeOptions &options);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_TRANSPOSEBENCHMARK_H
