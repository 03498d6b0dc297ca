//===- FusedEpilogue.cpp - element-wise math of a fused epilogue ----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// All math is f32. erf goes through the math dialect, which
// convert-gpu-to-nvvm maps to libdevice (__nv_erff), linked and inlined by
// gpu-module-to-binary; GELU's and SiLU's tanh is the hardware's:
//
//   relu       max(x, 0)                      arith.maximumf (NaN propagates)
//   gelu_tanh  0.5·x·(1 + tanh(√(2/π)·(x + 0.044715·x³)))
//                                             llvm.intr.tanh {afn}
//   gelu_erf   0.5·x·(1 + erf(x·(1/√2)))                       math.erf
//   silu       x·σ(x) = 0.5·x·(1 + tanh(x/2))    llvm.intr.tanh {afn}
//
// llvm.intr.tanh with the approximate-function flag becomes one
// tanh.approx.f32 per element (MUFU.TANH, sm_75 and newer; max relative
// error about 2^-11, below one bf16/f16 rounding), where libdevice's
// __nv_tanhf takes an ex2, an rcp, a polynomial for small |x| and a select
// (about 20 instructions, two of them MUFU). cuBLASLt's GELU epilogues use
// the same tanh form. (MLIR 22 maps math.tanh to __nv_tanhf even with
// fastmath<afn>: libdevice's __nv_fast_tanhf is not in its table.)
//
//===----------------------------------------------------------------------===//

#include "passes/epilogue/FusedEpilogue.h"

#include "dialect/GroupedGemmVerifier.h"
#include "dialect/MatrixLayouts.h"
#include "dialect/MemoryQueries.h"
#include "dialect/ScaledGemmVerifier.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "passes/common/BatchEntryView.h"
#include "passes/common/KernelAttributes.h"
#include "passes/common/MatrixRows.h"
#include "passes/common/OperandScales.h"
#include "passes/common/TransposedView.h"
#include "passes/hopper/HopperKernelPlan.h"

using namespace mlir;
using namespace gemm_opt;
using namespace gemm_opt::tile;

SmallVector<Type> gemm_opt::getFusedEpilogueArgumentTypes(EpilogueAttr epilogue,
                                                          MemRefType cType,
                                                          bool perGroupBias) {
  Type cElementType = cType.getElementType();
  SmallVector<Type> types;
  if (!epilogue)
    return types;
  MLIRContext *ctx = epilogue.getContext();
  Type f32 = Float32Type::get(ctx);
  if (epilogue.getAlphaBeta())
    types.append({f32, f32});
  if (perGroupBias && epilogue.getBias() != EpilogueBias::none)
    types.push_back(MemRefType::get(
        {ShapedType::kDynamic, ShapedType::kDynamic}, cElementType,
        StridedLayoutAttr::get(ctx, ShapedType::kDynamic,
                               {ShapedType::kDynamic, 1})));
  else if (epilogue.getBias() != EpilogueBias::none)
    types.push_back(MemRefType::get(
        {ShapedType::kDynamic}, cElementType,
        StridedLayoutAttr::get(ctx, ShapedType::kDynamic, {1})));
  if (epilogue.getResidual()) {
    // A batch of matrices like C's for a batched C.
    bool batched = cType.getRank() == 3;
    SmallVector<int64_t, 3> shape(cType.getRank(), ShapedType::kDynamic);
    types.push_back(MemRefType::get(
        shape, cElementType,
        getDynamicMatrixLayout(
            ctx, getMatrixOrder(cType).value_or(MatrixOrder::row), batched)));
  }
  return types;
}

