//===- ChipPerformance.cpp - throughput figures of target devices ---------===//
//
// Sources: NVIDIA's A100 and H100 data sheets and whitepapers (dense
// peaks, HBM bandwidth, SM counts, shared memory and L2 sizes) and the H200
// data sheet (same SMs and clocks as H100 SXM, 4.8 TB/s HBM3e).
//
//===----------------------------------------------------------------------===//

#include "analysis/ChipPerformance.h"

#include "dialect/ChipInfo.h"

using namespace gemm_opt::analysis;

// The latency, start, step-overhead, clock, L2 and split-K figures are
// calibrated on the H200 measurements of bench/NOTES.md ("Split-K in the
// model and the tuner"): 222 (schedule, shape) pairs of wgmma kernels,
// split_k ones included, mean absolute log error 0.11. The H100 shares the
// H200's SMs and clocks; the A100 figures are not measured (the same
// values, for lack of better).
static const ChipPerformance kDevices[] = {
    {/*device=*/"a100", "NVIDIA A100 SXM 80GB", /*cc=*/80,
     /*multiprocessors=*/108, /*clockGHz=*/1.41,
     /*tensorHalfTflops=*/312, /*tensorTf32Tflops=*/156, /*ffmaTflops=*/19.5,
     /*dramTBps=*/2.039, /*l2Bytes=*/40'000'000,
     /*sharedBytesPerSM=*/164 * 1024, /*reservedPerBlock=*/1024,
     /*sharedBytesPerClock=*/128, /*registersPerSM=*/65536,
     /*maxThreadsPerSM=*/2048, /*maxBlocksPerSM=*/32,
     /*registerAllocationUnit=*/256, /*loadLatencyUs=*/1.5,
     /*blockStartUs=*/2.0, /*wgmmaStepOverheadUs=*/0.2,
     /*fullLoadClockLoss=*/0.2, /*l2TBps=*/2.0, /*l2GBpsPerSM=*/100,
     /*l2LatencyUs=*/1.0, /*splitKSignalUs=*/0.5, /*overlapExponent=*/3},
    {"h100", "NVIDIA H100 SXM", 90, 132, 1.98, 989, 494, 67, 3.35,
     50'000'000, 228 * 1024, 1024, 128, 65536, 2048, 32, 256, 1.5, 2.0, 0.2,
     0.2, 3.0, 100, 1.0, 0.5, 3},
    {"h200", "NVIDIA H200", 90, 132, 1.98, 989, 494, 67, 4.8, 50'000'000,
     228 * 1024, 1024, 128, 65536, 2048, 32, 256, 1.5, 2.0, 0.2, 0.2, 3.0,
     100, 1.0, 0.5, 3},
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
