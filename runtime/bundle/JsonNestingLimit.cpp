//===- JsonNestingLimit.cpp - JSON parsing within a nesting depth ---------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/bundle/JsonNestingLimit.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace gemm_opt {

/// The error at byte `offset` of `text`.
static Error makeNestingError(StringRef text, size_t offset, unsigned limit) {
  StringRef before = text.take_front(offset);
  size_t line = before.count('\n') + 1;
  size_t lineStart = before.rfind('\n');
  size_t column =
      (lineStart == StringRef::npos ? offset : offset - lineStart - 1) + 1;
  return createStringError(
      inconvertibleErrorCode(),
      formatv("[{0}:{1}, byte={2}]: arrays and objects nest deeper than {3} "
              "levels",
              line, column, offset, limit));
}

Error checkJsonNesting(StringRef text, unsigned limit) {
  unsigned depth = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    switch (text[i]) {
    case '"':
      // A string: brackets inside do not count; a backslash escapes the
      // character after it (\" and \\ among them).
      for (++i; i < text.size() && text[i] != '"'; ++i)
        if (text[i] == '\\')
          ++i;
      break;
    case '[':
    case '{':
      if (++depth > limit)
        return makeNestingError(text, i, limit);
      break;
    case ']':
    case '}':
      // A stray closer is json::parse's error to report.
      if (depth > 0)
        --depth;
      break;
    default:
      break;
    }
  }
  return Error::success();
}

Expected<json::Value> parseJsonWithNestingLimit(StringRef text) {
  if (Error error = checkJsonNesting(text))
    return std::move(error);
  return json::parse(text);
}

} // namespace gemm_opt
