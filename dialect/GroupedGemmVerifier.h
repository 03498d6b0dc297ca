//===- GroupedGemmVerifier.h - grouped operands of tile.gemm ----*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A grouped tile.gemm computes C_g = A_g · B_g for the G groups of a
// mixture of experts (docs/design/grouped-gemm.md). B is always a batch of
// G matrices; the group operand says how A's and C's rows split:
//
//   - `group_rows` (masked layout): A is G × M_max × K and C G × M_max × N;
//     group_rows[g] of M_max rows of group g are valid;
//   - `group_offsets` (contiguous layout): A is T × K and C T × N with the
//     groups' rows back to back, group g's rows being
//     [group_offsets[g], group_offsets[g + 1]).
//
// Both are 1-D i32 memrefs in global memory that the kernel reads (the host
// never does), so one launch serves every routing. What the verifier
// checks: one layout, the operands' ranks and group counts, the element
// types, the bias of a fused epilogue, and a schedule whose path runs a
// grouped walk.
//
// A fused epilogue applies per group. Its bias = column is one vector per
// group, a G × N memref (row g is group g's bias). A bias = row follows C's
// rows: G × M_max in the masked layout (group g's rows), T entries in the
// contiguous one (each token's own, whatever its group). A residual has C's
// shape (G × M_max × N masked, T × N contiguous), and beta·C reads C: both
// only in the rows of C the kernel writes.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_DIALECT_GROUPEDGEMMVERIFIER_H
#define GEMM_OPT_DIALECT_GROUPEDGEMMVERIFIER_H

#include "dialect/TileDialect.h"

namespace gemm_opt::tile {

/// Checks the group operand of `gemm` (which isGrouped()) against A, B and
/// C, its element types and its fused epilogue's bias, and that `schedule` can
/// run it. Reports at `gemm`.
mlir::LogicalResult verifyGroupedOperands(GemmOp gemm, ScheduleAttr schedule);

/// Whether a grouped GEMM's `bias` holds one vector per group (rank 2):
/// any bias of the `masked` layout, a column bias of the contiguous one.
bool isPerGroupBias(bool masked, EpilogueBias bias);

} // namespace gemm_opt::tile

#endif // GEMM_OPT_DIALECT_GROUPEDGEMMVERIFIER_H
