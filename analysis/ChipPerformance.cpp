//===- ChipPerformance.cpp - throughput figures of target devices ---------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Sources: NVIDIA's A100 and H100 data sheets and whitepapers (dense
// peaks, HBM bandwidth, SM counts, shared memory and L2 sizes) and the H200
// data sheet (same SMs and clocks as H100 SXM, 4.8 TB/s HBM3e).
//
//===----------------------------------------------------------------------===//

#include "analysis/ChipPerformance.h"

#include "dialect/ChipInfo.h"

using namespace gemm_opt::analysis;

// The latency, start, step-overhead, clock, DRAM-stream and overlap
// figures are fitted to measured wgmma kernels (the Hopper benchmark
// shapes, small-MN, split-K, raster and transposed-problem runs), with a
// mean absolute log error of about 0.09 between measured and predicted
// TFLOP/s:
//   loadLatencyUs 1.0        the deepest pipelines that are not latency
//                            bound: 64x16 s12 runs 0.11 us per K tile with
//                            11 in flight, 128x256 s3 0.65 us with 2
//   cpAsyncLoadLatencyUs 1.5 fitted to the mma.sync kernels' cp.async
//                            pipelines
//   blockStartUs 1.5         launch and pipeline fill per block
//   wgmmaStepOverheadUs 0.07 one consumer warpgroup per block: 64x16 takes
//                            0.11 us per K tile (0.02 of it wgmma), 64x64
//                            0.155 (0.09 wgmma), about 140 clocks of
//                            barrier, fence, commit, wait and release
//   fullLoadClockLoss 0.15   128x256 tiles take 0.65 us per K tile on all
//                            SMs where their math takes 0.56 at boost
//   dramStreamTBps 2.3       one wave streaming its operands once:
//                            128x4096x4096 and 16x4096x4096 (33 MB) take
//                            15.7-18 us in cuBLAS and 17-18 us in ours,
//                            2.0-2.3 TB/s between fill and epilogue
//   stepOverlapExponent 6    128x64 tiles (two 64x64 warpgroups): 0.21-0.26
//                            us per K tile where math takes 0.17 and shared
//                            memory 0.22
// The split-K figures are fitted the same way. The H200 has 60 MiB of L2
// (cudaDeviceProp::l2CacheSize). The H100 shares the H200's SMs and
// clocks; its DRAM stream is the H200's fraction of the peak. The A100 figures are not measured (the same values, for lack of
// better).
static const ChipPerformance kDevices[] = {
    {/*device=*/"a100", "NVIDIA A100 SXM 80GB", /*cc=*/80,
     /*multiprocessors=*/108, /*clockGHz=*/1.41,
     /*tensorHalfTflops=*/312, /*tensorTf32Tflops=*/156, /*ffmaTflops=*/19.5,
     /*dramTBps=*/2.039, /*l2Bytes=*/40'000'000,
     /*sharedBytesPerSM=*/164 * 1024, /*reservedPerBlock=*/1024,
     /*sharedBytesPerClock=*/128, /*registersPerSM=*/65536,
     /*maxThreadsPerSM=*/2048, /*maxBlocksPerSM=*/32,
     /*registerAllocationUnit=*/256, /*loadLatencyUs=*/1.0,
     /*cpAsyncLoadLatencyUs=*/1.5, /*blockStartUs=*/1.5,
     /*wgmmaStepOverheadUs=*/0.07, /*wgmmaOverlapFromUs=*/0.07,
     /*wgmmaOverlapToUs=*/0.21, /*fullLoadClockLoss=*/0.15,
     /*l2TBps=*/2.0, /*l2GBpsPerSM=*/100, /*l2LatencyUs=*/1.0,
     /*splitKSignalUs=*/0.5, /*overlapExponent=*/3, /*dramStreamTBps=*/0.98,
     /*stepOverlapExponent=*/6},
    {"h100", "NVIDIA H100 SXM", 90, 132, 1.98, 989, 494, 67, 3.35,
     50'000'000, 228 * 1024, 1024, 128, 65536, 2048, 32, 256, 1.0, 1.5, 1.5,
     0.07, 0.07, 0.21, 0.15, 3.0, 100, 1.0, 0.5, 3, 1.6, 6},
    {"h200", "NVIDIA H200", 90, 132, 1.98, 989, 494, 67, 4.8, 62'914'560,
     228 * 1024, 1024, 128, 65536, 2048, 32, 256, 1.0, 1.5, 1.5, 0.07, 0.07, 0.21,
     0.15, 3.0, 100, 1.0, 0.5, 3, 2.3, 6},
};

std::optional<ChipPerformance>
gemm_opt::analysis::lookupDevicePerformance(llvm::StringRef device) {
  for (const ChipPerformance &entry : kDevices)
    if (entry.device == device)
      return entry;
  return std::nullopt;
}

std::optional<llvm::StringRef>
gemm_opt::analysis::getDefaultDevice(llvm::StringRef chip) {
  if (chip == "sm_80")
    return llvm::StringRef("a100");
  if (chip == "sm_90" || chip == "sm_90a")
    return llvm::StringRef("h100");
  return std::nullopt;
}

bool gemm_opt::analysis::deviceRunsChip(const ChipPerformance &device,
                                        llvm::StringRef chip) {
  std::optional<tile::ChipInfo> info = tile::lookupChip(chip);
  return info && info->computeCapability == device.computeCapability;
}

llvm::StringRef gemm_opt::analysis::knownDeviceList() {
  return "a100, h100, h200";
}
