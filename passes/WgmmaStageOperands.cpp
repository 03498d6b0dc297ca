//===- WgmmaStageOperands.cpp - A and B in a stage, for each major order --===//

#include "passes/WgmmaStageOperands.h"

#include "passes/SharedMemoryView.h"

#include "dialect/HopperScheduleVerifier.h"
#include "dialect/MemoryQueries.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace gemm_opt;
using namespace gemm_opt::tile;

/// Bytes of one row of a 128-byte-swizzled tile.
static constexpr int64_t kSwizzleRowBytes = 128;

Value WgmmaStageOperands::index(int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

Value WgmmaStageOperands::view(Value byteOffset, ArrayRef<int64_t> shape) {
  return viewSharedMemory(b, loc, sharedMemory, byteOffset, shape,
                          plan.elementType);
}

void WgmmaStageOperands::load(Value stage, Value k, Value rowBase,
                              Value colBase, Value descA, Value descB,
                              Value full, Value predicate,
                              TmaBatchCoordinates batch) {
  // Coordinates are innermost (the 128-byte box rows) first, a batched
  // map's entry last.
  auto issue = [&](Value tile, Value desc, Value inner, Value outer,
                   Value entry) {
    nvgpu::TmaAsyncLoadOp::create(b, loc, tile, full, desc,
                                  getTmaCoordinates(inner, outer, entry),
                                  stage, Value(), predicate);
  };
  auto box = [&](Value offset, int64_t rows, Value entry) {
    return view(offset, getTmaBoxShape(rows, plan.panelColumns, entry));
  };
  Value offsetA = arith::MulIOp::create(b, loc, stage, index(plan.stageBytesA));
  if (!plan.columnMajorA()) {
    // Rows of A along M, K innermost.
    issue(box(offsetA, plan.boxRowsA, batch.a), descA, k, rowBase, batch.a);
  } else {
    // Panels of 64 M-elements (innermost) by BK rows along K.
    for (int64_t panel = 0; panel < plan.panelsA; ++panel) {
      Value tile = box(arith::AddIOp::create(b, loc, offsetA,
                                             index(panel * plan.panelBytesA)),
                       plan.boxRowsA, batch.a);
      Value row = arith::AddIOp::create(b, loc, rowBase,
                                        index(panel * plan.panelColumns));
      issue(tile, descA, row, k, batch.a);
    }
  }
  Value offsetB = bufferOffsetOfB(b, loc, plan, stage);
  if (plan.columnMajorB()) {
    // Rows of B^T along N, K innermost.
    issue(box(offsetB, plan.boxRowsB, batch.b), descB, k, colBase, batch.b);
    return;
  }
  // Panels of 64 N-elements (innermost) by BK rows along K.
  for (int64_t panel = 0; panel < plan.panelsB; ++panel) {
    Value panelOffset = arith::AddIOp::create(
        b, loc, offsetB, index(panel * plan.panelBytesB));
    Value tile = box(panelOffset, plan.boxRowsB, batch.b);
    Value col = arith::AddIOp::create(b, loc, colBase,
                                      index(panel * plan.panelColumns));
    issue(tile, descB, col, k, batch.b);
  }
}

nvgpu::WarpgroupAccumulatorType WgmmaStageOperands::getAccumulatorType() {
  return nvgpu::WarpgroupAccumulatorType::get(
      b.getContext(),
      VectorType::get({plan.warpM, plan.warpN}, b.getF32Type()));
}

Value WgmmaStageOperands::warpTileOffsetA(Value stage, Value row) {
  Value inTile =
      plan.columnMajorA()
          // Rows i·64 .. of the tile are panel i.
          ? arith::MulIOp::create(
                b, loc,
                arith::DivUIOp::create(b, loc, row, index(plan.panelColumns)),
                index(plan.panelBytesA))
          // Rows of A are 128 bytes.
          : arith::MulIOp::create(b, loc, row, index(plan.rowBytesA));
  return arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, stage, index(plan.stageBytesA)),
      inTile);
}

Value WgmmaStageOperands::warpTileOffsetB(Value stage, Value col) {
  Value inTile =
      plan.columnMajorB()
          // Rows of B^T (columns of B) are 128 bytes.
          ? arith::MulIOp::create(b, loc, col, index(kSwizzleRowBytes))
          // B's WN columns start in panel col/64.
          : arith::MulIOp::create(
                b, loc,
                arith::DivUIOp::create(b, loc, col, index(plan.panelColumns)),
                index(plan.panelBytesB));
  return arith::AddIOp::create(b, loc, bufferOffsetOfB(b, loc, plan, stage),
                               inTile);
}

