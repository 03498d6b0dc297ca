//===- JsonNestingLimit.h - JSON parsing within a nesting depth -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// llvm::json::parse recurses once per nested array or object, so a file
// nested some ten thousand levels deep overflows the stack before any
// error can be reported. Every JSON file gemm-opt reads (kernel.json, the
// tuning database, gemm-tune's manifests and results) goes through
// parseJsonWithNestingLimit, which counts the brackets first.
//
// Needs only LLVM Support: runtime-only builds read JSON too.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_BUNDLE_JSONNESTINGLIMIT_H
#define GEMM_OPT_RUNTIME_BUNDLE_JSONNESTINGLIMIT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

namespace gemm_opt {

/// The deepest nesting of arrays and objects accepted; gemm-opt's own files
/// nest fewer than 10 levels.
inline constexpr unsigned kMaxJsonNesting = 256;

/// Fails where `text` opens more than `limit` arrays and objects at once
/// (brackets outside strings), naming the bracket in json::parse's format:
/// "[line:column, byte=offset]: ..." (line and column from 1, offset from 0).
llvm::Error checkJsonNesting(llvm::StringRef text,
                             unsigned limit = kMaxJsonNesting);

/// json::parse of `text` after checkJsonNesting.
llvm::Expected<llvm::json::Value>
parseJsonWithNestingLimit(llvm::StringRef text);

} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_BUNDLE_JSONNESTINGLIMIT_H
