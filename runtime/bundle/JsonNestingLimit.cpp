//===- JsonNestingLimit.cpp - JSON parsing within a nesting depth ---------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/bundle/JsonNestingLimit.h"
#include "runtime/bundle/NestingScan.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace gemm_opt {

Error checkJsonNesting(StringRef text, unsigned limit) {
  std::optional<size_t> offset =
      findExcessNesting(text, limit, [](StringRef json, size_t &i) {
        switch (json[i]) {
        case '[':
        case '{':
          return NestingStep::Open;
        case ']':
        case '}':
          return NestingStep::Close;
        default:
          return NestingStep::None;
        }
      });
  if (!offset)
    return Error::success();
  TextPosition position = getTextPosition(text, *offset);
  return createStringError(
      inconvertibleErrorCode(),
      formatv("[{0}:{1}, byte={2}]: arrays and objects nest deeper than {3} "
              "levels",
              position.line, position.column, *offset, limit));
}

Expected<json::Value> parseJsonWithNestingLimit(StringRef text) {
  if (Error error = checkJsonNesting(text))
    return std::move(error);
  return json::parse(text);
}

} // namespace gemm_opt
