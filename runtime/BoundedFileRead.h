//===- BoundedFileRead.h - reading a file a bundle names, safely -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A bundle is input: its kernel.json and the images it names may be anything
// a path can name. Every such read goes through here: only a regular file
// (not a device such as /dev/zero, a FIFO that would block forever, or a
// directory), no larger than a cap, read whole only after that check.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_BOUNDEDFILEREAD_H
#define GEMM_OPT_RUNTIME_BOUNDEDFILEREAD_H

#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstdint>
#include <memory>

namespace gemm_opt {
namespace runtime {

/// The most a kernel.json may hold.
inline constexpr uint64_t kMaxBundleJsonBytes = uint64_t(64) << 20;
/// The most a cubin or PTX image may hold.
inline constexpr uint64_t kMaxImageBytes = uint64_t(256) << 20;

/// The contents of `path`, described as "the `what` file" in errors
/// (bad-input errors: unreadable, not a regular file, larger than
/// `maxBytes`).
llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
readBoundedRegularFile(llvm::StringRef path, llvm::StringRef what,
                       uint64_t maxBytes, bool isText);

/// `path` (a bundle field, `key`) resolved against the bundle's
/// `directory`; an error where it is absolute or leaves the directory
/// through "..": a bundle names only files beside it.
llvm::Expected<std::string> resolveBundlePath(llvm::StringRef directory,
                                              llvm::StringRef path,
                                              const llvm::Twine &context,
                                              llvm::StringRef key);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_BOUNDEDFILEREAD_H
