//===- JsonFieldReader.cpp - Typed, contextual JSON field access ----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/JsonFieldReader.h"

#include "runtime/RuntimeError.h"

using namespace llvm;

namespace gemm_opt {
namespace runtime {

Error JsonFieldReader::fail(StringRef key, const Twine &problem) const {
  return makeBadInputError(context + ": field '" + key + "' " + problem);
}

Expected<const json::Value *>
JsonFieldReader::getRequired(StringRef key) const {
  if (const json::Value *value = object->get(key))
    return value;
  return makeBadInputError(context + ": missing required field '" + key + "'");
}

Expected<StringRef> JsonFieldReader::getString(StringRef key) const {
  Expected<const json::Value *> value = getRequired(key);
  if (!value)
    return value.takeError();
  if (std::optional<StringRef> str = (*value)->getAsString())
    return *str;
  return fail(key, "must be a string");
}

Expected<int64_t> JsonFieldReader::getInteger(StringRef key, int64_t min,
                                              int64_t max) const {
  Expected<const json::Value *> value = getRequired(key);
  if (!value)
    return value.takeError();
  std::optional<int64_t> integer = (*value)->getAsInteger();
  if (!integer)
    return fail(key, "must be an integer");
  if (*integer < min || *integer > max)
    return fail(key, "is " + Twine(*integer) + ", expected a value in [" +
                         Twine(min) + ", " + Twine(max) + "]");
  return *integer;
}

Expected<JsonFieldReader> JsonFieldReader::getObject(StringRef key) const {
  Expected<const json::Value *> value = getRequired(key);
  if (!value)
    return value.takeError();
  if (const json::Object *nested = (*value)->getAsObject())
    return JsonFieldReader(*nested, context + ": field '" + key.str() + "'");
  return fail(key, "must be an object");
}

Expected<std::array<unsigned, 3>> JsonFieldReader::getDim3(StringRef key,
                                                           int64_t max) const {
  Expected<const json::Value *> value = getRequired(key);
  if (!value)
    return value.takeError();
  const json::Array *array = (*value)->getAsArray();
  if (!array || array->size() != 3)
    return fail(key, "must be an array of 3 positive integers");
  std::array<unsigned, 3> dims = {1, 1, 1};
  for (size_t i = 0; i < 3; ++i) {
    std::optional<int64_t> dim = (*array)[i].getAsInteger();
    if (!dim || *dim < 1 || *dim > max)
      return fail(key, "must be an array of 3 positive integers, each at "
                       "most " +
                           Twine(max));
    dims[i] = static_cast<unsigned>(*dim);
  }
  return dims;
}

} // namespace runtime
} // namespace gemm_opt
