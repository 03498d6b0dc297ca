//===- WgmmaStageOperands.cpp - A and B in a stage, for each major order --===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "passes/hopper/WgmmaStageOperands.h"

#include "passes/common/SharedMemoryView.h"

#include "dialect/HopperScheduleVerifier.h"
#include "dialect/MemoryQueries.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace gemm_opt;
using namespace gemm_opt::tile;

Value WgmmaStageOperands::index(int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

Value WgmmaStageOperands::view(Value byteOffset, ArrayRef<int64_t> shape,
                               Type elementType) {
  return viewSharedMemory(b, loc, sharedMemory, byteOffset, shape,
                          elementType ? elementType : plan.elementType);
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
  auto box = [&](Value offset, int64_t rows, int64_t columns, Value entry,
                 Type elementType) {
    return view(offset, getTmaBoxShape(rows, columns, entry), elementType);
  };
  Value offsetA = arith::MulIOp::create(b, loc, stage, index(plan.stageBytesA));
  if (!plan.columnMajorA()) {
    // Rows of A along M, K innermost.
    issue(box(offsetA, plan.boxRowsA, plan.panelColumnsA, batch.a,
              plan.elementType),
          descA, k,
          rowBase, batch.a);
  } else {
    // Panels of one swizzle row of M-elements (innermost) by BK rows along
    // K.
    for (int64_t panel = 0; panel < plan.panelsA; ++panel) {
      Value tile = box(arith::AddIOp::create(b, loc, offsetA,
                                             index(panel * plan.panelBytesA)),
                       plan.boxRowsA, plan.panelColumnsA, batch.a,
                       plan.elementType);
      Value row = arith::AddIOp::create(b, loc, rowBase,
                                        index(panel * plan.panelColumnsA));
      issue(tile, descA, row, k, batch.a);
    }
  }
  Value offsetB = bufferOffsetOfB(b, loc, plan, stage);
  if (plan.columnMajorB()) {
    // Rows of B^T along N, K innermost.
    issue(box(offsetB, plan.boxRowsB, plan.panelColumnsB, batch.b,
              plan.elementTypeB),
          descB, k,
          colBase, batch.b);
    return;
  }
  // Panels of one swizzle row of N-elements (innermost) by BK rows along K.
  for (int64_t panel = 0; panel < plan.panelsB; ++panel) {
    Value panelOffset = arith::AddIOp::create(
        b, loc, offsetB, index(panel * plan.panelBytesB));
    Value tile = box(panelOffset, plan.boxRowsB, plan.panelColumnsB, batch.b,
                     plan.elementTypeB);
    Value col = arith::AddIOp::create(b, loc, colBase,
                                      index(panel * plan.panelColumnsB));
    issue(tile, descB, col, k, batch.b);
  }
}

nvgpu::WarpgroupAccumulatorType WgmmaStageOperands::getAccumulatorType() {
  return nvgpu::WarpgroupAccumulatorType::get(
      b.getContext(),
      VectorType::get({plan.warpM, columns}, b.getF32Type()));
}

Value WgmmaStageOperands::warpTileOffsetA(Value stage, Value row) {
  Value inTile =
      plan.columnMajorA()
          // Rows i·P .. of the tile (P = panelColumnsA) are panel i.
          ? arith::MulIOp::create(
                b, loc,
                arith::DivUIOp::create(b, loc, row, index(plan.panelColumnsA)),
                index(plan.panelBytesA))
          // Rows of A are one swizzle row.
          : arith::MulIOp::create(b, loc, row, index(plan.rowBytesA));
  return arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, stage, index(plan.stageBytesA)),
      inTile);
}

Value WgmmaStageOperands::warpTileOffsetB(Value stage, Value col) {
  Value inTile =
      plan.columnMajorB()
          // Rows of B^T (columns of B) are one swizzle row.
          ? arith::MulIOp::create(b, loc, col, index(plan.swizzleBytesB))
          // B's WN columns start in panel col/P (P = panelColumnsB).
          : arith::MulIOp::create(
                b, loc,
                arith::DivUIOp::create(b, loc, col, index(plan.panelColumnsB)),
                index(plan.panelBytesB));
  return arith::AddIOp::create(b, loc, bufferOffsetOfB(b, loc, plan, stage),
                               inTile);
}

