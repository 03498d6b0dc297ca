//===- BoundedFileRead.cpp - reading a file a bundle names, safely --------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/BoundedFileRead.h"

#include "runtime/RuntimeError.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace gemm_opt {
namespace runtime {

Expected<std::unique_ptr<MemoryBuffer>>
readBoundedRegularFile(StringRef path, StringRef what, uint64_t maxBytes,
                       bool isText) {
  sys::fs::file_status status;
  if (std::error_code error = sys::fs::status(path, status))
    return makeBadInputError("cannot read the " + what + " file '" + path +
                             "': " + error.message());
  // Checked before opening: opening a FIFO for reading blocks until a
  // writer comes, and a device reads without end.
  if (status.type() != sys::fs::file_type::regular_file)
    return makeBadInputError("the " + what + " file '" + path +
                             "' is not a regular file");
  if (status.getSize() > maxBytes)
    return makeBadInputError("the " + what + " file '" + path + "' has " +
                             Twine(status.getSize()) + " bytes, more than the " +
                             Twine(maxBytes) + " it may have");
  ErrorOr<std::unique_ptr<MemoryBuffer>> buffer = MemoryBuffer::getFile(
      path, isText, /*RequiresNullTerminator=*/false);
  if (!buffer)
    return makeBadInputError("cannot read the " + what + " file '" + path +
                             "': " + buffer.getError().message());
  // The file may have grown since the check.
  if ((*buffer)->getBufferSize() > maxBytes)
    return makeBadInputError("the " + what + " file '" + path +
                             "' has more than the " + Twine(maxBytes) +
                             " bytes it may have");
  return std::move(*buffer);
}

Expected<std::string> resolveBundlePath(StringRef directory, StringRef path,
                                        const Twine &context, StringRef key) {
  SmallString<256> normal(path);
  sys::path::remove_dots(normal, /*remove_dot_dot=*/true);
  if (sys::path::is_absolute(path) || normal.empty() ||
      *sys::path::begin(normal) == "..")
    return makeBadFieldError(context, key,
                             "names '" + path +
                                 "', which is not a file in the bundle's "
                                 "directory");
  SmallString<256> resolved(directory);
  sys::path::append(resolved, normal);
  return std::string(resolved);
}

} // namespace runtime
} // namespace gemm_opt
