//===- LibdevicePath.cpp - where the CUDA toolkit keeps libdevice ---------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "passes/common/LibdevicePath.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <cstdlib>

std::optional<std::string> gemm_opt::findLibdevice() {
  llvm::SmallVector<std::string> roots;
  for (const char *variable : {"CUDA_HOME", "CUDA_PATH", "CUDA_ROOT"})
    if (const char *value = std::getenv(variable); value && *value)
      roots.push_back(value);
#ifdef GEMM_OPT_CUDA_TOOLKIT_DIR
  roots.push_back(GEMM_OPT_CUDA_TOOLKIT_DIR);
#endif
  roots.push_back("/usr/local/cuda");
  for (const std::string &root : roots) {
    llvm::SmallString<256> path(root);
    llvm::sys::path::append(path, "nvvm", "libdevice", "libdevice.10.bc");
    if (llvm::sys::fs::exists(path))
      return std::string(path);
  }
  return std::nullopt;
}
