//===- StageTransposedOperands.cpp - K-major copies for tf32 wgmma --------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// tf32 wgmma has no transpose flag: it reads operands from shared memory
// only K-major. A column-major A (M contiguous) is read from registers
// instead (passes/hopper/WgmmaStageOperands.h); B has no register form. A GEMM on
// row-major A and B runs as C^T = B^T·A^T where it can
// (tile-exchange-operands, before this pass); a host tile.gemm on f32
// inputs with a wgmma schedule whose B is still row-major (N contiguous:
// a column-major A, a fused bias or residual, a multicast cluster) gets:
//
//   %buffer = gpu.alloc(N, ceil(K / 4) * 4) : memref<?x?xf32>
//   %copy   = memref.subview %buffer [N, K]           (K-major, rows padded
//                                                      to 16 bytes for TMA)
//   tile.transpose %b into %copy {tile.staged_operand = "b"}
//   tile.gemm ... reads %copy through memref.transpose (column-major K×N)
//   gpu.dealloc %buffer
//
// A batched B (batch × K × N) gets a batch of copies,
// gpu.alloc(batch, N, pitch), written by one batched tile.transpose. The
// copy costs one read and one write of the operand at the transpose's
// bandwidth (about 93 % of a device-to-device copy's).
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "dialect/MatrixLayouts.h"
#include "passes/common/BatchEntryView.h"
#include "passes/copy/TransposeKernelAttributes.h"
#include "passes/common/TransposedView.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace gemm_opt {
#define GEN_PASS_DEF_TILESTAGETRANSPOSEDOPERANDSPASS
#include "passes/Passes.h.inc"
} // namespace gemm_opt

using namespace mlir;
using namespace gemm_opt;
using namespace gemm_opt::tile;

namespace {

/// The transpose that writes a staged copy: 64×64 tiles through a padded
/// shared tile, 256 threads moving 16 bytes each per step (the schedule of
/// examples/transpose_f32_sm90.mlir).
TransposeScheduleAttr getStagingSchedule(MLIRContext *ctx, StringRef chip) {
  return TransposeScheduleAttr::get(ctx, chip, {64, 64}, {8, 32},
                                    PadAttr::get(ctx, 1), /*vector=*/4);
}

/// Whether `gemm` multiplies f32 (tf32) on wgmma with a row-major
/// (N-major) B, which its kernel cannot read (a column-major A is read from
/// registers, passes/hopper/WgmmaStageOperands.h).
bool needsStagedB(GemmOp gemm) {
  ScheduleAttr schedule = gemm.getScheduleAttr();
  if (!schedule.isWgmma() || !schedule.getElements().getA().isF32())
    return false;
  std::optional<MatrixOrder> order =
      getMatrixOrder(cast<MemRefType>(gemm.getB().getType()));
  return order && *order != MatrixOrder::col;
}

/// Stages B of `gemm` (see the file comment) into `buffer` and returns the
/// column-major K×N view of the copy the GEMM reads instead.
Value stageTransposedB(OpBuilder &builder, GemmOp gemm, Value &buffer) {
  Location loc = gemm.getLoc();
  // As stored, a row-major K×N B is itself; its transpose, N × K, is the
  // copy.
  Value stored = gemm.getB();
  auto type = cast<MemRefType>(stored.getType());
  Value rows = getMatrixExtent(builder, loc, stored, 1);
  Value k = getMatrixExtent(builder, loc, stored, 0);
  // Rows of 16 bytes' multiples, which TMA needs of a row pitch.
  int64_t perUnit = 16 / (type.getElementTypeBitWidth() / 8);
  Value unit = arith::ConstantIndexOp::create(builder, loc, perUnit);
  Value pitch = arith::MulIOp::create(
      builder, loc, arith::CeilDivUIOp::create(builder, loc, k, unit), unit);
  SmallVector<Value, 3> bufferSizes{rows, pitch};
  SmallVector<OpFoldResult, 3> copySizes{rows, k};
  if (type.getRank() == 3) {
    Value batch = memref::DimOp::create(builder, loc, stored, 0);
    bufferSizes.insert(bufferSizes.begin(), batch);
    copySizes.insert(copySizes.begin(), batch);
  }
  auto bufferType = MemRefType::get(
      SmallVector<int64_t>(type.getRank(), ShapedType::kDynamic),
      type.getElementType());
  buffer = gpu::AllocOp::create(builder, loc, bufferType,
                                /*asyncToken=*/Type(), ValueRange{},
                                bufferSizes, ValueRange{})
               .getMemref();
  SmallVector<OpFoldResult, 3> offsets(type.getRank(), builder.getIndexAttr(0));
  SmallVector<OpFoldResult, 3> strides(type.getRank(), builder.getIndexAttr(1));
  Value copy = memref::SubViewOp::create(builder, loc, buffer, offsets,
                                         copySizes, strides);
  auto transpose = TransposeOp::create(
      builder, loc, stored, copy,
      getStagingSchedule(builder.getContext(),
                         gemm.getScheduleAttr().getChip()));
  transpose->setAttr(stagedOperandAttrName(), builder.getStringAttr("b"));
  // The GEMM reads the N × K copy as a column-major K × N B.
  return createTransposedView(builder, loc, copy);
}

struct TileStageTransposedOperandsPass
    : public gemm_opt::impl::TileStageTransposedOperandsPassBase<
          TileStageTransposedOperandsPass> {
  void runOnOperation() override {
    SmallVector<GemmOp> gemms;
    getOperation().walk([&](GemmOp gemm) {
      if (!gemm->getParentOfType<gpu::GPUModuleOp>() && needsStagedB(gemm))
        gemms.push_back(gemm);
    });
    for (GemmOp gemm : gemms) {
      OpBuilder builder(gemm);
      Value buffer;
      gemm.getBMutable().assign(stageTransposedB(builder, gemm, buffer));
      builder.setInsertionPointAfter(gemm);
      gpu::DeallocOp::create(builder, gemm.getLoc(), /*asyncToken=*/Type(),
                             ValueRange{}, buffer);
    }
  }
};

} // namespace