Value WgmmaStageOperands::multiply(Value stage, Value row, Value col,
                                   Value acc, Value descA, Value descB) {
  Value offsetA = warpTileOffsetA(stage, row);
  Value offsetB = warpTileOffsetB(stage, col);
  Value tileA = view(offsetA, {plan.warpM, plan.blockK});
  Value tileB = view(offsetB, {plan.blockK, plan.warpN});
  auto descriptorType = [&](Value view) {
    return nvgpu::WarpgroupMatrixDescriptorType::get(
        b.getContext(), cast<MemRefType>(view.getType()));
  };
  Value matrixA = nvgpu::WarpgroupGenerateDescriptorOp::create(
      b, loc, descriptorType(tileA), tileA, descA);
  Value matrixB = nvgpu::WarpgroupGenerateDescriptorOp::create(
      b, loc, descriptorType(tileB), tileB, descB);
  if (!plan.singleInstructionWgmma())
    return nvgpu::WarpgroupMmaOp::create(
        b, loc, getAccumulatorType(), matrixA, matrixB,
        b.getI64IntegerAttr(1),
        /*transposeA=*/UnitAttr(), /*transposeB=*/b.getUnitAttr(), acc);
  return multiplyInstructions(acc, matrixA, matrixB);
}

Value WgmmaStageOperands::multiplyInstructions(Value acc, Value matrixA,
                                               Value matrixB) {
  MLIRContext *ctx = b.getContext();
  Type i64 = b.getI64Type();
  auto cast = [&](Value value, Type type) {
    return UnrealizedConversionCastOp::create(b, loc, type, value).getResult(0);
  };
  // The LLVM forms nvgpu's lowering gives the descriptors (i64) and the
  // accumulator (a struct of WM/64 structs of WN/2 f32 each).
  Value baseA = cast(matrixA, i64), baseB = cast(matrixB, i64);
  int64_t slices = plan.warpM / 64;
  auto slice = LLVM::LLVMStructType::getLiteral(
      ctx, SmallVector<Type>(plan.warpN / 2, b.getF32Type()));
  auto whole =
      LLVM::LLVMStructType::getLiteral(ctx, SmallVector<Type>(slices, slice));
  Value result = cast(acc, whole);

  int64_t bytes = getByteWidth(plan.elementType);
  // K of one instruction: 16 f16/bf16 or 8 tf32 elements, 32 bytes of a
  // K-major row either way.
  int64_t kWgmmaK = getWgmmaK(plan.elementType);
  // Descriptor addresses count 16-byte units.
  auto advance = [&](Value descriptor, int64_t byteOffset) -> Value {
    if (byteOffset == 0)
      return descriptor;
    return arith::AddIOp::create(
        b, loc, descriptor,
        arith::ConstantIntOp::create(b, loc, i64, byteOffset / 16));
  };
  // K-major operands step 16 elements along their 128-byte rows, MN-major
  // ones 16 rows of 128 bytes.
  int64_t kStepKMajor = kWgmmaK * bytes, kStepMnMajor = kWgmmaK * kSwizzleRowBytes;
  int64_t stepA = plan.columnMajorA() ? kStepMnMajor : kStepKMajor;
  int64_t stepB = plan.columnMajorB() ? kStepKMajor : kStepMnMajor;
  // The next 64 rows of A: 64 rows of 128 bytes, or the next M panel.
  int64_t sliceA = plan.columnMajorA() ? plan.panelBytesA : 64 * plan.rowBytesA;
  // Input types (f32 inputs are multiplied as tf32: wgmma reads their top
  // 19 bits, and only K-major, which the verifier ensures).
  auto wgmmaType = [&](Type type) {
    NVVM::WGMMATypes kind = type.isBF16()  ? NVVM::WGMMATypes::bf16
                            : type.isF16() ? NVVM::WGMMATypes::f16
                                           : NVVM::WGMMATypes::tf32;
    return NVVM::WGMMATypesAttr::get(ctx, kind);
  };
  // wgmma's "row" A and "col" B are K-major; our orders name them alike.
  auto layout = [&](bool columnMajor) {
    return NVVM::MMALayoutAttr::get(
        ctx, columnMajor ? NVVM::MMALayout::col : NVVM::MMALayout::row);
  };
  auto one = NVVM::WGMMAScaleInAttr::get(ctx, NVVM::WGMMAScaleIn::one);

  NVVM::WgmmaFenceAlignedOp::create(b, loc);
  for (int64_t i = 0; i < slices; ++i) {
    Value sliceAcc = LLVM::ExtractValueOp::create(b, loc, result, i);
    for (int64_t s = 0; s < plan.blockK / kWgmmaK; ++s)
      sliceAcc = NVVM::WgmmaMmaAsyncOp::create(
          b, loc, slice, sliceAcc, advance(baseA, i * sliceA + s * stepA),
          advance(baseB, s * stepB),
          NVVM::MMAShapeAttr::get(ctx, 64, plan.warpN, kWgmmaK),
          wgmmaType(plan.elementType), wgmmaType(plan.elementType),
          NVVM::WGMMATypesAttr::get(ctx, NVVM::WGMMATypes::f32),
          NVVM::WGMMAScaleOutAttr::get(ctx, NVVM::WGMMAScaleOut::one), one,
          one, layout(plan.columnMajorA()), layout(plan.columnMajorB()),
          NVVM::MMAIntOverflowAttr::get(ctx, NVVM::MMAIntOverflow::wrapped));
    result = LLVM::InsertValueOp::create(b, loc, result, sliceAcc, i);
  }
  NVVM::WgmmaGroupSyncAlignedOp::create(b, loc);
  NVVM::WgmmaWaitGroupSyncOp::create(b, loc, 1);
  return cast(result, getAccumulatorType());
}
