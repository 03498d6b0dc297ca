//===- DiscardableAttributes.h - tile.* attributes on other ops -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The attributes the tile dialect puts on operations of other dialects
// (kernels made by tile-outline-kernel, host GEMMs, staging copies), so that
// one pass can hand data to the next. Each is declared here, once, and
// TileDialect::verifyOperationAttribute checks its kind wherever it appears:
// a malformed one is an error with a location, never read as a default.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_DIALECT_DISCARDABLEATTRIBUTES_H
#define GEMM_OPT_DIALECT_DISCARDABLEATTRIBUTES_H

#include "llvm/ADT/StringRef.h"

namespace gemm_opt::tile::attr {

/// #tile.schedule of a GEMM kernel.
inline constexpr llvm::StringLiteral schedule = "tile.schedule";
/// #tile.epilogue of a GEMM kernel whose GEMM fuses one.
inline constexpr llvm::StringLiteral epilogue = "tile.epilogue";
/// #tile.scaling of an 8-bit GEMM kernel.
inline constexpr llvm::StringLiteral scaling = "tile.scaling";
/// Subset of ["a", "b"]: the scale operands of a batched 8-bit GEMM kernel
/// that hold each batch entry's own scales (a leading batch dimension).
inline constexpr llvm::StringLiteral perEntryScales = "tile.per_entry_scales";
/// Unit: an FP8 GEMM kernel that records the amax of D (an amax argument).
inline constexpr llvm::StringLiteral amax = "tile.amax";
/// ["row" | "col"] × 3: the major orders of A, B and C.
inline constexpr llvm::StringLiteral layouts = "tile.layouts";
/// Unit: A, B and C are batches of matrices.
inline constexpr llvm::StringLiteral batched = "tile.batched";
/// "masked" or "contiguous": a grouped GEMM kernel, whose last argument is
/// group_rows or group_offsets (dialect/GroupedGemmVerifier.h).
inline constexpr llvm::StringLiteral grouped = "tile.grouped";
/// Unit: the GEMM runs as C^T = B^T·A^T (tile-exchange-operands).
inline constexpr llvm::StringLiteral exchangedOperands =
    "tile.exchanged_operands";
/// Unit: the kernel is its schedule's whole-tile variant.
inline constexpr llvm::StringLiteral wholeTileVariant =
    "tile.whole_tile_variant";
/// i32 array: the LLVM arguments that are tensor maps passed by value.
inline constexpr llvm::StringLiteral tensorMapArguments =
    "tile.tensor_map_arguments";
/// i32 in [0, 3]: the ptxas optimization level the code was arranged for.
inline constexpr llvm::StringLiteral ptxasOptLevel = "tile.ptxas_opt_level";
/// #tile.transpose_schedule, element type and unit batched flag of a
/// transpose kernel.
inline constexpr llvm::StringLiteral transposeSchedule =
    "tile.transpose_schedule";
inline constexpr llvm::StringLiteral transposeElement = "tile.transpose_element";
inline constexpr llvm::StringLiteral transposeBatched = "tile.transpose_batched";
/// "a" or "b": the GEMM operand a transpose or copy kernel stages.
inline constexpr llvm::StringLiteral stagedOperand = "tile.staged_operand";
/// #tile.copy_schedule, element type and unit batched flag of a staging
/// copy kernel, and the operands ("a", "b") it stages.
inline constexpr llvm::StringLiteral copySchedule = "tile.copy_schedule";
inline constexpr llvm::StringLiteral copyElement = "tile.copy_element";
inline constexpr llvm::StringLiteral copyBatched = "tile.copy_batched";
inline constexpr llvm::StringLiteral stagedCopyOperands =
    "tile.staged_copy_operands";

} // namespace gemm_opt::tile::attr

#endif // GEMM_OPT_DIALECT_DISCARDABLEATTRIBUTES_H
