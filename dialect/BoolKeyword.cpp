//===- BoolKeyword.cpp - the `true` / `false` spelling of schedule flags --===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "dialect/BoolKeyword.h"

using namespace mlir;

namespace gemm_opt::tile {

FailureOr<bool> parseBoolKeyword(AsmParser &parser) {
  if (succeeded(parser.parseOptionalKeyword("true")))
    return true;
  if (succeeded(parser.parseOptionalKeyword("false")))
    return false;
  return parser.emitError(parser.getCurrentLocation(),
                          "expected 'true' or 'false'");
}

ParseResult parseBoolKeyword(AsmParser &parser, bool &value) {
  FailureOr<bool> parsed = parseBoolKeyword(parser);
  if (failed(parsed))
    return failure();
  value = *parsed;
  return success();
}

} // namespace gemm_opt::tile
