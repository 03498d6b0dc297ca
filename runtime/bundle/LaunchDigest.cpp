//===- LaunchDigest.cpp - a kernel's launch metadata, hashed --------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/bundle/LaunchDigest.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

using namespace llvm;

namespace gemm_opt {
namespace bundle {

uint64_t computeLaunchDigest(const KernelEntry &entry) {
  json::Value value = toJSON(entry);
  if (json::Object *object = value.getAsObject())
    for (StringRef key : {"cubin", "ptx", "ptxas_info", "ptxas_opt_level"})
      object->erase(key);
  std::string text;
  raw_string_ostream os(text);
  os << value; // json::Value prints object keys sorted.
  return xxh3_64bits(arrayRefFromStringRef(os.str()));
}

std::string getLaunchDigestSymbol(StringRef kernelName) {
  return (kernelName + "_launch_digest").str();
}

} // namespace bundle
} // namespace gemm_opt
