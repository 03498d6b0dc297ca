//===- MlirNestingLimit.cpp - MLIR text within a nesting depth ------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "compiler/MlirNestingLimit.h"

#include "mlir/Bytecode/BytecodeReader.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "llvm/Support/MemoryBufferRef.h"

using namespace llvm;
using namespace mlir;

namespace gemm_opt {

/// The character after `i`, or 0 at the end.
static char peek(StringRef text, size_t i) {
  return i + 1 < text.size() ? text[i + 1] : '\0';
}

std::optional<size_t> findExcessMlirNesting(StringRef text, unsigned limit) {
  unsigned depth = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    switch (text[i]) {
    case '"':
      // A string literal: a backslash escapes the character after it. The
      // lexer rejects a string that runs into a newline; the scan may read
      // on, since the parse stops there.
      for (++i; i < text.size() && text[i] != '"'; ++i)
        if (text[i] == '\\')
          ++i;
      break;
    case '/':
      if (peek(text, i) == '/')
        i = std::min(text.find('\n', i), text.size());
      break;
    case '-':
      // The arrow of a function type or affine map closes nothing.
      if (peek(text, i) == '>')
        ++i;
      break;
    case '>':
      // `>=` of an integer set closes nothing.
      if (peek(text, i) == '=')
        ++i;
      else if (depth > 0)
        --depth;
      break;
    case '(':
    case '[':
    case '{':
    case '<':
      if (++depth > limit)
        return i;
      break;
    case ')':
    case ']':
    case '}':
      if (depth > 0)
        --depth;
      break;
    default:
      break;
    }
  }
  return std::nullopt;
}

LogicalResult checkMlirNesting(StringRef text, StringRef bufferName,
                               MLIRContext *context) {
  if (isBytecode(MemoryBufferRef(text, bufferName)))
    return success();
  std::optional<size_t> offset = findExcessMlirNesting(text);
  if (!offset)
    return success();
  StringRef before = text.take_front(*offset);
  unsigned line = before.count('\n') + 1;
  size_t lineStart = before.rfind('\n');
  unsigned column =
      (lineStart == StringRef::npos ? *offset : *offset - lineStart - 1) + 1;
  return emitError(FileLineColLoc::get(context, bufferName, line, column))
         << "brackets nest deeper than " << kMaxMlirNesting
         << " levels, more than the parser takes";
}

} // namespace gemm_opt
