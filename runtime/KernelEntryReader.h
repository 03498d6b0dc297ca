//===- KernelEntryReader.h - a bundle kernel entry as a KernelSpec -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Turns one kernel entry of a parsed bundle (runtime/bundle/BundleSchema.h, whose
// fromJSON already checked each field's form) into the KernelSpec the
// runtime launches, checking what depends on several fields: a chip the
// runtime knows, the threads per block, the grid against the cluster, the
// parameters against the types, epilogue and batch, the staged kernels and
// the whole-tile variant.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_KERNELENTRYREADER_H
#define GEMM_OPT_RUNTIME_KERNELENTRYREADER_H

#include "runtime/bundle/BundleSchema.h"
#include "runtime/KernelSpec.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

namespace gemm_opt {
namespace runtime {

/// The KernelSpec of `entry`. Image paths are resolved against
/// `directory`; `context` (e.g. "k.json: kernels[0]") prefixes BadInput
/// messages.
llvm::Expected<KernelSpec> readKernelEntry(const bundle::KernelEntry &entry,
                                           llvm::StringRef directory,
                                           const llvm::Twine &context);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_KERNELENTRYREADER_H