FailureOr<FusedEpilogue> FusedEpilogue::forKernel(gpu::GPUFuncOp kernel,
                                                  ScheduleAttr schedule,
                                                  Operation *user) {
  FusedEpilogue fused;
  // Only a kernel records its GEMM's epilogue (tile-outline-kernel).
  if (!kernel)
    return fused;
  EpilogueAttr epilogue = getKernelEpilogue(kernel);
  if (!epilogue || !epilogue.hasFusedOperations())
    return fused;
  unsigned first =
      3 + getTmaArgumentTypes(schedule.getContext(), schedule, epilogue,
                              getKernelLayouts(kernel),
                              takesTensorMapsByValue(kernel))
              .size();
  auto cType = cast<MemRefType>(kernel.getArgument(2).getType());
  StringRef grouped = getKernelGrouped(kernel);
  SmallVector<Type> expected = getFusedEpilogueArgumentTypes(
      epilogue, cType,
      !grouped.empty() &&
          isPerGroupBias(grouped == "masked", epilogue.getBias()));
  // A split_k or stream_k kernel takes its workspace (partial tiles and
  // tile counters) after them (tile-outline-kernel).
  // An 8-bit GEMM's scales come between them, then an 8-bit C's scale_d
  // and amax (passes/common/OperandScales.h); a grouped kernel's group
  // operand is last.
  unsigned after =
      (schedule.hasKWorkspace() ? 2 : 0) + (grouped.empty() ? 0 : 1) +
      getScaleArgumentTypes(kernel.getContext(), getKernelScaling(kernel))
          .size() +
      getOutputScaleArgumentTypes(kernel.getContext(),
                                  isEightBitFloat(cType.getElementType()),
                                  hasKernelAmax(kernel))
          .size();
  ArrayRef<Type> actual = kernel.getArgumentTypes();
  if (actual.size() != first + expected.size() + after ||
      actual.slice(first, expected.size()) != ArrayRef<Type>(expected))
    return user->emitOpError()
           << "has a fused epilogue, but kernel @" << kernel.getName()
           << " does not take its operands after A, B, C"
           << (first > 3 ? " and the tensor maps" : "")
           << " (outline it with tile-outline-kernel)";
  fused.epilogue = epilogue;
  fused.c = kernel.getArgument(2);
  unsigned next = first;
  if (epilogue.getAlphaBeta()) {
    fused.alpha = kernel.getArgument(next++);
    fused.beta = kernel.getArgument(next++);
  }
  if (epilogue.getBias() != EpilogueBias::none)
    fused.bias = kernel.getArgument(next++);
  if (epilogue.getResidual())
    fused.residual = kernel.getArgument(next++);
  return fused;
}

