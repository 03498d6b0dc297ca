//===- LaunchDigest.h - a kernel's launch metadata, hashed ------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// kernel.json says how to launch a kernel: its block, grid tiles, shared
// memory and parameters. An edit of any of them that the schema still
// accepts (a parameter removed, shared memory set to 0, another tile) would
// launch the image wrongly. So the compiler hashes the launch metadata of
// each kernel and stores the digest in the image itself, as the constant
// `<kernel>_launch_digest`; the runtime recomputes the digest from the
// kernel.json it read and compares it with the image's before the first
// launch (runtime/KernelModule.h).
//
// The digest covers every field of the entry except where its images are
// and what ptxas reported, which are only known after the digest is in the
// PTX.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_BUNDLE_LAUNCHDIGEST_H
#define GEMM_OPT_RUNTIME_BUNDLE_LAUNCHDIGEST_H

#include "runtime/bundle/BundleSchema.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>

namespace gemm_opt {
namespace bundle {

/// The xxh3 hash of `entry`'s JSON (keys sorted), without its "cubin",
/// "ptx", "ptxas_info" and "ptxas_opt_level" fields.
uint64_t computeLaunchDigest(const KernelEntry &entry);

/// The symbol of the 8-byte constant that holds the digest of kernel
/// `kernelName` in its image.
std::string getLaunchDigestSymbol(llvm::StringRef kernelName);

} // namespace bundle
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_BUNDLE_LAUNCHDIGEST_H
