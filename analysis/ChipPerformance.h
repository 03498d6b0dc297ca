//===- ChipPerformance.h - throughput figures of target devices -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The numbers the static schedule model divides by: tensor and FFMA peaks,
// DRAM and shared-memory bandwidth, and the per-SM resources occupancy is
// computed from. ChipInfo (dialect/) holds what a schedule is *checked*
// against; this file holds what it is *timed* against. One chip name (sm_90a)
// covers devices with different memory systems (H100 SXM, H200), so figures
// are keyed by device, and each device names the chips it runs.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_ANALYSIS_CHIPPERFORMANCE_H
#define GEMM_OPT_ANALYSIS_CHIPPERFORMANCE_H

#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <optional>

namespace gemm_opt::analysis {

struct ChipPerformance {
  /// Device key: "a100", "h100", "h200".
  llvm::StringRef device;
  /// Marketing name, for reports.
  llvm::StringRef deviceName;
  /// Compute capability of the device (80, 90).
  int computeCapability;
  int64_t multiprocessors;
  /// Boost clock in GHz; per-clock figures (shared-memory bandwidth) are
  /// scaled by it.
  double clockGHz;
  /// Dense peaks in TFLOP/s.
  double tensorHalfTflops;  // f16 / bf16 inputs, f32 accumulation
  double tensorTf32Tflops;
  double ffmaTflops;        // fp32 FFMA on the CUDA cores
  /// DRAM bandwidth in TB/s (the data sheet's peak: balance points, one
  /// SM's share for storing C) and L2 capacity in bytes.
  double dramTBps;
  int64_t l2Bytes;
  /// Per SM: shared memory (all of it, and what each resident block
  /// reserves), shared-memory bandwidth (32 banks × 4 bytes per clock),
  /// registers, threads and blocks.
  int64_t sharedBytesPerSM;
  int64_t sharedBytesReservedPerBlock;
  int64_t sharedBytesPerClock;
  int64_t registersPerSM;
  int64_t maxThreadsPerSM;
  int64_t maxBlocksPerSM;
  /// Registers are allocated per warp in units of this many.
  int64_t registerAllocationUnit;
  /// Latency of a global load under load, in microseconds: a pipeline of S
  /// stages keeps S - 1 K tiles in flight, so by Little's law a block takes
  /// at least this over S - 1 per K tile. TMA loads (a producer warp's bulk
  /// copies) and cp.async loads (every thread's 16-byte copies, issued by
  /// the warps that compute) have their own.
  double loadLatencyUs;
  double cpAsyncLoadLatencyUs;
  /// What a block spends outside its K loop besides storing C (launch,
  /// pipeline fill, draining the last stages), in microseconds.
  double blockStartUs;
  /// wgmma: the fixed work of a consumer warpgroup per K tile (full-barrier
  /// wait, fence, issue, commit, wait for its wgmmas, release of the stage)
  /// at the boost clock, in microseconds. A warpgroup takes at least this
  /// plus its own wgmma time per K tile; other warpgroups' wgmmas fill the
  /// tensor cores meanwhile.
  double wgmmaStepOverheadUs;
  /// How much of that fixed work the warpgroup's wgmmas still in flight hide
  /// (it keeps one K tile's group in flight while it waits for, fences and
  /// issues the next): all of it is exposed while its wgmmas take at most
  /// `wgmmaOverlapFromUs` per K tile at the boost clock, none from
  /// `wgmmaOverlapToUs` on, a linear share in between.
  double wgmmaOverlapFromUs;
  double wgmmaOverlapToUs;
  /// Fraction of the tensor-core and issue rate lost when every SM is busy
  /// (clocks drop under sustained load), scaled by the fraction of SMs that
  /// have work.
  double fullLoadClockLoss;
  /// L2 bandwidth in TB/s (what the split_k workspace traffic of a whole
  /// GEMM goes through), one SM's L2 bandwidth in GB/s (its partial tile
  /// and its reads of the others'), and one L2 round trip in microseconds
  /// (the last block of a split_k tile pays one per chunk of its sum).
  double l2TBps;
  double l2GBpsPerSM;
  double l2LatencyUs;
  /// split_k: what each block spends after storing its partial tile (the
  /// GPU-wide fence, the tile counter's atomic), in microseconds.
  double splitKSignalUs;
  /// Exponent of the soft maximum that combines the compute, DRAM and L2
  /// times ((c^p + d^p + l^p)^(1/p)): two equal terms cost 2^(1/p) of one.
  double overlapExponent;
  /// The DRAM bandwidth in TB/s that a GEMM's operand loads reach (TMA
  /// boxes of 128-byte rows a leading dimension apart, issued a stage at a
  /// time by every SM), below the data sheet's `dramTBps`.
  double dramStreamTBps;
  /// Exponent of the soft maximum of a K tile's math, shared-memory and
  /// issue times: the tensor cores read their operands from shared memory
  /// while TMA writes the next stages into it, and a consumer warpgroup's
  /// fixed work delays its next wgmmas, so neither hides fully behind the
  /// other.
  double stepOverlapExponent;

  /// Dense tensor-core FLOPs per clock of one SM.
  double tensorFlopsPerClockPerSM() const {
    return tensorHalfTflops * 1e12 / (multiprocessors * clockGHz * 1e9);
  }
  /// Bytes per second of all SMs' shared memory.
  double sharedBytesPerSecond() const {
    return double(sharedBytesPerClock) * multiprocessors * clockGHz * 1e9;
  }
  /// FLOPs per byte at which the tensor peak equals DRAM / shared-memory
  /// bandwidth (the roofline ridges).
  double dramBalance() const { return tensorHalfTflops / dramTBps; }
  double sharedBalance() const {
    return tensorHalfTflops * 1e12 / sharedBytesPerSecond();
  }
  /// The same ridges for fp32 FFMA on the CUDA cores.
  double ffmaDramBalance() const { return ffmaTflops / dramTBps; }
  double ffmaSharedBalance() const {
    return ffmaTflops * 1e12 / sharedBytesPerSecond();
  }
};

/// The figures of `device` ("a100", "h100", "h200"), or nothing.
std::optional<ChipPerformance> lookupDevicePerformance(llvm::StringRef device);

/// The device a chip is modelled as when none is named: sm_80 → a100,
/// sm_90 and sm_90a → h100. Nothing for chips without figures.
std::optional<llvm::StringRef> getDefaultDevice(llvm::StringRef chip);

/// Whether `device` runs code compiled for `chip` (same compute capability).
bool deviceRunsChip(const ChipPerformance &device, llvm::StringRef chip);

/// "a100, h100, h200", for diagnostics.
llvm::StringRef knownDeviceList();

} // namespace gemm_opt::analysis

#endif // GEMM_OPT_ANALYSIS_CHIPPERFORMANCE_H
