//===- StageTransposedOperands.cpp - K-major copies for tf32 wgmma --------===//
//
// tf32 wgmma has no transpose flag: both operands must reach shared memory
// K-major (A row-major, B column-major). A host tile.gemm on f32 inputs
// with a wgmma schedule whose A is column-major (M contiguous) or whose B is
// row-major (N contiguous) gets, per such operand:
//
//   %buffer = gpu.alloc(rows, ceil(K / 4) * 4) : memref<?x?xf32>
//   %copy   = memref.subview %buffer [rows, K]        (K-major, rows padded
//                                                      to 16 bytes for TMA)
//   tile.transpose %operand-as-stored into %copy {tile.staged_operand = ..}
//   tile.gemm ... reads %copy (B: through memref.transpose, column-major)
//   gpu.dealloc %buffer
//
// where `rows` is M for A and N for B, and "as stored" is the operand's
// row-major view (a column-major M×K A is a row-major K×M matrix). A
// batched GEMM's operand (batch × rows × columns) gets a batch of copies,
// gpu.alloc(batch, rows, pitch), written by one batched tile.transpose. The
// copy costs one read and one write of the operand at the transpose's
// bandwidth (about 93 % of a device copy on an H200, bench/NOTES.md).
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "dialect/MatrixLayouts.h"
#include "passes/BatchEntryView.h"
#include "passes/TransposeKernelAttributes.h"
#include "passes/TransposedView.h"
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

/// Whether `gemm` multiplies f32 (tf32) on wgmma with `operand` MN-major.
bool needsStagedCopy(GemmOp gemm, StringRef operand) {
  ScheduleAttr schedule = gemm.getScheduleAttr();
  if (!schedule.isWgmma() || !schedule.getElements().getA().isF32())
    return false;
  Value matrix = operand == "a" ? gemm.getA() : gemm.getB();
  std::optional<MatrixOrder> order =
      getMatrixOrder(cast<MemRefType>(matrix.getType()));
  MatrixOrder kMajor = operand == "a" ? MatrixOrder::row : MatrixOrder::col;
  return order && *order != kMajor;
}

/// Stages `operand` of `gemm` (see the file comment) and returns the matrix
/// the GEMM reads instead, in its K-major order.
Value stageTransposedCopy(OpBuilder &builder, GemmOp gemm, StringRef operand,
                          SmallVectorImpl<Value> &buffers) {
  Location loc = gemm.getLoc();
  Value matrix = operand == "a" ? gemm.getA() : gemm.getB();
  auto type = cast<MemRefType>(matrix.getType());
  // As stored, the operand is a row-major matrix: A (column-major M×K) is
  // K×M, B (row-major K×N) is itself. Its transpose, rows × K, is the copy.
  Value stored = operand == "a" ? createTransposedView(builder, loc, matrix) : matrix;
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
  Value buffer = gpu::AllocOp::create(builder, loc, bufferType,
                                      /*asyncToken=*/Type(), ValueRange{},
                                      bufferSizes, ValueRange{})
                     .getMemref();
  buffers.push_back(buffer);
  SmallVector<OpFoldResult, 3> offsets(type.getRank(), builder.getIndexAttr(0));
  SmallVector<OpFoldResult, 3> strides(type.getRank(), builder.getIndexAttr(1));
  Value copy = memref::SubViewOp::create(builder, loc, buffer, offsets,
                                         copySizes, strides);
  auto transpose = TransposeOp::create(
      builder, loc, stored, copy,
      getStagingSchedule(builder.getContext(),
                         gemm.getScheduleAttr().getChip()));
  transpose->setAttr(stagedOperandAttrName(), builder.getStringAttr(operand));
  // A reads the rows × K copy row-major; B reads it as a column-major K × N.
  return operand == "a" ? copy : createTransposedView(builder, loc, copy);
}

struct TileStageTransposedOperandsPass
    : public gemm_opt::impl::TileStageTransposedOperandsPassBase<
          TileStageTransposedOperandsPass> {
  void runOnOperation() override {
    SmallVector<GemmOp> gemms;
    getOperation().walk([&](GemmOp gemm) {
      if (!gemm->getParentOfType<gpu::GPUModuleOp>() &&
          (needsStagedCopy(gemm, "a") || needsStagedCopy(gemm, "b")))
        gemms.push_back(gemm);
    });
    for (GemmOp gemm : gemms) {
      OpBuilder builder(gemm);
      SmallVector<Value> buffers;
      Value a = needsStagedCopy(gemm, "a")
                    ? stageTransposedCopy(builder, gemm, "a", buffers)
                    : gemm.getA();
      Value b = needsStagedCopy(gemm, "b")
                    ? stageTransposedCopy(builder, gemm, "b", buffers)
                    : gemm.getB();
      gemm.getAMutable().assign(a);
      gemm.getBMutable().assign(b);
      builder.setInsertionPointAfter(gemm);
      for (Value buffer : buffers)
        gpu::DeallocOp::create(builder, gemm.getLoc(), /*asyncToken=*/Type(),
                               ValueRange{}, buffer);
    }
  }
};

} // namespace
