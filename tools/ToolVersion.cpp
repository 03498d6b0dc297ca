//===- ToolVersion.cpp - what every tool's --version prints ---------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tools/ToolVersion.h"

#include "version/BuildIdentity.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

void gemm_opt::printToolVersion(llvm::raw_ostream &os) {
  os << "gemm-opt " << GEMM_OPT_PROJECT_VERSION << " ("
     << GEMM_OPT_BUILD_COMMIT << ")\n"
     << "LLVM " << LLVM_VERSION_STRING << "\n";
}

void gemm_opt::setToolVersionPrinter() {
  llvm::cl::SetVersionPrinter(printToolVersion);
}
