//===- MlirNestingLimit.cpp - MLIR text within a nesting depth ------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "compiler/MlirNestingLimit.h"
#include "runtime/bundle/NestingScan.h"

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

/// What the character at `i` does to the depth; moves `i` past a comment,
/// an arrow and `>=`. (The lexer rejects a string literal that runs into a
/// newline; the shared scan may read on, since the parse stops there.)
static NestingStep classifyMlir(StringRef text, size_t &i) {
  switch (text[i]) {
  case '/':
    if (peek(text, i) == '/')
      i = std::min(text.find('\n', i), text.size());
    return NestingStep::None;
  case '-':
    // The arrow of a function type or affine map closes nothing.
    if (peek(text, i) == '>')
      ++i;
    return NestingStep::None;
  case '>':
    // `>=` of an integer set closes nothing.
    if (peek(text, i) != '=')
      return NestingStep::Close;
    ++i;
    return NestingStep::None;
  case '(':
  case '[':
  case '{':
  case '<':
    return NestingStep::Open;
  case ')':
  case ']':
  case '}':
    return NestingStep::Close;
  default:
    return NestingStep::None;
  }
}

std::optional<size_t> findExcessMlirNesting(StringRef text, unsigned limit) {
  return findExcessNesting(text, limit, classifyMlir);
}

LogicalResult checkMlirNesting(StringRef text, StringRef bufferName,
                               MLIRContext *context) {
  if (isBytecode(MemoryBufferRef(text, bufferName)))
    return success();
  std::optional<size_t> offset = findExcessMlirNesting(text);
  if (!offset)
    return success();
  TextPosition position = getTextPosition(text, *offset);
  return emitError(FileLineColLoc::get(context, bufferName,
                                       static_cast<unsigned>(position.line),
                                       static_cast<unsigned>(position.column)))
         << "brackets nest deeper than " << kMaxMlirNesting
         << " levels, more than the parser takes";
}

} // namespace gemm_opt
