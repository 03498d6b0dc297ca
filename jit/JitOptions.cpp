//===- JitOptions.cpp - how a GemmJit compiles and caches -----------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "jit/JitOptions.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Process.h"

bool gemm_opt::jit::isCacheEnabledByEnvironment() {
  std::optional<std::string> value =
      llvm::sys::Process::GetEnv("GEMM_OPT_CACHE");
  if (!value)
    return true;
  llvm::StringRef setting = llvm::StringRef(*value).trim().lower();
  return !(setting == "0" || setting == "off" || setting == "false");
}
