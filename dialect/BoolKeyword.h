//===- BoolKeyword.h - the `true` / `false` spelling of schedule flags -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Every boolean field of the tile dialect's attributes is written `true` or
// `false`: the TableGen'd parsers (Tile_BoolParameter) and the hand-written
// ones (#tile.epilogue, #tile.grid) read it through this one function.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_DIALECT_BOOLKEYWORD_H
#define GEMM_OPT_DIALECT_BOOLKEYWORD_H

#include "mlir/IR/OpImplementation.h"

namespace gemm_opt::tile {

/// Parses `true` or `false`; anything else is an error at the current
/// location.
mlir::FailureOr<bool> parseBoolKeyword(mlir::AsmParser &parser);

/// parseBoolKeyword into `value`.
mlir::ParseResult parseBoolKeyword(mlir::AsmParser &parser, bool &value);

} // namespace gemm_opt::tile

#endif // GEMM_OPT_DIALECT_BOOLKEYWORD_H
