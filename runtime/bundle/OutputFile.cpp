//===- OutputFile.cpp - writing a tool's output without aborting ----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/bundle/OutputFile.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

Error gemm_opt::writeOutputFile(StringRef path, StringRef contents,
                                bool text) {
  std::error_code ec;
  raw_fd_ostream os(path, ec, text ? sys::fs::OF_Text : sys::fs::OF_None);
  if (ec)
    return createStringError(ec, "cannot write '" + path + "': " +
                                     ec.message());
  os << contents;
  os.close();
  if (!os.has_error())
    return Error::success();
  std::error_code error = os.error();
  os.clear_error();
  if (path != "-")
    sys::fs::remove(path);
  return createStringError(error,
                           "cannot write '" + path + "': " + error.message());
}

Expected<std::string> gemm_opt::createDirectoryBeside(StringRef path,
                                                      const Twine &notRegular) {
  sys::fs::file_status status;
  if (!sys::fs::status(path, status) &&
      status.type() != sys::fs::file_type::regular_file)
    return createStringError(notRegular);
  SmallString<256> directory(path);
  sys::path::remove_filename(directory);
  if (!directory.empty())
    if (std::error_code ec = sys::fs::create_directories(directory))
      return createStringError("cannot create '" + directory +
                               "': " + ec.message());
  return std::string(directory);
}
