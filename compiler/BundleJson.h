//===- BundleJson.h - the "gemm-opt-bundle-v1" document ---------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Builds the bundle (runtime/bundle/BundleSchema.h) that runtime/KernelSpec.h
// reads from the launch metadata of compiled kernels and the names of their
// image files.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_COMPILER_BUNDLEJSON_H
#define GEMM_OPT_COMPILER_BUNDLEJSON_H

#include "runtime/bundle/BundleSchema.h"
#include "compiler/KernelMetadata.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace gemm_opt {

/// One kernel's entry: its metadata plus image file names (empty: none).
bundle::KernelEntry makeBundleEntry(const KernelMetadata &kernel,
                                    llvm::StringRef ptxName,
                                    llvm::StringRef cubinName);

/// Notes in `entry` how its cubin was assembled: "ptxas_opt_level" and
/// "ptxas_info", ptxas's resource report (preceded by a "ptxas -O<level>"
/// line for a level other than 3).
void recordPtxasRun(bundle::KernelEntry &entry, int optLevel,
                    llvm::StringRef report);

/// The bundle of `entries`, compiled from `source`, at the current schema
/// version.
bundle::Bundle makeBundle(llvm::StringRef source,
                          std::vector<bundle::KernelEntry> entries);

/// `bundle` as indented JSON text with a final newline.
std::string formatBundle(const bundle::Bundle &bundle);

} // namespace gemm_opt

#endif // GEMM_OPT_COMPILER_BUNDLEJSON_H
