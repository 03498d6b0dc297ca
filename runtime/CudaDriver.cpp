//===- CudaDriver.cpp - CUDA driver API entry points ----------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/CudaDriver.h"

#include "runtime/CudaCheck.h"
#include "runtime/RuntimeError.h"

#include <cuda_runtime_api.h>
#include <dlfcn.h>

using namespace llvm;

namespace gemm_opt {
namespace runtime {

namespace {
DriverApi loadedApi;
bool apiLoaded = false;

template <typename FnT> Error getEntryPoint(const char *symbol, FnT &fn) {
  void *address = nullptr;
  cudaDriverEntryPointQueryResult status = cudaDriverEntryPointSuccess;
  GEMM_CUDA_TRY(cudaGetDriverEntryPointByVersion(symbol, &address, CUDA_VERSION,
                                                 cudaEnableDefault, &status));
  if (status == cudaDriverEntryPointVersionNotSufficent)
    return makeNoDeviceError(
        Twine("the CUDA driver is too old: it has no ") + symbol +
        " for CUDA " + Twine(CUDA_VERSION / 1000) + "." +
        Twine(CUDA_VERSION % 1000 / 10) + "; update the NVIDIA driver");
  if (status != cudaDriverEntryPointSuccess || !address)
    return makeCudaFailureError(Twine("the CUDA driver has no entry point ") +
                                symbol);
  fn = reinterpret_cast<FnT>(address);
  return Error::success();
}
} // namespace

Error checkDriverPresent() {
  // The CUDA runtime dlopens libcuda.so.1 itself; doing it first only lets us
  // say clearly what is missing. The handle is kept open on purpose.
  static void *handle = nullptr;
  if (handle)
    return Error::success();
  handle = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *reason = dlerror();
    return makeNoDeviceError(
        Twine("no CUDA driver found: libcuda.so.1 could not be loaded (") +
        (reason ? reason : "unknown reason") +
        "); is the NVIDIA driver installed on this machine?");
  }
  return Error::success();
}

Expected<const DriverApi *> loadDriverApi() {
  if (apiLoaded)
    return &loadedApi;
  DriverApi api;
  Error err = Error::success();
  auto get = [&](const char *symbol, auto &fn) {
    err = joinErrors(std::move(err), getEntryPoint(symbol, fn));
  };
  get("cuGetErrorName", api.getErrorName);
  get("cuGetErrorString", api.getErrorString);
  get("cuModuleLoadDataEx", api.moduleLoadDataEx);
  get("cuModuleUnload", api.moduleUnload);
  get("cuModuleGetFunction", api.moduleGetFunction);
  get("cuFuncGetAttribute", api.funcGetAttribute);
  get("cuFuncSetAttribute", api.funcSetAttribute);
  get("cuLaunchKernel", api.launchKernel);
  get("cuLaunchKernelEx", api.launchKernelEx);
  get("cuOccupancyMaxActiveBlocksPerMultiprocessor",
      api.occupancyMaxActiveBlocksPerMultiprocessor);
  get("cuOccupancyMaxActiveClusters", api.occupancyMaxActiveClusters);
  get("cuTensorMapEncodeTiled", api.tensorMapEncodeTiled);
  get("cuMemcpyDtoDAsync", api.memcpyDtoDAsync);
  get("cuModuleGetGlobal", api.moduleGetGlobal);
  get("cuMemcpyDtoH", api.memcpyDtoH);
  if (err)
    return std::move(err);
  // Optional: an older driver only loses the parameter check.
  if (Error missing = getEntryPoint("cuFuncGetParamInfo", api.funcGetParamInfo))
    consumeError(std::move(missing));
  loadedApi = api;
  apiLoaded = true;
  return &loadedApi;
}

const DriverApi *getLoadedDriverApi() {
  return apiLoaded ? &loadedApi : nullptr;
}

} // namespace runtime
} // namespace gemm_opt
