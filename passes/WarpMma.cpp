//===- WarpMma.cpp - warp tiles with ldmatrix + mma.sync ------------------===//
//
// Each warp computes a WM×WN tile of the block accumulator as
// (WM/16)×(WN/8) mma.sync m16n8k16 instructions per 16-wide K step. Operand
// fragments come from shared memory through ldmatrix.x4: A plain (a 16×16
// tile per instruction), B transposed (16 K rows by 16 columns, i.e. the
// fragments of two n8 MMAs per instruction).
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "passes/KernelAttributes.h"
#include "passes/MmaSyncFragments.h"
#include "mlir/Transforms/DialectConversion.h"

namespace gemm_opt {
#define GEN_PASS_DEF_TILEWARPMMAPASS
#include "passes/Passes.h.inc"
} // namespace gemm_opt

using namespace mlir;
using namespace gemm_opt;
using namespace gemm_opt::tile;

namespace {

Value indexConstant(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

Value addConstant(OpBuilder &b, Location loc, Value value, int64_t c) {
  if (c == 0)
    return value;
  return arith::AddIOp::create(b, loc, value, indexConstant(b, loc, c));
}

/// Register `r` of an ldmatrix result as an mma.sync operand: f16 pairs stay
/// vector<2xf16>; bf16 pairs travel as i32.
Value mmaOperand(OpBuilder &b, Location loc, Value fragment, int64_t r) {
  Value pair = vector::ExtractOp::create(b, loc, fragment, r);
  auto pairType = cast<VectorType>(pair.getType());
  if (pairType.getElementType().isF16())
    return pair;
  Value word = vector::BitCastOp::create(
      b, loc, VectorType::get({1}, b.getI32Type()), pair);
  return vector::ExtractOp::create(b, loc, word, 0);
}

struct LowerAllocAccumulator
    : public OpConversionPattern<AllocAccumulatorOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(AllocAccumulatorOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MemRefType type = accumulatorFragmentsType(op.getSchedule());
    Location loc = op.getLoc();
    Value fragments = memref::AllocaOp::create(rewriter, loc, type);
    Value zero = arith::ConstantOp::create(
        rewriter, loc, rewriter.getZeroAttr(type.getElementType()));
    for (int64_t i = 0; i < type.getDimSize(0); ++i)
      for (int64_t j = 0; j < type.getDimSize(1); ++j)
        for (int64_t r = 0; r < 4; ++r)
          memref::StoreOp::create(
              rewriter, loc, zero, fragments,
              ValueRange{indexConstant(rewriter, loc, i),
                         indexConstant(rewriter, loc, j),
                         indexConstant(rewriter, loc, r)});
    rewriter.replaceOp(op, fragments);
    return success();
  }
};

struct LowerBlockMma : public OpConversionPattern<BlockMmaOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(BlockMmaOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ScheduleAttr schedule = op.getSchedule();
    MmaAttr mma = schedule.getMma();
    if (mma.getKind() != MmaKind::sync)
      return rewriter.notifyMatchFailure(op, "not an mma.sync schedule");
    Location loc = op.getLoc();
    Value fragments = adaptor.getAcc();
    Value tileA = op.getA(), tileB = op.getB();
    Type elementType = cast<MemRefType>(tileA.getType()).getElementType();
    auto fragmentType = VectorType::get({4, 2}, elementType);

    WarpCoordinates warp = computeWarpCoordinates(rewriter, loc, schedule);
    Value c16 = indexConstant(rewriter, loc, 16);
    // ldmatrix.x4 addressing: lane l points at row l%16, column (l/16)·8.
    Value laneRow = arith::RemUIOp::create(rewriter, loc, warp.lane, c16);
    Value laneCol = arith::MulIOp::create(
        rewriter, loc, arith::DivUIOp::create(rewriter, loc, warp.lane, c16),
        indexConstant(rewriter, loc, 8));
    Value rowA = arith::AddIOp::create(rewriter, loc, warp.row, laneRow);
    Value colB = arith::AddIOp::create(rewriter, loc, warp.col, laneCol);

    int64_t tilesM = schedule.getWarpM() / 16, tilesN = schedule.getWarpN() / 8;
    std::array<NVVM::MMATypes, 2> ptxTypes;
    ptxTypes.fill(elementType.isF16() ? NVVM::MMATypes::f16
                                      : NVVM::MMATypes::bf16);
    std::array<NVVM::MMALayout, 2> layouts{NVVM::MMALayout::row,
                                           NVVM::MMALayout::col};
    Type f32 = rewriter.getF32Type();
    auto resultType = LLVM::LLVMStructType::getLiteral(
        getContext(), SmallVector<Type>(4, f32));

    for (int64_t kk = 0; kk < schedule.getBlockK(); kk += 16) {
      SmallVector<Value> fragA, fragB;
      for (int64_t i = 0; i < tilesM; ++i)
        fragA.push_back(nvgpu::LdMatrixOp::create(
            rewriter, loc, fragmentType, tileA,
            ValueRange{addConstant(rewriter, loc, rowA, 16 * i),
                       addConstant(rewriter, loc, laneCol, kk)},
            /*transpose=*/false, /*numTiles=*/4));
      for (int64_t j = 0; j < tilesN; j += 2)
        fragB.push_back(nvgpu::LdMatrixOp::create(
            rewriter, loc, fragmentType, tileB,
            ValueRange{addConstant(rewriter, loc, laneRow, kk),
                       addConstant(rewriter, loc, colB, 8 * j)},
            /*transpose=*/true, /*numTiles=*/4));

      for (int64_t i = 0; i < tilesM; ++i) {
        SmallVector<Value> operandA;
        for (int64_t r = 0; r < 4; ++r)
          operandA.push_back(mmaOperand(rewriter, loc, fragA[i], r));
        for (int64_t j = 0; j < tilesN; ++j) {
          int64_t half = 2 * (j % 2);
          SmallVector<Value> operandB{
              mmaOperand(rewriter, loc, fragB[j / 2], half),
              mmaOperand(rewriter, loc, fragB[j / 2], half + 1)};
          SmallVector<Value> indices[4];
          SmallVector<Value> operandC;
          for (int64_t r = 0; r < 4; ++r) {
            indices[r] = {indexConstant(rewriter, loc, i),
                          indexConstant(rewriter, loc, j),
                          indexConstant(rewriter, loc, r)};
            operandC.push_back(
                memref::LoadOp::create(rewriter, loc, fragments, indices[r]));
          }
          Value result = NVVM::MmaOp::create(
              rewriter, loc, resultType, operandA, operandB, operandC,
              {16, 8, 16}, std::nullopt, std::nullopt, ptxTypes, layouts);
          for (int64_t r = 0; r < 4; ++r)
            memref::StoreOp::create(
                rewriter, loc,
                LLVM::ExtractValueOp::create(rewriter, loc, result, r),
                fragments, indices[r]);
        }
      }
    }
    rewriter.eraseOp(op);
    return success();
  }
};

