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

static const ChipPerformance kDevices[] = {
    {/*device=*/"a100", "NVIDIA A100 SXM 80GB", /*cc=*/80,
     /*multiprocessors=*/108, /*clockGHz=*/1.41,
     /*tensorHalfTflops=*/312, /*tensorTf32Tflops=*/156, /*ffmaTflops=*/19.5,
     /*dramTBps=*/2.039, /*l2Bytes=*/40'000'000,
     /*sharedBytesPerSM=*/164 * 1024, /*reservedPerBlock=*/1024,
     /*sharedBytesPerClock=*/128, /*registersPerSM=*/65536,
     /*maxThreadsPerSM=*/2048, /*maxBlocksPerSM=*/32,
     /*registerAllocationUnit=*/256, /*dramLatencyUs=*/0.7},
    {"h100", "NVIDIA H100 SXM", 90, 132, 1.98, 989, 494, 67, 3.35,
     50'000'000, 228 * 1024, 1024, 128, 65536, 2048, 32, 256, 0.8},
    {"h200", "NVIDIA H200", 90, 132, 1.98, 989, 494, 67, 4.8, 50'000'000,
     228 * 1024, 1024, 128, 65536, 2048, 32, 256, 0.8},
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
