//===- WarpMma.cpp - warp tiles with ldmatrix + mma.sync ------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Each warp computes a WM×WN tile of the block accumulator as
// (WM/16)×(WN/8) mma.sync m16n8k16 instructions per 16-wide K step. Operand
// fragments come from shared memory through ldmatrix.x4: A plain (a 16×16
// tile per instruction), B transposed (16 K rows by 16 columns, i.e. the
// fragments of two n8 MMAs per instruction).
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"
#include "dialect/MemoryQueries.h"

#include "passes/common/KernelAttributes.h"
#include "passes/mma_sync/MmaSyncFragments.h"
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

/// Emits `memref[i, j, r]` index constants.
SmallVector<Value> constantIndices(OpBuilder &b, Location loc,
                                   ArrayRef<int64_t> indices) {
  return llvm::map_to_vector(
      indices, [&](int64_t i) { return indexConstant(b, loc, i); });
}

/// Loads the operands of K step `kstep` of the shared tiles `tileA`
/// (BM×BK) and `tileB` (BK×BN) into slot `kstep` of `fragments`
/// (operandFragmentsType), as ldmatrix.x4 (A) and ldmatrix.x4.trans (B).
void emitLoadFragments(OpBuilder &b, Location loc, ScheduleAttr schedule,
                       Value fragments, Value tileA, Value tileB,
                       int64_t kstep) {
  Type elementType = cast<MemRefType>(tileA.getType()).getElementType();
  auto fragmentType = VectorType::get({4, 2}, elementType);
  auto wordType = VectorType::get({1}, b.getI32Type());
  WarpCoordinates warp = computeWarpCoordinates(b, loc, schedule);
  Value c16 = indexConstant(b, loc, 16);
  // ldmatrix.x4 addressing: lane l points at row l%16, column (l/16)·8.
  Value laneRow = arith::RemUIOp::create(b, loc, warp.lane, c16);
  Value laneCol = arith::MulIOp::create(
      b, loc, arith::DivUIOp::create(b, loc, warp.lane, c16),
      indexConstant(b, loc, 8));
  Value rowA = arith::AddIOp::create(b, loc, warp.row, laneRow);
  Value colB = arith::AddIOp::create(b, loc, warp.col, laneCol);
  int64_t k = 16 * kstep;
  int64_t tilesA = schedule.getWarpM() / 16, tilesB = schedule.getWarpN() / 16;

  auto store = [&](Value fragment, int64_t slot) {
    for (int64_t r = 0; r < 4; ++r) {
      Value pair = vector::ExtractOp::create(b, loc, fragment, r);
      Value word = vector::ExtractOp::create(
          b, loc, vector::BitCastOp::create(b, loc, wordType, pair), 0);
      memref::StoreOp::create(b, loc, word, fragments,
                              constantIndices(b, loc, {kstep, slot, r}));
    }
  };
  for (int64_t i = 0; i < tilesA; ++i)
    store(nvgpu::LdMatrixOp::create(
              b, loc, fragmentType, tileA,
              ValueRange{addConstant(b, loc, rowA, 16 * i),
                         addConstant(b, loc, laneCol, k)},
              /*transpose=*/false, /*numTiles=*/4),
          i);
  for (int64_t j = 0; j < tilesB; ++j)
    store(nvgpu::LdMatrixOp::create(
              b, loc, fragmentType, tileB,
              ValueRange{addConstant(b, loc, laneRow, k),
                         addConstant(b, loc, colB, 16 * j)},
              /*transpose=*/true, /*numTiles=*/4),
          tilesA + j);
}

/// Accumulates the MMAs of K step `kstep` from `fragments` into the
/// accumulator fragments `acc` (accumulatorFragmentsType).
void emitMmaFragments(OpBuilder &b, Location loc, ScheduleAttr schedule,
                      Type elementType, Value acc, Value fragments,
                      int64_t kstep) {
  int64_t tilesM = schedule.getWarpM() / 16, tilesN = schedule.getWarpN() / 8;
  bool isF16 = elementType.isF16();
  std::array<NVVM::MMATypes, 2> ptxTypes;
  ptxTypes.fill(isF16 ? NVVM::MMATypes::f16 : NVVM::MMATypes::bf16);
  std::array<NVVM::MMALayout, 2> layouts{NVVM::MMALayout::row,
                                         NVVM::MMALayout::col};
  Type f32 = b.getF32Type();
  auto resultType = LLVM::LLVMStructType::getLiteral(b.getContext(),
                                                     SmallVector<Type>(4, f32));
  // f16 pairs travel as vector<2xf16>, bf16 pairs as i32.
  auto operand = [&](int64_t slot, int64_t r) -> Value {
    Value word = memref::LoadOp::create(
        b, loc, fragments, constantIndices(b, loc, {kstep, slot, r}));
    if (!isF16)
      return word;
    return vector::BitCastOp::create(
        b, loc, VectorType::get({2}, elementType),
        vector::BroadcastOp::create(b, loc, VectorType::get({1}, word.getType()),
                                    word));
  };
  for (int64_t i = 0; i < tilesM; ++i) {
    SmallVector<Value> operandA;
    for (int64_t r = 0; r < 4; ++r)
      operandA.push_back(operand(i, r));
    for (int64_t j = 0; j < tilesN; ++j) {
      int64_t slotB = tilesM + j / 2, half = 2 * (j % 2);
      SmallVector<Value> operandB{operand(slotB, half),
                                  operand(slotB, half + 1)};
      SmallVector<Value> indices[4];
      SmallVector<Value> operandC;
      for (int64_t r = 0; r < 4; ++r) {
        indices[r] = constantIndices(b, loc, {i, j, r});
        operandC.push_back(memref::LoadOp::create(b, loc, acc, indices[r]));
      }
      Value result = NVVM::MmaOp::create(b, loc, resultType, operandA,
                                         operandB, operandC, {16, 8, 16},
                                         std::nullopt, std::nullopt, ptxTypes,
                                         layouts);
      for (int64_t r = 0; r < 4; ++r)
        memref::StoreOp::create(b, loc,
                                LLVM::ExtractValueOp::create(b, loc, result, r),
                                acc, indices[r]);
    }
  }
}

