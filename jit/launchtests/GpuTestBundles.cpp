//===- GpuTestBundles.cpp - the bundles the GPU launch tests run ----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "GpuTestBundles.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"

using namespace llvm;

namespace gemm_opt {
namespace jit {

static std::vector<std::string> &bundles() {
  static std::vector<std::string> list;
  return list;
}

void addTestBundle(const std::string &entry) {
  SmallString<256> path(entry);
  if (sys::fs::is_directory(path))
    sys::path::append(path, "kernel.json");
  bundles().push_back(std::string(path));
}

void addTestBundlesFromEnvironment() {
  std::optional<std::string> value = sys::Process::GetEnv(TestBundlesVariable);
  if (!value)
    return;
  SmallVector<StringRef> entries;
  StringRef(*value).split(entries, ':', -1, /*KeepEmpty=*/false);
  for (StringRef entry : entries)
    addTestBundle(entry.trim().str());
}

const std::vector<std::string> &getTestBundles() { return bundles(); }

} // namespace jit
} // namespace gemm_opt
