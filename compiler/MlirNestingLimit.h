//===- MlirNestingLimit.h - MLIR text within a nesting depth ----*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// MLIR's parser recurses once per nested attribute, type or region, so a
// schedule nested some thousands of levels deep overflows the stack before
// any error can be reported. Every place gemm-opt parses MLIR text
// (gemm-opt, gemm-translate, the JIT, gemm-tune) checks it here first with
// a lexical scan of its brackets, cheap next to the parse.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_COMPILER_MLIRNESTINGLIMIT_H
#define GEMM_OPT_COMPILER_MLIRNESTINGLIMIT_H

#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"
#include <cstddef>
#include <optional>

namespace gemm_opt {

/// The deepest nesting of `( [ { <` accepted. Schedules nest fewer than 10
/// levels; at this depth the parser needs well under 1 MiB of stack.
inline constexpr unsigned kMaxMlirNesting = 256;

/// The offset of the first bracket in `text` that opens level `limit + 1`.
/// Brackets in string literals and `//` comments do not count, nor do the
/// `>` of `->` and `>=`. The scan never counts fewer levels than the parser
/// recurses: a `<` always opens one (also in `<=`), and a closer without an
/// opener is ignored.
std::optional<size_t> findExcessMlirNesting(llvm::StringRef text,
                                            unsigned limit = kMaxMlirNesting);

/// Fails, with an error at "bufferName:line:col" through `context`'s
/// diagnostics, where `text` nests deeper than kMaxMlirNesting. MLIR
/// bytecode is not text and passes unscanned.
mlir::LogicalResult checkMlirNesting(llvm::StringRef text,
                                     llvm::StringRef bufferName,
                                     mlir::MLIRContext *context);

} // namespace gemm_opt

#endif // GEMM_OPT_COMPILER_MLIRNESTINGLIMIT_H