Value WgmmaStageOperands::multiply(Value stage, Value row, Value col,
                                   Value acc, Value descA, Value descB,
                                   bool overwrite) {
  Value offsetA = warpTileOffsetA(stage, row);
  Value offsetB = warpTileOffsetB(stage, col);
  // A register-sourced A has no descriptor.
  bool sharedA = !plan.registerSourcedA();
  Value tileA = sharedA ? view(offsetA, {plan.warpM, plan.blockK}) : Value();
  Value tileB = view(offsetB, {plan.blockK, columns}, plan.elementTypeB);
  Value matrixA = sharedA ? describeTile(tileA, descA, plan.swizzleBytesA,
                                         plan.panelBytesA)
                          : Value();
  Value matrixB =
      describeTile(tileB, descB, plan.swizzleBytesB, plan.panelBytesB);
  // nvgpu.warpgroup.mma always accumulates.
  if (!plan.singleInstructionWgmma() && !overwrite)
    return nvgpu::WarpgroupMmaOp::create(
        b, loc, getAccumulatorType(), matrixA, matrixB,
        b.getI64IntegerAttr(1),
        /*transposeA=*/UnitAttr(), /*transposeB=*/b.getUnitAttr(), acc);
  return multiplyInstructions(acc, matrixA, offsetA, matrixB, overwrite);
}

Value WgmmaStageOperands::describeTile(Value tile, Value descriptor,
                                       int64_t swizzleBytes,
                                       int64_t panelBytes) {
  if (swizzleBytes == 128)
    return nvgpu::WarpgroupGenerateDescriptorOp::create(
        b, loc,
        nvgpu::WarpgroupMatrixDescriptorType::get(
            b.getContext(), cast<MemRefType>(tile.getType())),
        tile, descriptor);
  // The wgmma matrix descriptor (PTX ISA, "Matrix Descriptor Format"):
  // bits 0-13 the shared address / 16, 16-29 the leading byte offset / 16
  // (an MN-major operand's panel stride; unused by a K-major one), 32-45
  // the stride byte offset / 16 (between 8-row swizzle atoms), 62-63 the
  // swizzle mode (1: 128, 2: 64, 3: 32 bytes).
  Type i64 = b.getI64Type();
  auto constant = [&](int64_t v) {
    return arith::ConstantIntOp::create(b, loc, i64, v).getResult();
  };
  Value address = arith::IndexCastUIOp::create(
      b, loc, i64,
      memref::ExtractAlignedPointerAsIndexOp::create(b, loc, tile));
  Value start = arith::ShRUIOp::create(
      b, loc, arith::AndIOp::create(b, loc, address, constant(0x3FFFF)),
      constant(4));
  uint64_t mode = swizzleBytes == 64 ? 2 : 3;
  uint64_t fields = (uint64_t(panelBytes >> 4) << 16) |
                    (uint64_t((8 * swizzleBytes) >> 4) << 32) | (mode << 62);
  return arith::OrIOp::create(b, loc, start,
                              constant(static_cast<int64_t>(fields)));
}

SmallVector<Value, 4> WgmmaStageOperands::getFragmentOffsetsA() {
  auto constant = [&](int64_t v) { return index(v); };
  auto div = [&](Value v, int64_t d) {
    return arith::DivUIOp::create(b, loc, v, constant(d)).getResult();
  };
  auto rem = [&](Value v, int64_t d) {
    return arith::RemUIOp::create(b, loc, v, constant(d)).getResult();
  };
  auto mul = [&](Value v, int64_t f) {
    return arith::MulIOp::create(b, loc, v, constant(f)).getResult();
  };
  auto add = [&](Value x, Value y) {
    return arith::AddIOp::create(b, loc, x, y).getResult();
  };
  Value thread =
      rem(gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x), 128);
  Value warp = div(thread, 32), lane = rem(thread, 32);
  Value g = div(lane, 4), t = rem(lane, 4);
  // Warp w holds rows 16w .. 16w + 15 of the slice: panel w / 2 (32 f32
  // rows of M per 128-byte panel row), 16 (w % 2) + g (+ 8) within it, in
  // 16-byte chunk 4 (w % 2) + g / 4 (+ 2), at byte 4 (g % 4) of the chunk.
  Value panelBytes = mul(div(warp, 2), plan.panelBytesA);
  Value chunk = add(mul(rem(warp, 2), 4), div(g, 4));
  Value inChunk = mul(rem(g, 4), 4);
  SmallVector<Value, 4> offsets;
  // Entries in register order: (g, t), (g + 8, t), (g, t + 4), (g + 8, t + 4).
  for (int64_t columnHalf = 0; columnHalf < 2; ++columnHalf) {
    for (int64_t rowHalf = 0; rowHalf < 2; ++rowHalf) {
      // K row t (+ 4) of the panel; 128-byte swizzle: the chunk index is
      // XORed with the row's index within its 8-row atom (K steps are
      // whole atoms, so that is the row itself).
      Value kRow = add(t, constant(4 * columnHalf));
      Value swizzled = arith::XOrIOp::create(
          b, loc, add(chunk, constant(2 * rowHalf)), kRow);
      offsets.push_back(add(add(panelBytes, mul(kRow, plan.swizzleBytesA)),
                            add(mul(swizzled, 16), inChunk)));
    }
  }
  return offsets;
}

