//===- gemm-opt-cache.cpp - list or clear the JIT's kernel cache ----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//   gemm-opt-cache [--list] [--clear] [--dir DIR]
//
// DIR defaults to the JIT's ($XDG_CACHE_HOME/gemm-opt or ~/.cache/gemm-opt).
// A DIR that does not exist or is not a directory is an error (exit 1) in
// every mode; the default one may not exist yet (the JIT has not run).
//
//===----------------------------------------------------------------------===//

#include "jit/CompilerVersion.h"
#include "jit/DiskCache.h"
#include "tools/ToolVersion.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>

using namespace llvm;
using namespace gemm_opt::jit;

static cl::opt<bool> listEntries("list", cl::desc("List the entries (default)"));
static cl::opt<bool> clearEntries("clear", cl::desc("Remove every entry"));
static cl::opt<std::string>
    directory("dir", cl::desc("Cache directory (default: the JIT's)"),
              cl::value_desc("DIR"));

/// Why `path` cannot be the cache directory, if it cannot: it must be a
/// directory, and one named by --dir must exist (else a typo would list
/// "0 entries" or clear nothing, and exit 0).
static std::optional<std::string> checkDirectory(StringRef path,
                                                 bool mustExist) {
  if (sys::fs::is_directory(path))
    return std::nullopt;
  if (sys::fs::exists(path))
    return formatv("'{0}' is not a directory", path).str();
  if (mustExist)
    return formatv("no cache directory '{0}': it does not exist", path).str();
  return std::nullopt;
}

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  gemm_opt::setToolVersionPrinter();
  cl::ParseCommandLineOptions(argc, argv,
                              "gemm-opt-cache: the JIT's kernel cache\n");
  DiskCache cache(directory.empty() ? DiskCache::getDefaultDirectory()
                                    : directory.getValue());
  if (cache.getDirectory().empty()) {
    WithColor::error(errs(), "gemm-opt-cache")
        << "no cache directory: set XDG_CACHE_HOME or HOME, or pass --dir\n";
    return 1;
  }
  if (std::optional<std::string> problem =
          checkDirectory(cache.getDirectory(), !directory.empty())) {
    WithColor::error(errs(), "gemm-opt-cache") << *problem << "\n";
    return 1;
  }
  if (clearEntries) {
    if (Error error = cache.clear()) {
      WithColor::error(errs(), "gemm-opt-cache") << toString(std::move(error))
                                                 << "\n";
      return 1;
    }
    outs() << "cleared " << cache.getDirectory() << "\n";
    if (!listEntries)
      return 0;
  }
  Expected<std::vector<DiskCacheEntryInfo>> entries = cache.list();
  if (!entries) {
    WithColor::error(errs(), "gemm-opt-cache") << toString(entries.takeError())
                                               << "\n";
    return 1;
  }
  outs() << cache.getDirectory() << " (" << getCompilerVersion() << "): "
         << entries->size() << " entries\n";
  for (const DiskCacheEntryInfo &entry : *entries)
    outs() << "  " << entry.path << "  " << entry.bytes << " bytes"
           << (entry.valid ? "" : "  CORRUPT") << "\n";
  return 0;
}