namespace {

Value index(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

/// min(i, extent - 1): an index inside a dimension of extent ≥ 1.
Value clampIndex(OpBuilder &b, Location loc, Value i, Value extent) {
  return arith::MinUIOp::create(
      b, loc, i, arith::SubIOp::create(b, loc, extent, index(b, loc, 1)));
}

/// `values` (of `element` type) extended to f32.
Value extendToF32(OpBuilder &b, Location loc, Value values) {
  Type type = values.getType();
  if (getElementTypeOrSelf(type).isF32())
    return values;
  Type f32 = b.getF32Type();
  if (auto vector = dyn_cast<VectorType>(type))
    return arith::ExtFOp::create(b, loc, vector.clone(f32), values);
  return arith::ExtFOp::create(b, loc, f32, values);
}

/// `runs` runs of `vectorType`: `vectorLoad(r)` for each where `whole`
/// holds, else each built from `elementLoad(r, e)` for its lanes e. One
/// branch for all runs, so that their loads issue together; it is uniform
/// over a warp (the caller decides `whole` for a whole round of a tile).
SmallVector<Value>
loadRuns(OpBuilder &b, Location loc, VectorType vectorType, int64_t runs,
         Value whole, llvm::function_ref<Value(int64_t)> vectorLoad,
         llvm::function_ref<Value(int64_t, int64_t)> elementLoad) {
  SmallVector<Value> loaded;
  // A caller whose tiles are always whole (mma.sync) needs no branch.
  if (matchPattern(whole, m_One())) {
    for (int64_t r = 0; r < runs; ++r)
      loaded.push_back(vectorLoad(r));
    return loaded;
  }
  SmallVector<Type> types(runs, vectorType);
  auto ifWhole =
      scf::IfOp::create(b, loc, types, whole, /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifWhole.thenBlock());
  for (int64_t r = 0; r < runs; ++r)
    loaded.push_back(vectorLoad(r));
  scf::YieldOp::create(b, loc, loaded);
  b.setInsertionPointToStart(ifWhole.elseBlock());
  SmallVector<Value> built;
  for (int64_t r = 0; r < runs; ++r) {
    SmallVector<Value> elements;
    for (int64_t e = 0; e < vectorType.getNumElements(); ++e)
      elements.push_back(elementLoad(r, e));
    built.push_back(
        vector::FromElementsOp::create(b, loc, vectorType, elements));
  }
  scf::YieldOp::create(b, loc, built);
  return SmallVector<Value>(ifWhole.getResults());
}

/// One run (loadRuns with runs = 1).
Value loadRun(OpBuilder &b, Location loc, VectorType vectorType, Value whole,
              llvm::function_ref<Value()> vectorLoad,
              llvm::function_ref<Value(int64_t)> elementLoad) {
  return loadRuns(
      b, loc, vectorType, /*runs=*/1, whole,
      [&](int64_t) { return vectorLoad(); },
      [&](int64_t, int64_t e) { return elementLoad(e); })[0];
}

/// Element `i` of `flat` (1-D, unit stride) with `i` clamped to `last`.
Value loadClamped(OpBuilder &b, Location loc, Value flat, Value i,
                  Value last) {
  return memref::LoadOp::create(b, loc, flat,
                                ValueRange{arith::MinUIOp::create(b, loc, i,
                                                                  last)});
}

/// For each r, `lanes` consecutive elements of a row of `matrix` from
/// (rows[r], cols[r]) in its element type, all behind one branch so that
/// the loads issue together: vector loads (aligned to `alignment` bytes, as
/// the caller's store) where `whole` holds, else one load per element.
/// Those are clamped as linear offsets to the matrix's last element, so
/// they stay inside its storage (a ragged edge tile's values outside C are
/// computed but never stored); one bound keeps fewer registers live than a
/// row and a column bound.
SmallVector<Value> loadRowRuns(OpBuilder &b, Location loc, Value matrix,
                               ArrayRef<Value> rows, ArrayRef<Value> cols,
                               int64_t lanes, uint64_t alignment, Value whole) {
  Type element = cast<MemRefType>(matrix.getType()).getElementType();
  auto vectorType = VectorType::get({lanes}, element);
  return loadRuns(
      b, loc, vectorType, rows.size(), whole,
      [&](int64_t r) {
        return vector::LoadOp::create(b, loc, vectorType, matrix,
                                      ValueRange{rows[r], cols[r]},
                                      /*nontemporal=*/false,
                                      llvm::MaybeAlign(alignment));
      },
      [&](int64_t r, int64_t e) {
        // The storage as a 1-D memref from its base, up to the matrix's
        // last element: offset + (rows - 1)·pitch + cols - 1.
        auto metadata =
            memref::ExtractStridedMetadataOp::create(b, loc, matrix);
        Value offset = metadata.getOffset();
        Value pitch = metadata.getStrides()[0];
        Value lastRow = arith::SubIOp::create(b, loc, metadata.getSizes()[0],
                                              index(b, loc, 1));
        Value last = arith::AddIOp::create(
            b, loc,
            arith::AddIOp::create(b, loc, offset,
                                  arith::MulIOp::create(b, loc, lastRow, pitch)),
            arith::SubIOp::create(b, loc, metadata.getSizes()[1],
                                  index(b, loc, 1)));
        SmallVector<OpFoldResult> sizes{
            arith::AddIOp::create(b, loc, last, index(b, loc, 1)).getResult()};
        SmallVector<OpFoldResult> strides{b.getIndexAttr(1)};
        Value flat = memref::ReinterpretCastOp::create(
            b, loc, MemRefType::get({ShapedType::kDynamic}, element),
            metadata.getBaseBuffer(), b.getIndexAttr(0), sizes, strides);
        Value i = arith::AddIOp::create(
            b, loc,
            arith::AddIOp::create(b, loc, offset,
                                  arith::MulIOp::create(b, loc, rows[r], pitch)),
            arith::AddIOp::create(b, loc, cols[r], index(b, loc, e)));
        return loadClamped(b, loc, flat, i, last);
      });
}

/// One run of loadRowRuns, extended to f32.
Value loadRowRunAsF32(OpBuilder &b, Location loc, Value matrix, Value row,
                      Value col, int64_t lanes, uint64_t alignment,
                      Value whole) {
  return extendToF32(
      b, loc,
      loadRowRuns(b, loc, matrix, {row}, {col}, lanes, alignment, whole)[0]);
}

/// The byte address of entry `i` of the 1-D, unit-stride `memref`.
Value addressOf(OpBuilder &b, Location loc, Value memref, Value i) {
  int64_t bytes =
      cast<MemRefType>(memref.getType()).getElementTypeBitWidth() / 8;
  auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, memref);
  Value base = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, memref);
  Value offset = arith::AddIOp::create(b, loc, metadata.getOffset(), i);
  return arith::AddIOp::create(
      b, loc, base, arith::MulIOp::create(b, loc, offset, index(b, loc, bytes)));
}