SmallVector<Value, 4>
WgmmaStageOperands::loadFragmentA(Value tileA, ArrayRef<Value> offsets,
                                  int64_t byteOffset) {
  SmallVector<Value, 4> fragment;
  for (Value offset : offsets) {
    Value element = arith::DivUIOp::create(
        b, loc, arith::AddIOp::create(b, loc, offset, index(byteOffset)),
        index(4));
    Value value = memref::LoadOp::create(b, loc, tileA, element);
    fragment.push_back(
        arith::BitcastOp::create(b, loc, b.getI32Type(), value));
  }
  return fragment;
}

Value WgmmaStageOperands::registerAInstruction(Value acc,
                                               ArrayRef<Value> fragment,
                                               Value descriptorB,
                                               bool overwrite) {
  // Operands as NVVM's own wgmma lowering numbers them: the N/2
  // accumulators as outputs and tied inputs, then A's four registers, B's
  // descriptor and the three scales (immediates).
  int64_t n = columns / 2;
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "{\n.reg .pred p;\nsetp.ne.b32 p, $" << 2 * n + 5
     << ", 0;\nwgmma.mma_async.sync.aligned.m64n" << columns
     << "k8.f32.tf32.tf32 {";
  llvm::interleave(
      llvm::seq<int64_t>(0, n), os, [&](int64_t i) { os << "$" << i; }, ", ");
  os << "}, {$" << 2 * n << ", $" << 2 * n + 1 << ", $" << 2 * n + 2 << ", $"
     << 2 * n + 3 << "}, $" << 2 * n + 4 << ", p, $" << 2 * n + 6 << ", $"
     << 2 * n + 7 << ";\n}\n";
  std::string constraints;
  llvm::raw_string_ostream cs(constraints);
  for (int64_t i = 0; i < n; ++i)
    cs << "=f,";
  for (int64_t i = 0; i < n; ++i)
    cs << i << ",";
  cs << "r,r,r,r,l,n,n,n";

  SmallVector<Value> operands;
  for (int64_t i = 0; i < n; ++i)
    operands.push_back(LLVM::ExtractValueOp::create(b, loc, acc, i));
  llvm::append_range(operands, fragment);
  operands.push_back(descriptorB);
  // scale-d = 1 (D = A·B + D) or, overwriting, 0 (D = A·B); A and B
  // scaled by 1.
  for (int i = 0; i < 3; ++i)
    operands.push_back(LLVM::ConstantOp::create(
        b, loc, b.getI32Type(),
        b.getI32IntegerAttr(i == 0 && overwrite ? 0 : 1)));
  return LLVM::InlineAsmOp::create(
             b, loc, acc.getType(), operands, text, constraints,
             /*has_side_effects=*/true, /*is_align_stack=*/false,
             LLVM::TailCallKind::None,
             LLVM::AsmDialectAttr::get(b.getContext(),
                                       LLVM::AsmDialect::AD_ATT),
             /*operand_attrs=*/ArrayAttr())
      .getResult(0);
}

