//===- BundleJson.h - the "gemm-opt-bundle-v1" document ---------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Builds the bundle JSON that runtime/KernelSpec.h reads from the launch
// metadata of compiled kernels and the names of their image files.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_COMPILER_BUNDLEJSON_H
#define GEMM_OPT_COMPILER_BUNDLEJSON_H

#include "compiler/KernelMetadata.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"
#include <string>

namespace gemm_opt {

/// One kernel's entry: its metadata plus image file names (empty: none).
llvm::json::Object makeBundleEntry(const KernelMetadata &kernel,
                                   llvm::StringRef ptxName,
                                   llvm::StringRef cubinName);

/// Notes in `entry` how its cubin was assembled: "ptxas_opt_level" and
/// "ptxas_info", ptxas's resource report (preceded by a "ptxas -O<level>"
/// line for a level other than 3).
void recordPtxasRun(llvm::json::Object &entry, int optLevel,
                    llvm::StringRef report);

/// {"format": "gemm-opt-bundle-v1", "source": ..., "kernels": [...]}.
llvm::json::Value makeBundle(llvm::StringRef source,
                             llvm::json::Array entries);

/// `bundle` as indented JSON text with a final newline.
std::string formatBundle(const llvm::json::Value &bundle);

} // namespace gemm_opt

#endif // GEMM_OPT_COMPILER_BUNDLEJSON_H