/// A load of `type` (an element or a vector of them) from the global byte
/// `address`, marked invariant: the kernel never writes the bias, so NVPTX
/// emits ld.global.nc and LLVM may reuse one load across C's stores.
Value loadInvariant(OpBuilder &b, Location loc, Type type, Value address,
                    unsigned alignment) {
  MLIRContext *ctx = b.getContext();
  Value integer = arith::IndexCastUIOp::create(b, loc, b.getI64Type(), address);
  Value generic = LLVM::IntToPtrOp::create(
      b, loc, LLVM::LLVMPointerType::get(ctx), integer);
  Value global = LLVM::AddrSpaceCastOp::create(
      b, loc, LLVM::LLVMPointerType::get(ctx, /*addressSpace=*/1), generic);
  return LLVM::LoadOp::create(b, loc, type, global, alignment,
                              /*isVolatile=*/false, /*isNonTemporal=*/false,
                              /*isInvariant=*/true);
}

/// Entry `i` of the read-only bias vector, clamped to its last entry (a
/// ragged edge tile's rows or columns outside C) where `clamp` says so.
Value loadBiasEntry(OpBuilder &b, Location loc, Value bias, Value i,
                    bool clamp) {
  Type element = cast<MemRefType>(bias.getType()).getElementType();
  if (clamp)
    i = clampIndex(b, loc, i, memref::DimOp::create(b, loc, bias, 0));
  return loadInvariant(b, loc, element, addressOf(b, loc, bias, i),
                       getByteWidth(element));
}

} // namespace

SmallVector<Value> FusedEpilogue::loadColumnBias(OpBuilder &b, Location loc,
                                                 ArrayRef<Value> cols,
                                                 int64_t lanes,
                                                 uint64_t alignment,
                                                 Value whole) const {
  if (!epilogue || getBias() != EpilogueBias::column)
    return SmallVector<Value>(cols.size(), Value());
  Type element = cast<MemRefType>(bias.getType()).getElementType();
  auto vectorType = VectorType::get({lanes}, element);
  SmallVector<Value> loaded = loadRuns(
      b, loc, vectorType, cols.size(), whole,
      [&](int64_t r) {
        return loadInvariant(b, loc, vectorType,
                             addressOf(b, loc, bias, cols[r]),
                             static_cast<unsigned>(alignment));
      },
      [&](int64_t r, int64_t e) {
        return loadBiasEntry(
            b, loc, bias,
            arith::AddIOp::create(b, loc, cols[r], index(b, loc, e)),
            /*clamp=*/true);
      });
  return loaded;
}

Value FusedEpilogue::betaIsNotZero(OpBuilder &b, Location loc) const {
  return arith::CmpFOp::create(
      b, loc, arith::CmpFPredicate::UNE, beta,
      arith::ConstantOp::create(b, loc, b.getF32FloatAttr(0.0)));
}

SmallVector<Value> FusedEpilogue::loadC(OpBuilder &b, Location loc,
                                        ArrayRef<Value> rows,
                                        ArrayRef<Value> cols, int64_t lanes,
                                        uint64_t alignment, Value whole) const {
  if (!epilogue || !epilogue.getAlphaBeta())
    return SmallVector<Value>(rows.size(), Value());
  // As in BLAS, C is not read when beta is 0 (it may hold anything, NaN
  // included): zeros then, so that alpha·acc + beta·0 is alpha·acc. One
  // branch, uniform over the kernel, for all the runs.
  Type element = cast<MemRefType>(c.getType()).getElementType();
  auto vectorType = VectorType::get({lanes}, element);
  Value readsC = betaIsNotZero(b, loc);
  SmallVector<Type> types(rows.size(), vectorType);
  auto ifReadsC =
      scf::IfOp::create(b, loc, types, readsC, /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifReadsC.thenBlock());
  scf::YieldOp::create(
      b, loc, loadRowRuns(b, loc, c, rows, cols, lanes, alignment, whole));
  b.setInsertionPointToStart(ifReadsC.elseBlock());
  Value zeros = arith::ConstantOp::create(
      b, loc, vectorType,
      DenseElementsAttr::get(vectorType, b.getFloatAttr(element, 0.0)));
  scf::YieldOp::create(b, loc, SmallVector<Value>(rows.size(), zeros));
  return SmallVector<Value>(ifReadsC.getResults());
}

