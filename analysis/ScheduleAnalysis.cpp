//===- ScheduleAnalysis.cpp - static analysis of a tile schedule ----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "analysis/ScheduleAnalysis.h"
#include "dialect/ScheduleResources.h"

#include "llvm/Support/FormatVariadic.h"

using namespace gemm_opt::analysis;
using namespace gemm_opt::tile;

llvm::Expected<ChipPerformance>
gemm_opt::analysis::resolveDevice(ScheduleAttr schedule, llvm::StringRef name) {
  llvm::StringRef chip = schedule.getChip();
  if (name.empty()) {
    std::optional<llvm::StringRef> fallback = getDefaultDevice(chip);
    if (!fallback)
      return llvm::createStringError(llvm::formatv(
          "no performance figures for chip '{0}'; name a device ({1})", chip,
          knownDeviceList()));
    name = *fallback;
  }
  std::optional<ChipPerformance> device = lookupDevicePerformance(name);
  if (!device)
    return llvm::createStringError(llvm::formatv(
        "unknown device '{0}'; known devices: {1}", name, knownDeviceList()));
  if (!deviceRunsChip(*device, chip))
    return llvm::createStringError(
        llvm::formatv("device '{0}' (sm_{1}) does not run schedules for {2}",
                      name, device->computeCapability, chip));
  return *device;
}

llvm::Expected<ScheduleAnalysis> gemm_opt::analysis::analyzeSchedule(
    ScheduleAttr schedule, const ChipPerformance &device,
    std::optional<GemmShape> shape, BankConflictCache *bankConflicts) {
  ScheduleAnalysis analysis;
  analysis.schedule = schedule;
  analysis.device = device;
  analysis.threads = getScheduleResources(schedule).threads;
  analysis.sharedMemoryBytes = getScheduleResources(schedule).sharedMemoryBytes;
  analysis.wholeTileVariant =
      shape && schedule.hasWholeTileVariant() &&
      shape->m % schedule.getBlockM() == 0 &&
      shape->n % schedule.getBlockN() == 0 &&
      shape->k % schedule.getBlockK() == 0;
  analysis.registers =
      estimateRegisters(schedule, device, analysis.wholeTileVariant);
  analysis.occupancy =
      computeOccupancy(schedule, analysis.registers, device);
  // A dot kernel has no shared memory to simulate.
  if (!schedule.isDot()) {
    mlir::FailureOr<llvm::SmallVector<BankConflictReport>> conflicts =
        bankConflicts ? bankConflicts->simulate(schedule)
                      : simulateBankConflicts(schedule);
    if (failed(conflicts))
      return llvm::createStringError(
          "the shared-memory address computation could not be evaluated");
    analysis.bankConflicts = std::move(*conflicts);
  }
  analysis.tile = computeTileFigures(schedule, analysis.bankConflicts);
  if (shape) {
    llvm::Expected<ShapePrediction> prediction = predictShape(
        schedule, device, analysis.registers, analysis.occupancy, analysis.tile,
        *shape);
    if (!prediction)
      return prediction.takeError();
    analysis.prediction = std::move(*prediction);
  }
  return analysis;
}
