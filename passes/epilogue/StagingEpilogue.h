//===- StagingEpilogue.h - wgmma accumulators to C through shared memory -*- C++
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//-*-===//
//
// The epilogue of a warp-specialized wgmma kernel: the consumers store their
// f32 accumulators into a padded staging tile in shared memory
// (nvgpu.warpgroup.mma.store), then copy it to C 8 elements at a time,
// applying the fused epilogue and converting to C's type: 16-byte stores
// where C's rows allow them, bounds-checked element stores at C's edges, a
// column-major C down its columns (passes/StagingColumnStore).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_EPILOGUE_STAGINGEPILOGUE_H
#define GEMM_OPT_PASSES_EPILOGUE_STAGINGEPILOGUE_H

#include "passes/epilogue/FusedEpilogue.h"
#include "passes/hopper/HopperKernelPlan.h"

namespace gemm_opt {

class StagingEpilogue {
public:
  /// `raw` is the kernel's dynamic shared memory.
  StagingEpilogue(mlir::OpBuilder &b, mlir::Location loc,
                  const HopperKernelPlan &plan, FusedEpilogue fused,
                  mlir::Value raw)
      : b(b), loc(loc), plan(plan), fused(fused), raw(raw) {}

  /// The f32 staging tile (stagingRows × stagingRowElements).
  mlir::Value stagingView();

  /// Stores the accumulator of `warpgroup` at (row, col) of the staging
  /// tile.
  void storeAccumulator(mlir::Value warpgroup, mlir::Value acc, mlir::Value row,
                        mlir::Value col);

  /// The group's threads (`groupThread` of 128·warpgroupsPerTile) copy the
  /// staging tile to C at (rowBase, colBase): 8 consecutive elements per
  /// thread and step, one 16-byte store of bf16/f16 (two of f32),
  /// consecutive threads on consecutive columns. Chunks that cross C's last
  /// row or column, or rows that cannot take 16-byte stores, are stored
  /// element by element, each one in bounds.
  void copyToGlobal(mlir::Value groupThread, mlir::Value rowBase,
                    mlir::Value colBase, mlir::Value c);

private:
  mlir::Value index(int64_t v);
  mlir::Value view(int64_t byteOffset, llvm::ArrayRef<int64_t> shape);

  mlir::OpBuilder &b;
  mlir::Location loc;
  const HopperKernelPlan &plan;
  FusedEpilogue fused;
  mlir::Value raw;
};

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_EPILOGUE_STAGINGEPILOGUE_H