SmallVector<Value> FusedEpilogue::loadResidual(OpBuilder &b, Location loc,
                                               ArrayRef<Value> rows,
                                               ArrayRef<Value> cols,
                                               int64_t lanes,
                                               uint64_t alignment,
                                               Value whole) const {
  if (!epilogue || !epilogue.getResidual())
    return SmallVector<Value>(rows.size(), Value());
  return loadRowRuns(b, loc, residual, rows, cols, lanes, alignment, whole);
}

SmallVector<FusedEpilogue::Operands>
FusedEpilogue::loadOperands(OpBuilder &b, Location loc, ArrayRef<Value> rows,
                            ArrayRef<Value> cols, int64_t lanes,
                            uint64_t alignment, Value whole) const {
  SmallVector<Value> c = loadC(b, loc, rows, cols, lanes, alignment, whole);
  SmallVector<Value> residual =
      loadResidual(b, loc, rows, cols, lanes, alignment, whole);
  SmallVector<Value> bias =
      hasColumnBias() ? loadColumnBias(b, loc, cols, lanes, alignment, whole)
                      : loadRowBias(b, loc, rows);
  SmallVector<Operands> loaded;
  for (size_t r = 0; r < rows.size(); ++r)
    loaded.push_back({bias[r], c[r], residual[r]});
  return loaded;
}

int64_t FusedEpilogue::getOperandBytesPerRun(int64_t lanes) const {
  auto bytesOf = [](Value matrix) {
    return getByteWidth(cast<MemRefType>(matrix.getType()).getElementType());
  };
  int64_t bytes = 0;
  if (readsC())
    bytes += lanes * bytesOf(c);
  if (hasResidual())
    bytes += lanes * bytesOf(residual);
  if (hasColumnBias())
    bytes += lanes * bytesOf(bias);
  else if (hasRowBias())
    bytes += bytesOf(bias);
  return bytes;
}

SmallVector<Value> FusedEpilogue::loadRowBias(OpBuilder &b, Location loc,
                                              ArrayRef<Value> rows) const {
  SmallVector<Value> entries;
  for (Value row : rows)
    entries.push_back(hasRowBias() ? loadBiasEntry(b, loc, bias, row,
                                                   /*clamp=*/true)
                                   : Value());
  return entries;
}

namespace {

Value splat(OpBuilder &b, Location loc, VectorType type, double value) {
  return arith::ConstantOp::create(
      b, loc, type,
      DenseElementsAttr::get(type, b.getFloatAttr(b.getF32Type(), value)));
}

Value activate(OpBuilder &b, Location loc, EpilogueActivation activation,
               Value x) {
  auto type = cast<VectorType>(x.getType());
  auto constant = [&](double value) { return splat(b, loc, type, value); };
  auto mul = [&](Value l, Value r) -> Value {
    return arith::MulFOp::create(b, loc, l, r);
  };
  switch (activation) {
  case EpilogueActivation::none:
    return x;
  case EpilogueActivation::relu:
    return arith::MaximumFOp::create(b, loc, x, constant(0.0));
  case EpilogueActivation::gelu_tanh: {
    // √(2/π)·(x + 0.044715·x³) = x·(√(2/π) + √(2/π)·0.044715·x²)
    constexpr double sqrt2OverPi = 0.7978845608028654;
    Value x2 = mul(x, x);
    Value inner =
        mul(x, math::FmaOp::create(b, loc, x2,
                                   constant(sqrt2OverPi * 0.044715),
                                   constant(sqrt2OverPi)));
    Value t = LLVM::TanhOp::create(b, loc, inner, LLVM::FastmathFlags::afn);
    Value halfX = mul(x, constant(0.5));
    return math::FmaOp::create(b, loc, halfX, t, halfX);
  }
  case EpilogueActivation::gelu_erf: {
    constexpr double rsqrt2 = 0.7071067811865476;
    Value e = math::ErfOp::create(b, loc, mul(x, constant(rsqrt2)));
    Value halfX = mul(x, constant(0.5));
    return math::FmaOp::create(b, loc, halfX, e, halfX);
  }
  case EpilogueActivation::silu: {
    // x·σ(x) with σ(x) = (1 + tanh(x/2))/2: one tanh.approx and two fmas,
    // where x / (1 + exp(−x)) takes libdevice's expf and an IEEE division
    // (alpha_beta + SiLU + residual ran at 0.71x cuBLAS at 8192x8192x4096
    // that way).
    Value halfX = mul(x, constant(0.5));
    Value t = LLVM::TanhOp::create(b, loc, halfX, LLVM::FastmathFlags::afn);
    return math::FmaOp::create(b, loc, halfX, t, halfX);
  }
  }
  return x;
}

} // namespace

