//===- KernelParamCheck.cpp - a bundle's parameters against its kernel ----===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/KernelParamCheck.h"

#include "runtime/CudaCheck.h"
#include "runtime/RuntimeError.h"

#include "llvm/ADT/Twine.h"

using namespace llvm;

namespace gemm_opt {
namespace runtime {

Error checkKernelParameters(const DriverApi &api, CUfunction function,
                            StringRef name, ArrayRef<size_t> paramBytes) {
  if (!api.funcGetParamInfo)
    return Error::success();
  auto mismatch = [&](const Twine &what) {
    return makeBadInputError("the launch metadata of kernel " + name +
                             " does not match its image: " + what);
  };
  for (size_t index = 0; index <= paramBytes.size(); ++index) {
    size_t offset = 0, bytes = 0;
    CUresult result = api.funcGetParamInfo(function, index, &offset, &bytes);
    if (result == CUDA_ERROR_NOT_SUPPORTED)
      return Error::success();
    if (index == paramBytes.size()) {
      // One past the described parameters must be past the declared ones.
      if (result == CUDA_SUCCESS)
        return mismatch("the kernel declares more than the " +
                        Twine(paramBytes.size()) +
                        " parameters the metadata describes");
      break;
    }
    if (result == CUDA_ERROR_INVALID_VALUE)
      return mismatch("the kernel declares " + Twine(index) +
                      " parameters, the metadata describes " +
                      Twine(paramBytes.size()));
    GEMM_CUDA_TRY(result);
    if (bytes != paramBytes[index])
      return mismatch("parameter " + Twine(index) + " is " + Twine(bytes) +
                      " bytes in the kernel but " + Twine(paramBytes[index]) +
                      " bytes in the metadata");
  }
  return Error::success();
}

} // namespace runtime
} // namespace gemm_opt
