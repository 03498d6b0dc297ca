//===- KernelParamCheck.h - a bundle's parameters against its kernel -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The launch metadata says which parameters a kernel takes; the cubin says
// which it declares. A bundle whose metadata lost, gained or resized a
// parameter would make the driver copy the wrong bytes into the kernel's
// parameter space, so the first launch of each function compares the two
// through cuFuncGetParamInfo.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_KERNELPARAMCHECK_H
#define GEMM_OPT_RUNTIME_KERNELPARAMCHECK_H

#include "runtime/CudaDriver.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cuda.h>

namespace gemm_opt {
namespace runtime {

/// Checks that `function` (kernel `name`) declares the parameters whose
/// sizes are `paramBytes`, in order: a
/// BadInput error naming the first difference otherwise. Parameters the
/// kernel declares after those are not looked for (the launch digest covers
/// them). Checks nothing where the driver has no cuFuncGetParamInfo (before
/// CUDA 12.4).
llvm::Error checkKernelParameters(const DriverApi &api, CUfunction function,
                                  llvm::StringRef name,
                                  llvm::ArrayRef<size_t> paramBytes);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_KERNELPARAMCHECK_H
