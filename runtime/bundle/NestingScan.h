//===- NestingScan.h - how deep brackets nest in text -----------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The JSON and MLIR nesting limits (JsonNestingLimit.h,
// compiler/MlirNestingLimit.h) scan text for brackets before a recursive
// parser sees it. They share the scan: depth counting, string literals,
// and the position of the bracket that goes too deep; each language says
// which characters open and close a level.
//
// Needs only LLVM Support.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_BUNDLE_NESTINGSCAN_H
#define GEMM_OPT_RUNTIME_BUNDLE_NESTINGSCAN_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <optional>

namespace gemm_opt {

/// What a character does to the nesting depth.
enum class NestingStep { None, Open, Close };

/// Every character a classifier may give a step other than None (or move
/// past): the scan skips the others without asking it.
inline constexpr llvm::StringLiteral NestingCharacters = "([{<)]}>/-";

/// The offset of the first opener in `text` at level `limit + 1`. String
/// literals ("...", a backslash escaping the character after it) nest
/// nothing. `classify(text, i)` says what the character at `i`, one of
/// NestingCharacters, does, and may move `i` to the last character of what
/// it stands for (a comment, an arrow). A closer without an opener is
/// ignored.

std::optional<size_t> findExcessNesting(
    llvm::StringRef text, unsigned limit,
    llvm::function_ref<NestingStep(llvm::StringRef, size_t &)> classify);

/// A byte's line and column, both counted from 1.
struct TextPosition {
  size_t line = 1;
  size_t column = 1;
};

/// Where byte `offset` of `text` is.
TextPosition getTextPosition(llvm::StringRef text, size_t offset);

} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_BUNDLE_NESTINGSCAN_H
