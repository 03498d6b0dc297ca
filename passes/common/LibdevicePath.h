//===- LibdevicePath.h - where the CUDA toolkit keeps libdevice -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Fused epilogues use math ops (tanh, erf, exp, fma) that convert-gpu-to-nvvm
// turns into libdevice calls (__nv_tanhf, ...). gpu-module-to-binary links
// libdevice only when it finds the toolkit through CUDA_HOME and friends, so
// tile-attach-target names it explicitly in the NVVM target's `link` list.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_COMMON_LIBDEVICEPATH_H
#define GEMM_OPT_PASSES_COMMON_LIBDEVICEPATH_H

#include <optional>
#include <string>

namespace gemm_opt {

/// nvvm/libdevice/libdevice.10.bc under the first CUDA toolkit found: in
/// $CUDA_HOME, $CUDA_PATH, $CUDA_ROOT, the toolkit CMake configured the build
/// with, or /usr/local/cuda.
std::optional<std::string> findLibdevice();

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_COMMON_LIBDEVICEPATH_H
