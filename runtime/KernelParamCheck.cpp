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

#include "llvm/ADT/STLExtras.h"
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
  // Only the described parameters are asked for: a query past the kernel's
  // last one fails, and compute-sanitizer reports every failed driver call.
  // One left out at the end is the launch digest's to catch. Offsets are
  // the driver's own (a map by value declared `.align 64` sits at a
  // 16-byte offset), so only sizes are compared.
  for (auto [index, bytes] : llvm::enumerate(paramBytes)) {
    size_t offset = 0, declaredBytes = 0;
    CUresult result =
        api.funcGetParamInfo(function, index, &offset, &declaredBytes);
    if (result == CUDA_ERROR_NOT_SUPPORTED)
      return Error::success();
    if (result == CUDA_ERROR_INVALID_VALUE)
      return mismatch("the kernel declares " + Twine(index) +
                      " parameters, the metadata describes " +
                      Twine(paramBytes.size()));
    GEMM_CUDA_TRY(result);
    if (declaredBytes != bytes)
      return mismatch("parameter " + Twine(index) + " is " +
                      Twine(declaredBytes) + " bytes in the kernel but " +
                      Twine(bytes) + " bytes in the metadata");
  }
  return Error::success();
}

} // namespace runtime
} // namespace gemm_opt
