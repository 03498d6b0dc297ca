//===- Device.cpp - Opening the CUDA device -------------------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/Device.h"

#include "runtime/CudaCheck.h"
#include "runtime/RuntimeError.h"

#include <cuda_runtime_api.h>

using namespace llvm;

namespace gemm_opt {
namespace runtime {

std::string DeviceInfo::getArchName() const {
  return "sm_" + std::to_string(ccMajor) + std::to_string(ccMinor);
}

namespace {
std::string versionString(int version) {
  return std::to_string(version / 1000) + "." +
         std::to_string(version % 1000 / 10);
}
} // namespace

Expected<DeviceInfo> openDevice(int ordinal) {
  if (Error err = checkDriverPresent())
    return std::move(err);

  DeviceInfo info;
  info.ordinal = ordinal;
  (void)cudaRuntimeGetVersion(&info.runtimeVersion);
  int count = 0;
  cudaError_t status = cudaGetDeviceCount(&count);
  if (status == cudaErrorNoDevice || (status == cudaSuccess && count == 0)) {
    (void)cudaGetLastError();
    return makeNoDeviceError(
        "no CUDA device found (the driver is installed but reports no "
        "usable GPU; check CUDA_VISIBLE_DEVICES and nvidia-smi)");
  }
  if (status == cudaErrorInsufficientDriver) {
    (void)cudaDriverGetVersion(&info.driverVersion);
    return makeNoDeviceError("no CUDA driver found that supports CUDA " +
                             versionString(info.runtimeVersion) +
                             ": the installed driver supports "
                             "CUDA " +
                             versionString(info.driverVersion) +
                             "; update the NVIDIA driver");
  }
  if (status == cudaErrorStubLibrary)
    return makeNoDeviceError(
        "no CUDA driver found: only the CUDA stub library libcuda.so is "
        "loadable (remove .../lib64/stubs from LD_LIBRARY_PATH on a machine "
        "with a GPU)");
  GEMM_CUDA_TRY(status);
  if (ordinal < 0 || ordinal >= count)
    return makeBadInputError("device " + Twine(ordinal) +
                             " does not exist (this machine has " +
                             Twine(count) + " CUDA device(s))");

  GEMM_CUDA_TRY(cudaSetDevice(ordinal));
  // Create the primary context now and make it current for driver API calls.
  GEMM_CUDA_TRY(cudaFree(nullptr));
  GEMM_CUDA_TRY(cudaDriverGetVersion(&info.driverVersion));

  cudaDeviceProp props;
  GEMM_CUDA_TRY(cudaGetDeviceProperties(&props, ordinal));
  info.name = props.name;
  info.totalMemoryBytes = static_cast<int64_t>(props.totalGlobalMem);

  int value = 0;
  GEMM_CUDA_TRY(cudaDeviceGetAttribute(
      &info.ccMajor, cudaDevAttrComputeCapabilityMajor, ordinal));
  GEMM_CUDA_TRY(cudaDeviceGetAttribute(
      &info.ccMinor, cudaDevAttrComputeCapabilityMinor, ordinal));
  GEMM_CUDA_TRY(cudaDeviceGetAttribute(
      &info.multiprocessorCount, cudaDevAttrMultiProcessorCount, ordinal));
  GEMM_CUDA_TRY(
      cudaDeviceGetAttribute(&value, cudaDevAttrL2CacheSize, ordinal));
  info.l2CacheBytes = value;
  GEMM_CUDA_TRY(cudaDeviceGetAttribute(
      &value, cudaDevAttrMaxSharedMemoryPerBlockOptin, ordinal));
  info.maxSharedMemoryPerBlockOptin = value;

  Expected<const DriverApi *> driver = loadDriverApi();
  if (!driver)
    return driver.takeError();
  info.driver = *driver;
  return std::move(info);
}

} // namespace runtime
} // namespace gemm_opt
