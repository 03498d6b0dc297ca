//===- BundleSchema.cpp - the bundle document and its version -------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/bundle/BundleSchema.h"
#include "runtime/bundle/JsonNestingLimit.h"
#include "runtime/bundle/SchemaChecks.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace gemm_opt {
namespace bundle {

json::Value toJSON(const Bundle &bundle) {
  json::Object object{{"format", bundle.format},
                      {"schema_version", bundle.schemaVersion},
                      {"kernels", bundle.kernels}};
  if (bundle.source)
    object["source"] = *bundle.source;
  return object;
}

bool fromJSON(const json::Value &value, Bundle &bundle, json::Path path) {
  json::ObjectMapper mapper(value, path);
  bundle = Bundle();
  if (!mapper || !mapper.map("format", bundle.format) ||
      !checkChoice(bundle.format, {FormatName},
                   "expected \"gemm-opt-bundle-v1\"", path.field("format")) ||
      !mapper.mapOptional("schema_version", bundle.schemaVersion) ||
      !mapper.map("source", bundle.source) ||
      !mapper.map("kernels", bundle.kernels))
    return false;
  if (!bundle.kernels.empty())
    return true;
  path.field("kernels").report("expected a non-empty array");
  return false;
}

/// The error `root` holds, its path written from the document's top
/// ("expected integer at kernels[0].block[1]").
static Error makePathError(const json::Path::Root &root) {
  std::string message = toString(root.getError());
  // An unnamed root prints as "(root)"; the path reads better without it.
  StringRef unnamed = " at (root)";
  size_t at = message.find(unnamed);
  if (at != std::string::npos) {
    size_t end = at + unnamed.size();
    if (end < message.size() && message[end] == '.')
      ++end;
    message = message.substr(0, at) + " at " + message.substr(end);
  }
  return createStringError(inconvertibleErrorCode(), message);
}

/// Rejects a document of another major schema version before its fields
/// are read: they may mean something else there.
static Error checkSchemaVersion(const json::Value &root) {
  const json::Object *object = root.getAsObject();
  const json::Value *version = object ? object->get("schema_version") : nullptr;
  if (!version)
    return Error::success();
  std::optional<int64_t> major = version->getAsInteger();
  if (!major)
    return createStringError(inconvertibleErrorCode(),
                             "expected integer at schema_version");
  if (*major == SchemaVersion)
    return Error::success();
  return createStringError(
      inconvertibleErrorCode(),
      formatv("bundle schema version {0} is not supported: this reader "
              "reads schema version {1}",
              *major, SchemaVersion));
}

Expected<Bundle> parseBundle(StringRef text) {
  Expected<json::Value> root = parseJsonWithNestingLimit(text);
  if (!root)
    return createStringError(inconvertibleErrorCode(),
                             "invalid JSON: " + toString(root.takeError()));
  if (Error err = checkSchemaVersion(*root))
    return std::move(err);
  Bundle bundle;
  json::Path::Root pathRoot;
  if (!fromJSON(*root, bundle, pathRoot))
    return makePathError(pathRoot);
  return std::move(bundle);
}

Expected<KernelEntry> parseKernelEntry(StringRef text) {
  Expected<json::Value> root = parseJsonWithNestingLimit(text);
  if (!root)
    return createStringError(inconvertibleErrorCode(),
                             "invalid JSON: " + toString(root.takeError()));
  KernelEntry entry;
  json::Path::Root pathRoot;
  if (!fromJSON(*root, entry, pathRoot))
    return makePathError(pathRoot);
  return std::move(entry);
}

std::string formatJSON(const json::Value &value) {
  std::string text;
  raw_string_ostream os(text);
  os << formatv("{0:2}", value) << "\n";
  return text;
}

} // namespace bundle
} // namespace gemm_opt
