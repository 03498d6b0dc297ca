//===- CudaCheck.cpp - Turn CUDA / cuBLAS status codes into errors --------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/CudaCheck.h"

#include "runtime/CudaDriver.h"
#include "runtime/RuntimeError.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace gemm_opt {
namespace runtime {

namespace {
/// `runtime/Foo.cpp` rather than the full build path.
std::string shortFileName(const char *file) {
  StringRef path(file);
  StringRef name = sys::path::filename(path);
  StringRef parent = sys::path::filename(sys::path::parent_path(path));
  if (parent.empty())
    return name.str();
  return (parent + "/" + name).str();
}

std::string describeCall(const char *call, const char *file, int line) {
  return (Twine(call) + " at " + shortFileName(file) + ":" + Twine(line)).str();
}

bool isNoDeviceRuntimeError(cudaError_t result) {
  switch (result) {
  case cudaErrorNoDevice:
  case cudaErrorInsufficientDriver:
  case cudaErrorStubLibrary:
  case cudaErrorSystemDriverMismatch:
  case cudaErrorCompatNotSupportedOnDevice:
  case cudaErrorDevicesUnavailable:
    return true;
  default:
    return false;
  }
}

bool isNoDeviceDriverError(CUresult result) {
  switch (result) {
  case CUDA_ERROR_NO_DEVICE:
  case CUDA_ERROR_STUB_LIBRARY:
  case CUDA_ERROR_SYSTEM_DRIVER_MISMATCH:
  case CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE:
    return true;
  default:
    return false;
  }
}
} // namespace

std::string getCuResultName(CUresult result) {
  const DriverApi *api = getLoadedDriverApi();
  const char *name = nullptr;
  const char *text = nullptr;
  if (api) {
    if (api->getErrorName(result, &name) != CUDA_SUCCESS)
      name = nullptr;
    if (api->getErrorString(result, &text) != CUDA_SUCCESS)
      text = nullptr;
  }
  std::string out = name ? name : ("CUresult " + std::to_string(result));
  if (text)
    out += std::string(" (") + text + ")";
  return out;
}

const char *getCublasStatusName(cublasStatus_t status) {
  switch (status) {
  case CUBLAS_STATUS_SUCCESS:
    return "CUBLAS_STATUS_SUCCESS";
  case CUBLAS_STATUS_NOT_INITIALIZED:
    return "CUBLAS_STATUS_NOT_INITIALIZED";
  case CUBLAS_STATUS_ALLOC_FAILED:
    return "CUBLAS_STATUS_ALLOC_FAILED";
  case CUBLAS_STATUS_INVALID_VALUE:
    return "CUBLAS_STATUS_INVALID_VALUE";
  case CUBLAS_STATUS_ARCH_MISMATCH:
    return "CUBLAS_STATUS_ARCH_MISMATCH";
  case CUBLAS_STATUS_MAPPING_ERROR:
    return "CUBLAS_STATUS_MAPPING_ERROR";
  case CUBLAS_STATUS_EXECUTION_FAILED:
    return "CUBLAS_STATUS_EXECUTION_FAILED";
  case CUBLAS_STATUS_INTERNAL_ERROR:
    return "CUBLAS_STATUS_INTERNAL_ERROR";
  case CUBLAS_STATUS_NOT_SUPPORTED:
    return "CUBLAS_STATUS_NOT_SUPPORTED";
  case CUBLAS_STATUS_LICENSE_ERROR:
    return "CUBLAS_STATUS_LICENSE_ERROR";
  }
  return "unknown cublasStatus_t";
}

Error checkCuda(CUresult result, const char *call, const char *file, int line) {
  if (result == CUDA_SUCCESS)
    return Error::success();
  ErrorKind kind = isNoDeviceDriverError(result) ? ErrorKind::NoDevice
                                                 : ErrorKind::CudaFailure;
  return makeError(kind, "CUDA driver call " + describeCall(call, file, line) +
                             " failed: " + getCuResultName(result));
}

Error checkCuda(cudaError_t result, const char *call, const char *file,
                int line) {
  if (result == cudaSuccess)
    return Error::success();
  // Clear the (non-sticky) error so that later calls do not report it again.
  (void)cudaGetLastError();
  ErrorKind kind = isNoDeviceRuntimeError(result) ? ErrorKind::NoDevice
                                                  : ErrorKind::CudaFailure;
  return makeError(kind, "CUDA runtime call " + describeCall(call, file, line) +
                             " failed: " + cudaGetErrorName(result) + " (" +
                             cudaGetErrorString(result) + ")");
}

Error checkCuda(cublasStatus_t result, const char *call, const char *file,
                int line) {
  if (result == CUBLAS_STATUS_SUCCESS)
    return Error::success();
  return makeCudaFailureError("cuBLAS call " + describeCall(call, file, line) +
                              " failed: " + getCublasStatusName(result));
}

} // namespace runtime
} // namespace gemm_opt