/// A private buffer of `type` allocated at the top of the enclosing kernel:
/// LLVM promotes only entry-block allocas to registers.
Value allocateRegisters(OpBuilder &b, Location loc, Operation *user,
                        MemRefType type) {
  OpBuilder::InsertionGuard guard(b);
  auto kernel = user->getParentOfType<gpu::GPUFuncOp>();
  b.setInsertionPointToStart(&kernel.getBody().front());
  return memref::AllocaOp::create(b, loc, type);
}

Type sharedElementType(Value tile) {
  return cast<MemRefType>(tile.getType()).getElementType();
}

struct LowerAllocAccumulator
    : public OpConversionPattern<AllocAccumulatorOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(AllocAccumulatorOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MemRefType type = accumulatorFragmentsType(op.getSchedule());
    Location loc = op.getLoc();
    Value fragments = allocateRegisters(rewriter, loc, op, type);
    Value zero = arith::ConstantOp::create(
        rewriter, loc, rewriter.getZeroAttr(type.getElementType()));
    for (int64_t i = 0; i < type.getDimSize(0); ++i)
      for (int64_t j = 0; j < type.getDimSize(1); ++j)
        for (int64_t r = 0; r < 4; ++r)
          memref::StoreOp::create(rewriter, loc, zero, fragments,
                                  constantIndices(rewriter, loc, {i, j, r}));
    rewriter.replaceOp(op, fragments);
    return success();
  }
};

struct LowerAllocFragments : public OpConversionPattern<AllocFragmentsOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(AllocFragmentsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(
        op, allocateRegisters(rewriter, op.getLoc(), op,
                              cast<MemRefType>(getTypeConverter()->convertType(
                                  op.getType()))));
    return success();
  }
};

struct LowerLoadFragments : public OpConversionPattern<LoadFragmentsOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(LoadFragmentsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    emitLoadFragments(rewriter, op.getLoc(), op.getSchedule(),
                      adaptor.getFragments(), op.getA(), op.getB(),
                      op.getKstep());
    rewriter.eraseOp(op);
    return success();
  }
};

struct LowerMmaFragments : public OpConversionPattern<MmaFragmentsOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(MmaFragmentsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    emitMmaFragments(rewriter, op.getLoc(), op.getSchedule(),
                     op.getFragments().getType().getElementType(),
                     adaptor.getAcc(), adaptor.getFragments(), op.getKstep());
    rewriter.eraseOp(op);
    return success();
  }
};

/// A whole block MMA: every K step loaded, then multiplied.
struct LowerBlockMma : public OpConversionPattern<BlockMmaOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(BlockMmaOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ScheduleAttr schedule = op.getSchedule();
    if (schedule.getMma().getKind() != MmaKind::sync)
      return rewriter.notifyMatchFailure(op, "not an mma.sync schedule");
    Location loc = op.getLoc();
    int64_t ksteps = schedule.getBlockK() / 16;
    Value fragments = allocateRegisters(
        rewriter, loc, op, operandFragmentsType(schedule, ksteps));
    for (int64_t kstep = 0; kstep < ksteps; ++kstep)
      emitLoadFragments(rewriter, loc, schedule, fragments, op.getA(),
                        op.getB(), kstep);
    for (int64_t kstep = 0; kstep < ksteps; ++kstep)
      emitMmaFragments(rewriter, loc, schedule, sharedElementType(op.getA()),
                       adaptor.getAcc(), fragments, kstep);
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
    kernel.walk([&](Operation *op) {
      if (!isa<BlockMmaOp, LoadFragmentsOp>(op))
        return;
      if (!isWorkgroupMemory(op->getOperand(1).getType())) {
        op->emitOpError() << "reads global memory: run tile-pipeline-copies "
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
    converter.addConversion([schedule](FragmentsType type) -> Type {
      return operandFragmentsType(schedule, type.getKsteps());
    });
    ConversionTarget target(*ctx);
    target.addLegalDialect<arith::ArithDialect, memref::MemRefDialect,
                           vector::VectorDialect, nvgpu::NVGPUDialect,
                           NVVM::NVVMDialect, LLVM::LLVMDialect,
                           gpu::GPUDialect, TileDialect>();
    target.addIllegalOp<AllocAccumulatorOp, AllocFragmentsOp, BlockMmaOp,
                        LoadFragmentsOp, MmaFragmentsOp, StoreAccumulatorOp>();
    RewritePatternSet patterns(ctx);
    patterns.add<LowerAllocAccumulator, LowerAllocFragments, LowerBlockMma,
                 LowerLoadFragments, LowerMmaFragments, LowerStoreAccumulator>(
        converter, ctx);
    return applyPartialConversion(kernel, target, std::move(patterns));
  }
};

} // namespace
