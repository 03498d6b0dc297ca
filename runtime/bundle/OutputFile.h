//===- OutputFile.h - writing a tool's output without aborting -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A raw_fd_ostream whose writes failed (a full disk, /dev/full) aborts the
// process in its destructor unless its error is taken. Every file the
// tools write goes through here, which takes it and returns it.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_BUNDLE_OUTPUTFILE_H
#define GEMM_OPT_RUNTIME_BUNDLE_OUTPUTFILE_H

#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

#include <string>

namespace gemm_opt {

/// Writes `contents` to `path` ("-": standard output), then closes it; an
/// error names the path and the system's reason, and a file left half
/// written is removed.
llvm::Error writeOutputFile(llvm::StringRef path, llvm::StringRef contents,
                            bool text = true);

/// Prepares `path` for an output that writes other files beside it: `path`
/// must be a regular file or not exist yet (beside a device such as
/// /dev/null they would go into /dev), else the error is `notRegular`.
/// Creates the directory and returns it ("" for the working directory).
llvm::Expected<std::string> createDirectoryBeside(llvm::StringRef path,
                                                  const llvm::Twine &notRegular);

} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_BUNDLE_OUTPUTFILE_H
