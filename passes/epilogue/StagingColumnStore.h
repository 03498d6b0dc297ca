//===- StagingColumnStore.h - the staging tile into a column-major C -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The wgmma epilogue's last step for a column-major C: the consumer group's
// threads copy the f32 staging tile (shared memory, row-major) to C, 8
// consecutive rows of one column per thread and step, converted to C's type
// and written with one 16-byte store (two for f32) into C's column. Eight
// consecutive threads take eight consecutive columns at the same rows and
// the next eight threads the next 8 rows, so a warp writes 8 columns × 32
// rows: 64 contiguous bytes per column for bf16/f16, whole 32-byte sectors.
// Chunks that cross C's last row or column, and a C whose base address or
// leading dimension rules out 16-byte stores, are stored element by
// element, each one in bounds. A fused epilogue is applied to each chunk on
// C's transpose (FusedEpilogue::onTransposeOfC): its 8 rows are a row run
// there, so beta·C and a row bias are read 8 at a time like the stores.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_EPILOGUE_STAGINGCOLUMNSTORE_H
#define GEMM_OPT_PASSES_EPILOGUE_STAGINGCOLUMNSTORE_H

#include "passes/epilogue/FusedEpilogue.h"
#include "passes/hopper/HopperKernelPlan.h"

namespace gemm_opt {

/// Copies the `plan.stagingRows` × BN staging tile `staging` (f32) to the
/// column-major `c` at (rowBase, colBase), through `fused`; `groupThread`
/// numbers the threads of the consumer group from 0.
void storeStagingByColumns(mlir::OpBuilder &b, mlir::Location loc,
                           const HopperKernelPlan &plan, mlir::Value staging,
                           mlir::Value groupThread, mlir::Value rowBase,
                           mlir::Value colBase, mlir::Value c,
                           const FusedEpilogue &fused);

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_EPILOGUE_STAGINGCOLUMNSTORE_H
