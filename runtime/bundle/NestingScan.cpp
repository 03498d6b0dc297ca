//===- NestingScan.cpp - how deep brackets nest in text -------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/bundle/NestingScan.h"

#include <bitset>

using namespace llvm;

namespace gemm_opt {

std::optional<size_t>
findExcessNesting(StringRef text, unsigned limit,
                  function_ref<NestingStep(StringRef, size_t &)> classify) {
  static const std::bitset<256> considered = [] {
    std::bitset<256> set;
    for (char c : NestingCharacters)
      set.set(static_cast<unsigned char>(c));
    set.set('"');
    return set;
  }();
  unsigned depth = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    if (!considered[static_cast<unsigned char>(text[i])])
      continue;
    if (text[i] == '"') {
      // An unterminated string hides the rest, which its parser rejects.
      for (++i; i < text.size() && text[i] != '"'; ++i)
        if (text[i] == '\\')
          ++i;
      continue;
    }
    switch (classify(text, i)) {
    case NestingStep::Open:
      if (++depth > limit)
        return i;
      break;
    case NestingStep::Close:
      if (depth > 0)
        --depth;
      break;
    case NestingStep::None:
      break;
    }
  }
  return std::nullopt;
}

TextPosition getTextPosition(StringRef text, size_t offset) {
  StringRef before = text.take_front(offset);
  size_t lineStart = before.rfind('\n');
  TextPosition position;
  position.line = before.count('\n') + 1;
  position.column =
      (lineStart == StringRef::npos ? offset : offset - lineStart - 1) + 1;
  return position;
}

} // namespace gemm_opt