struct LowerStoreAccumulator
    : public OpConversionPattern<StoreAccumulatorOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(StoreAccumulatorOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<StoreFragmentsOp>(
        op, adaptor.getAcc(), op.getC(), op.getSchedule());
    return success();
  }
};

struct TileWarpMmaPass : public gemm_opt::impl::TileWarpMmaPassBase<TileWarpMmaPass> {
  void runOnOperation() override {
    getOperation()->walk([&](gpu::GPUFuncOp kernel) {
      ScheduleAttr schedule = getKernelSchedule(kernel);
      if (!schedule)
        return;
      if (failed(lowerKernel(kernel, schedule)))
        signalPassFailure();
    });
  }

  LogicalResult lowerKernel(gpu::GPUFuncOp kernel, ScheduleAttr schedule) {
    MLIRContext *ctx = &getContext();
    bool onGlobal = false;
    kernel.walk([&](BlockMmaOp op) {
      auto space = dyn_cast_if_present<gpu::AddressSpaceAttr>(
          cast<MemRefType>(op.getA().getType()).getMemorySpace());
      if (!space || space.getValue() != gpu::AddressSpace::Workgroup) {
        op.emitOpError() << "reads global memory: run tile-pipeline-copies "
                            "before tile-warp-mma";
        onGlobal = true;
      }
    });
    if (onGlobal)
      return failure();

    TypeConverter converter;
    converter.addConversion([](Type type) { return type; });
    converter.addConversion([schedule](AccumulatorType) -> Type {
      return accumulatorFragmentsType(schedule);
    });
    ConversionTarget target(*ctx);
    target.addLegalDialect<arith::ArithDialect, memref::MemRefDialect,
                           vector::VectorDialect, nvgpu::NVGPUDialect,
                           NVVM::NVVMDialect, LLVM::LLVMDialect,
                           gpu::GPUDialect, TileDialect>();
    target.addIllegalOp<AllocAccumulatorOp, BlockMmaOp, StoreAccumulatorOp>();
    RewritePatternSet patterns(ctx);
    patterns.add<LowerAllocAccumulator, LowerBlockMma, LowerStoreAccumulator>(
        converter, ctx);
    return applyPartialConversion(kernel, target, std::move(patterns));
  }
};

} // namespace