SmallVector<Value> FusedEpilogue::applyToElements(OpBuilder &b, Location loc,
                                                  ArrayRef<Value> accumulators,
                                                  ArrayRef<Value> rows,
                                                  ArrayRef<Value> cols,
                                                  Type outType) const {
  SmallVector<Value> values(accumulators);
  if (hasFusedOperations()) {
    Value never = arith::ConstantIntOp::create(b, loc, b.getI1Type(), 0);
    uint64_t alignment = getByteWidth(outType);
    SmallVector<Operands> loaded =
        loadOperands(b, loc, rows, cols, /*lanes=*/1, alignment, never);
    auto one = VectorType::get({1}, b.getF32Type());
    for (auto [i, value] : llvm::enumerate(values)) {
      Value run =
          vector::FromElementsOp::create(b, loc, one, ValueRange{value});
      run = apply(b, loc, run, rows[i], cols[i], alignment, never, loaded[i]);
      value = vector::ExtractOp::create(b, loc, run, 0);
    }
  }
  for (Value &value : values)
    if (outType != value.getType())
      value = arith::TruncFOp::create(b, loc, outType, value);
  return values;
}

Value FusedEpilogue::applyToElement(OpBuilder &b, Location loc,
                                    Value accumulator, Value row, Value col,
                                    Type outType) const {
  Value value = accumulator;
  if (hasFusedOperations()) {
    Value never = arith::ConstantIntOp::create(b, loc, b.getI1Type(), 0);
    Value one = vector::FromElementsOp::create(
        b, loc, VectorType::get({1}, b.getF32Type()), ValueRange{value});
    one = apply(b, loc, one, row, col,
                /*alignment=*/getByteWidth(outType), never);
    value = vector::ExtractOp::create(b, loc, one, 0);
  }
  if (outType != value.getType())
    value = arith::TruncFOp::create(b, loc, outType, value);
  return value;
}

Value FusedEpilogue::apply(OpBuilder &b, Location loc, Value accumulators,
                           Value row, Value col, uint64_t alignment,
                           Value whole, const Operands &loaded) const {
  if (!hasFusedOperations())
    return accumulators;
  auto type = cast<VectorType>(accumulators.getType());
  int64_t lanes = type.getNumElements();
  Value x = accumulators;
  if (epilogue.getAlphaBeta() && loaded.c) {
    // C read already (loadC(): zeros where beta is 0, so that the sum is
    // alpha·acc there): one multiply and one fma per element.
    Value alphas = vector::BroadcastOp::create(b, loc, type, alpha);
    Value betas = vector::BroadcastOp::create(b, loc, type, beta);
    x = math::FmaOp::create(
        b, loc, alphas, x,
        arith::MulFOp::create(b, loc, betas, extendToF32(b, loc, loaded.c)));
  } else if (epilogue.getAlphaBeta()) {
    // alpha·acc + beta·C: one multiply and one fma per element. As in BLAS,
    // C is not read when beta is 0 (it may hold anything, NaN included):
    // then alpha·acc alone, behind a branch uniform over the kernel.
    Value alphas = vector::BroadcastOp::create(b, loc, type, alpha);
    Value readsC = arith::CmpFOp::create(
        b, loc, arith::CmpFPredicate::UNE, beta,
        arith::ConstantOp::create(b, loc, b.getF32FloatAttr(0.0)));
    auto ifReadsC = scf::IfOp::create(b, loc, TypeRange{type}, readsC,
                                      /*withElseRegion=*/true);
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(ifReadsC.thenBlock());
      Value old =
          loadRowRunAsF32(b, loc, c, row, col, lanes, alignment, whole);
      Value betas = vector::BroadcastOp::create(b, loc, type, beta);
      scf::YieldOp::create(
          b, loc,
          ValueRange{math::FmaOp::create(
              b, loc, alphas, x, arith::MulFOp::create(b, loc, betas, old))});
      b.setInsertionPointToStart(ifReadsC.elseBlock());
      scf::YieldOp::create(
          b, loc, ValueRange{arith::MulFOp::create(b, loc, alphas, x)});
    }
    x = ifReadsC.getResult(0);
  }
  if (getBias() == EpilogueBias::row) {
    Value entry = loaded.bias
                      ? loaded.bias
                      : loadBiasEntry(b, loc, bias, row,
                                      /*clamp=*/!matchPattern(whole, m_One()));
    x = arith::AddFOp::create(
        b, loc, x,
        vector::BroadcastOp::create(b, loc, type,
                                    extendToF32(b, loc, entry)));
  } else if (getBias() == EpilogueBias::column) {
    Value run = loaded.bias ? loaded.bias
                            : loadColumnBias(b, loc, {col}, lanes, alignment,
                                             whole)[0];
    x = arith::AddFOp::create(b, loc, x, extendToF32(b, loc, run));
  }
  x = activate(b, loc, epilogue.getActivation(), x);
  if (epilogue.getResidual())
    x = arith::AddFOp::create(
        b, loc, x,
        loaded.residual ? extendToF32(b, loc, loaded.residual)
                        : loadRowRunAsF32(b, loc, residual, row, col, lanes,
                                          alignment, whole));
  return x;
}

