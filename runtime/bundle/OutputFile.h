//===- OutputFile.h - writing a tool's output without aborting -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A raw_fd_ostream whose writes failed (a full disk, /dev/full) aborts the
// process in its destructor unless its error is taken. Every file the
// compiler's tools write goes through here, which takes it and returns it.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_COMPILER_OUTPUTFILE_H
#define GEMM_OPT_COMPILER_OUTPUTFILE_H

#include "llvm/Support/Error.h"

namespace gemm_opt {

/// Writes `contents` to `path` ("-": standard output), then closes it; an
/// error names the path and the system's reason, and a file left half
/// written is removed.
llvm::Error writeOutputFile(llvm::StringRef path, llvm::StringRef contents,
                            bool text = true);

} // namespace gemm_opt

#endif // GEMM_OPT_COMPILER_OUTPUTFILE_H
