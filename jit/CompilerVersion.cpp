//===- CompilerVersion.cpp - what identifies the compiler build -----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "jit/CompilerVersion.h"

#include "version/BuildChanges.h"
#include "version/BuildIdentity.h"
#include "llvm/Config/llvm-config.h"

const std::string &gemm_opt::jit::getCompilerVersion() {
  // A tree with uncommitted changes is told apart by their hash.
  static const std::string changes =
      *GEMM_OPT_BUILD_CHANGES ? std::string("-") + GEMM_OPT_BUILD_CHANGES
                              : std::string();
  static const std::string version =
      std::string("gemm-opt ") + GEMM_OPT_PROJECT_VERSION + " (" +
      GEMM_OPT_BUILD_COMMIT + changes + ") LLVM " + LLVM_VERSION_STRING;
  return version;
}