Value FusedEpilogue::holdsWholeRuns(OpBuilder &b, Location loc, Value row,
                                    Value col, int64_t rows,
                                    int64_t cols) const {
  Value holds = arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1);
  if (!hasFusedOperations())
    return holds;
  auto both = [&](Value condition) {
    holds = arith::AndIOp::create(b, loc, holds, condition);
  };
  auto atMost = [&](Value begin, int64_t extent, Value limit) {
    both(arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::ule,
        arith::AddIOp::create(b, loc, begin, index(b, loc, extent)), limit));
  };
  MatrixRows geometryC = MatrixRows::get(b, loc, c);
  atMost(row, rows, geometryC.rows);
  atMost(col, cols, geometryC.cols);
  if (epilogue.getAlphaBeta())
    both(geometryC.vectorOk);
  if (epilogue.getResidual())
    both(MatrixRows::get(b, loc, residual).vectorOk);
  if (getBias() == EpilogueBias::column)
    both(arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::eq,
        arith::RemUIOp::create(b, loc, addressOf(b, loc, bias, index(b, loc, 0)),
                               index(b, loc, 16)),
        index(b, loc, 0)));
  return holds;
}

Value FusedEpilogue::scale(OpBuilder &b, Location loc,
                           Value accumulators) const {
  if (!epilogue || !epilogue.getAlphaBeta())
    return accumulators;
  return arith::MulFOp::create(
      b, loc, accumulators,
      vector::BroadcastOp::create(b, loc, accumulators.getType(), alpha));
}

EpilogueBias FusedEpilogue::getBias() const {
  if (!epilogue)
    return EpilogueBias::none;
  EpilogueBias bias = epilogue.getBias();
  if (!onTranspose || bias == EpilogueBias::none)
    return bias;
  return bias == EpilogueBias::row ? EpilogueBias::column : EpilogueBias::row;
}

FusedEpilogue FusedEpilogue::readingC(OpBuilder &b, Location loc,
                                      Value matrixC) const {
  FusedEpilogue reading = *this;
  if (!hasFusedOperations())
    return reading;
  reading.c = matrixC;
  if (residual && cast<MemRefType>(residual.getType()).getRank() == 3) {
    // Only a batched C has a batched residual (the verifier), and its
    // batch entry's view names the entry.
    std::optional<BatchEntry> entry = matchBatchEntryView(matrixC);
    assert(entry && "a batched residual is read through C's batch entry");
    reading.residual =
        viewBatchEntry(b, loc, residual,
                       getValueOrCreateConstantIndexOp(b, loc, entry->batch));
  }
  return reading;
}

FusedEpilogue FusedEpilogue::onTransposeOfC(OpBuilder &b, Location loc) const {
  FusedEpilogue transposed = *this;
  if (!hasFusedOperations())
    return transposed;
  transposed.c = createTransposedView(b, loc, c);
  if (residual)
    transposed.residual = createTransposedView(b, loc, residual);
  transposed.onTranspose = !onTranspose;
  return transposed;
}
