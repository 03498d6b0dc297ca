//===- Device.h - Opening the CUDA device ----------------------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_DEVICE_H
#define GEMM_OPT_RUNTIME_DEVICE_H

#include "runtime/CudaDriver.h"

#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>

namespace gemm_opt {
namespace runtime {

struct DeviceInfo {
  int ordinal = 0;
  std::string name;
  int ccMajor = 0;
  int ccMinor = 0;
  int multiprocessorCount = 0;
  int64_t l2CacheBytes = 0;
  int64_t maxSharedMemoryPerBlockOptin = 0;
  int64_t totalMemoryBytes = 0;
  int driverVersion = 0;  ///< e.g. 13000
  int runtimeVersion = 0; ///< e.g. 13000
  const DriverApi *driver = nullptr;

  /// "sm_90".
  std::string getArchName() const;
};

/// Finds the driver and device `ordinal`, makes its primary context current
/// on this thread and loads the driver entry points. Fails with a NoDevice
/// error ("no CUDA driver found" / "no CUDA device found") when there is
/// none.
llvm::Expected<DeviceInfo> openDevice(int ordinal);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_DEVICE_H