Value WgmmaStageOperands::multiplyInstructions(Value acc, Value matrixA,
                                               Value offsetA, Value matrixB,
                                               bool overwrite) {
  MLIRContext *ctx = b.getContext();
  Type i64 = b.getI64Type();
  auto cast = [&](Value value, Type type) {
    return UnrealizedConversionCastOp::create(b, loc, type, value).getResult(0);
  };
  // The LLVM forms nvgpu's lowering gives the descriptors (i64) and the
  // accumulator (a struct of WM/64 structs of WN/2 f32 each).
  auto asInteger = [&](Value descriptor) {
    return descriptor.getType() == i64 ? descriptor : cast(descriptor, i64);
  };
  Value baseA = matrixA ? asInteger(matrixA) : Value();
  Value baseB = asInteger(matrixB);
  int64_t slices = plan.warpM / 64;
  auto slice = LLVM::LLVMStructType::getLiteral(
      ctx, SmallVector<Type>(columns / 2, b.getF32Type()));
  auto whole =
      LLVM::LLVMStructType::getLiteral(ctx, SmallVector<Type>(slices, slice));
  Value result = cast(acc, whole);

  int64_t bytes = getByteWidth(plan.elementType);
  // K of one instruction: 16 f16/bf16, 8 tf32 or 32 8-bit elements, 32
  // bytes of a K-major row each way.
  int64_t kWgmmaK = getWgmmaK(plan.elementType);
  int64_t steps = plan.blockK / kWgmmaK;
  // Descriptor addresses count 16-byte units.
  auto advance = [&](Value descriptor, int64_t byteOffset) -> Value {
    if (byteOffset == 0)
      return descriptor;
    return arith::AddIOp::create(
        b, loc, descriptor,
        arith::ConstantIntOp::create(b, loc, i64, byteOffset / 16));
  };
  // K-major operands step one instruction's K (32 bytes) along their
  // swizzle rows, MN-major ones that many rows of one swizzle width.
  int64_t kStepKMajor = kWgmmaK * bytes;
  int64_t stepA =
      plan.columnMajorA() ? kWgmmaK * plan.swizzleBytesA : kStepKMajor;
  int64_t stepB =
      plan.columnMajorB() ? kStepKMajor : kWgmmaK * plan.swizzleBytesB;
  // The next 64 rows of A: 64 K-major rows, or the next M panel(s).
  int64_t sliceA = plan.columnMajorA()
                       ? (64 / plan.panelColumnsA) * plan.panelBytesA
                       : 64 * plan.rowBytesA;
  // Input types (f32 inputs are multiplied as tf32: wgmma reads their top
  // 19 bits, and only K-major, which the verifier ensures).
  auto wgmmaType = [&](Type type) {
    NVVM::WGMMATypes kind = type.isBF16()  ? NVVM::WGMMATypes::bf16
                            : type.isF16() ? NVVM::WGMMATypes::f16
                            : isa<Float8E4M3FNType>(type)
                                ? NVVM::WGMMATypes::e4m3
                            : isa<Float8E5M2Type>(type) ? NVVM::WGMMATypes::e5m2
                                                        : NVVM::WGMMATypes::tf32;
    return NVVM::WGMMATypesAttr::get(ctx, kind);
  };
  // wgmma's "row" A and "col" B are K-major; our orders name them alike.
  auto layout = [&](bool columnMajor) {
    return NVVM::MMALayoutAttr::get(
        ctx, columnMajor ? NVVM::MMALayout::col : NVVM::MMALayout::row);
  };
  auto one = NVVM::WGMMAScaleInAttr::get(ctx, NVVM::WGMMAScaleIn::one);

  // Register-sourced A: every fragment of the stage is loaded before the
  // fence, which orders those register writes before the wgmmas read them.
  SmallVector<SmallVector<Value, 4>> fragments;
  if (!matrixA) {
    SmallVector<Value, 4> offsets = getFragmentOffsetsA();
    Value tileA = view(offsetA, {slices * sliceA / 4});
    for (int64_t i = 0; i < slices; ++i)
      for (int64_t s = 0; s < steps; ++s)
        fragments.push_back(
            loadFragmentA(tileA, offsets, i * sliceA + s * stepA));
  }
  NVVM::WgmmaFenceAlignedOp::create(b, loc);
  for (int64_t i = 0; i < slices; ++i) {
    // Overwriting, the slice's first instruction ignores its input: leave
    // it undefined rather than zeroed.
    Value sliceAcc =
        overwrite ? LLVM::UndefOp::create(b, loc, slice).getResult()
                  : LLVM::ExtractValueOp::create(b, loc, result, i).getResult();
    for (int64_t s = 0; s < steps; ++s) {
      Value descriptorB = advance(baseB, s * stepB);
      bool overwriteHere = overwrite && s == 0;
      if (!matrixA) {
        sliceAcc = registerAInstruction(sliceAcc, fragments[i * steps + s],
                                        descriptorB, overwriteHere);
        continue;
      }
      sliceAcc = NVVM::WgmmaMmaAsyncOp::create(
          b, loc, slice, sliceAcc, advance(baseA, i * sliceA + s * stepA),
          descriptorB, NVVM::MMAShapeAttr::get(ctx, 64, columns, kWgmmaK),
          wgmmaType(plan.elementType), wgmmaType(plan.elementTypeB),
          NVVM::WGMMATypesAttr::get(ctx, NVVM::WGMMATypes::f32),
          NVVM::WGMMAScaleOutAttr::get(ctx, overwriteHere
                                                ? NVVM::WGMMAScaleOut::zero
                                                : NVVM::WGMMAScaleOut::one),
          one, one, layout(plan.columnMajorA()), layout(plan.columnMajorB()),
          NVVM::MMAIntOverflowAttr::get(ctx, NVVM::MMAIntOverflow::wrapped));
    }
    result = LLVM::InsertValueOp::create(b, loc, result, sliceAcc, i);
  }
  NVVM::WgmmaGroupSyncAlignedOp::create(b, loc);
  NVVM::WgmmaWaitGroupSyncOp::create(b, loc, 1);
  return cast(result, getAccumulatorType());
}
