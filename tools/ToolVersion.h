//===- ToolVersion.h - what every tool's --version prints -------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TOOLS_TOOLVERSION_H
#define GEMM_OPT_TOOLS_TOOLVERSION_H

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace gemm_opt {

/// Prints "gemm-opt <version> (<commit>)" and "LLVM <version>" (the LLVM the
/// tool was built with), one per line.
void printToolVersion(llvm::raw_ostream &os);

/// Makes --version print printToolVersion's lines instead of LLVM's; call it
/// before the command line is parsed.
void setToolVersionPrinter();

} // namespace gemm_opt

#endif // GEMM_OPT_TOOLS_TOOLVERSION_H
