//===- PtxAssembler.h - PTX to cubin through ptxas --------------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_COMPILER_PTXASSEMBLER_H
#define GEMM_OPT_COMPILER_PTXASSEMBLER_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <string>

namespace gemm_opt {

/// Finds ptxas: `explicitPath` if set, else the CUDA toolkit gemm-opt was
/// configured with, else PATH.
llvm::Expected<std::string> findPtxas(llvm::StringRef explicitPath);

/// Assembles `ptxFile` for `chip` into `cubinFile` at ptxas optimization
/// level `optLevel` (0-3); returns ptxas's resource report (registers,
/// shared memory, spills).
llvm::Expected<std::string> assemblePtx(llvm::StringRef ptxas,
                                        llvm::StringRef ptxFile,
                                        llvm::StringRef chip,
                                        llvm::StringRef cubinFile,
                                        int optLevel = 3);

/// A cubin assembled in memory, with ptxas's resource report.
struct AssembledCubin {
  std::string cubin;
  std::string report;
};

/// Assembles PTX text for `chip` through temporary files (removed again).
llvm::Expected<AssembledCubin> assemblePtxText(llvm::StringRef ptxas,
                                               llvm::StringRef ptx,
                                               llvm::StringRef chip,
                                               int optLevel = 3);

} // namespace gemm_opt

#endif // GEMM_OPT_COMPILER_PTXASSEMBLER_H
