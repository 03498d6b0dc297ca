//===- CudaDriver.h - CUDA driver API entry points -------------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// gemm-run never links libcuda.so: a machine without an NVIDIA driver must get
// a clear message and exit code 3, not a loader failure. The driver functions
// the runtime needs are fetched at run time through
// cudaGetDriverEntryPointByVersion, from the same libcuda.so.1 that the
// (statically linked) CUDA runtime loaded.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_CUDADRIVER_H
#define GEMM_OPT_RUNTIME_CUDADRIVER_H

#include "llvm/Support/Error.h"

#include <cuda.h>

namespace gemm_opt {
namespace runtime {

/// Driver API functions, typed after the prototypes of the cuda.h the runtime
/// was built with (and requested at that CUDA_VERSION).
struct DriverApi {
  decltype(&::cuGetErrorName) getErrorName = nullptr;
  decltype(&::cuGetErrorString) getErrorString = nullptr;
  decltype(&::cuModuleLoadDataEx) moduleLoadDataEx = nullptr;
  decltype(&::cuModuleUnload) moduleUnload = nullptr;
  decltype(&::cuModuleGetFunction) moduleGetFunction = nullptr;
  decltype(&::cuFuncGetAttribute) funcGetAttribute = nullptr;
  decltype(&::cuFuncSetAttribute) funcSetAttribute = nullptr;
  decltype(&::cuLaunchKernel) launchKernel = nullptr;
  decltype(&::cuLaunchKernelEx) launchKernelEx = nullptr;
  decltype(&::cuOccupancyMaxActiveBlocksPerMultiprocessor)
      occupancyMaxActiveBlocksPerMultiprocessor = nullptr;
  decltype(&::cuOccupancyMaxActiveClusters) occupancyMaxActiveClusters =
      nullptr;
  decltype(&::cuTensorMapEncodeTiled) tensorMapEncodeTiled = nullptr;
  decltype(&::cuMemcpyDtoDAsync) memcpyDtoDAsync = nullptr;
  decltype(&::cuModuleGetGlobal) moduleGetGlobal = nullptr;
  decltype(&::cuMemcpyDtoH) memcpyDtoH = nullptr;
  /// Null where the driver predates it (CUDA 12.4): launches then skip the
  /// parameter check of KernelParamCheck.h.
  decltype(&::cuFuncGetParamInfo) funcGetParamInfo = nullptr;
};

/// Checks that a CUDA driver library can be loaded at all (dlopen of
/// libcuda.so.1). Fails with a NoDevice error "no CUDA driver found: ...".
llvm::Error checkDriverPresent();

/// Fetches all DriverApi entry points. Needs an initialized CUDA runtime
/// (any successful cudart call). The table lives for the whole process.
llvm::Expected<const DriverApi *> loadDriverApi();

/// The table loaded by loadDriverApi, or null before that (used to name
/// CUresult codes in error messages).
const DriverApi *getLoadedDriverApi();

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_CUDADRIVER_H
