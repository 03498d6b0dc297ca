//===- FusedEpilogue.cpp - element-wise math of a fused epilogue ----------===//
//
// All math is f32. erf and exp go through the math dialect, which
// convert-gpu-to-nvvm maps to libdevice (__nv_erff, __nv_expf), linked and
// inlined by gpu-module-to-binary; GELU's tanh is the hardware's:
//
//   relu       max(x, 0)                      arith.maximumf (NaN propagates)
//   gelu_tanh  0.5·x·(1 + tanh(√(2/π)·(x + 0.044715·x³)))
//                                             llvm.intr.tanh {afn}
//   gelu_erf   0.5·x·(1 + erf(x·(1/√2)))                       math.erf
//   silu       x / (1 + exp(−x))                               math.exp
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

#include "passes/FusedEpilogue.h"

#include "passes/HopperKernelPlan.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace gemm_opt;
using namespace gemm_opt::tile;

SmallVector<Type> gemm_opt::getFusedEpilogueArgumentTypes(ScheduleAttr schedule,
                                                          Type cElementType) {
  SmallVector<Type> types;
  EpilogueAttr epilogue = schedule.getEpilogue();
  if (!epilogue)
    return types;
  MLIRContext *ctx = schedule.getContext();
  Type f32 = Float32Type::get(ctx);
  if (epilogue.getAlphaBeta())
    types.append({f32, f32});
  if (epilogue.getBias() != EpilogueBias::none)
    types.push_back(MemRefType::get(
        {ShapedType::kDynamic}, cElementType,
        StridedLayoutAttr::get(ctx, ShapedType::kDynamic, {1})));
  if (epilogue.getResidual())
    types.push_back(MemRefType::get(
        {ShapedType::kDynamic, ShapedType::kDynamic}, cElementType,
        StridedLayoutAttr::get(ctx, ShapedType::kDynamic,
                               {ShapedType::kDynamic, 1})));
  return types;
}

FailureOr<FusedEpilogue> FusedEpilogue::forKernel(gpu::GPUFuncOp kernel,
                                                  ScheduleAttr schedule,
                                                  Operation *user) {
  FusedEpilogue fused;
  EpilogueAttr epilogue = schedule.getEpilogue();
  if (!epilogue || !epilogue.hasFusedOperations())
    return fused;
  unsigned first = 3 + getTmaDescriptorCount(schedule);
  if (!kernel)
    return user->emitOpError()
           << "has a fused epilogue but is not in a kernel: outline it with "
              "tile-outline-kernel";
  Type cElement =
      cast<MemRefType>(kernel.getArgument(2).getType()).getElementType();
  SmallVector<Type> expected = getFusedEpilogueArgumentTypes(schedule, cElement);
  // A split_k or stream_k kernel takes its workspace (partial tiles and
  // tile counters) after them (tile-outline-kernel).
  unsigned workspace = schedule.hasKWorkspace() ? 2 : 0;
  ArrayRef<Type> actual = kernel.getArgumentTypes();
  if (actual.size() != first + expected.size() + workspace ||
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

/// Loads `lanes` consecutive elements of `matrix` at `indices` and extends
/// them to f32.
Value loadAsF32(OpBuilder &b, Location loc, Value memref, ValueRange indices,
                int64_t lanes, uint64_t alignment) {
  Type element = cast<MemRefType>(memref.getType()).getElementType();
  Value loaded = vector::LoadOp::create(
      b, loc, VectorType::get({lanes}, element), memref, indices,
      /*nontemporal=*/false, llvm::MaybeAlign(alignment));
  auto f32s = VectorType::get({lanes}, b.getF32Type());
  return element.isF32() ? loaded : arith::ExtFOp::create(b, loc, f32s, loaded);
}

/// `lanes` consecutive elements (one for lanes = 0: a scalar) of the 1-D,
/// unit-stride, read-only `memref` from `index`, extended to f32, as an
/// LLVM load marked invariant: the kernel never writes them, so NVPTX emits
/// ld.global.nc and LLVM may reuse one load across C's stores (the wgmma
/// epilogue's thread visits the same columns in every step of a tile, and a
/// vector.load would be repeated after each store).
Value loadInvariantAsF32(OpBuilder &b, Location loc, Value memref,
                         Value index, int64_t lanes, uint64_t alignment) {
  MLIRContext *ctx = b.getContext();
  Type element = cast<MemRefType>(memref.getType()).getElementType();
  int64_t bytes = element.getIntOrFloatBitWidth() / 8;
  auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, memref);
  Value base = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, memref);
  Value offset = arith::AddIOp::create(b, loc, metadata.getOffset(), index);
  Value address = arith::AddIOp::create(
      b, loc, base,
      arith::MulIOp::create(b, loc, offset,
                            arith::ConstantIndexOp::create(b, loc, bytes)));
  Value integer = arith::IndexCastUIOp::create(b, loc, b.getI64Type(), address);
  Value generic = LLVM::IntToPtrOp::create(
      b, loc, LLVM::LLVMPointerType::get(ctx), integer);
  Value global = LLVM::AddrSpaceCastOp::create(
      b, loc, LLVM::LLVMPointerType::get(ctx, /*addressSpace=*/1), generic);
  Type loadedType =
      lanes == 0 ? element : Type(VectorType::get({lanes}, element));
  Value loaded = LLVM::LoadOp::create(
      b, loc, loadedType, global,
      lanes == 0 ? static_cast<unsigned>(bytes)
                 : static_cast<unsigned>(alignment),
      /*isVolatile=*/false, /*isNonTemporal=*/false, /*isInvariant=*/true);
  if (element.isF32())
    return loaded;
  Type f32s = lanes == 0 ? b.getF32Type()
                         : Type(VectorType::get({lanes}, b.getF32Type()));
  return arith::ExtFOp::create(b, loc, f32s, loaded);
}

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
  auto add = [&](Value l, Value r) -> Value {
    return arith::AddFOp::create(b, loc, l, r);
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
    Value negated = arith::NegFOp::create(b, loc, x);
    Value denominator = add(constant(1.0), math::ExpOp::create(b, loc, negated));
    return arith::DivFOp::create(b, loc, x, denominator);
  }
  }
  return x;
}

} // namespace

Value FusedEpilogue::apply(OpBuilder &b, Location loc, Value accumulators,
                           Value row, Value col, uint64_t alignment) const {
  if (!hasFusedOperations())
    return accumulators;
  auto type = cast<VectorType>(accumulators.getType());
  int64_t lanes = type.getNumElements();
  Value x = accumulators;
  if (epilogue.getAlphaBeta()) {
    // alpha·acc + beta·C: one multiply and one fma per element.
    Value old = loadAsF32(b, loc, c, {row, col}, lanes, alignment);
    Value alphas = vector::BroadcastOp::create(b, loc, type, alpha);
    Value betas = vector::BroadcastOp::create(b, loc, type, beta);
    x = math::FmaOp::create(b, loc, alphas, x,
                            arith::MulFOp::create(b, loc, betas, old));
  }
  if (epilogue.getBias() == EpilogueBias::row) {
    Value entry = loadInvariantAsF32(b, loc, bias, row, /*lanes=*/0, 0);
    x = arith::AddFOp::create(
        b, loc, x, vector::BroadcastOp::create(b, loc, type, entry));
  } else if (epilogue.getBias() == EpilogueBias::column) {
    x = arith::AddFOp::create(
        b, loc, x, loadInvariantAsF32(b, loc, bias, col, lanes, alignment));
  }
  x = activate(b, loc, epilogue.getActivation(), x);
  if (epilogue.getResidual())
    x = arith::AddFOp::create(
        b, loc, x, loadAsF32(b, loc, residual, {row, col}, lanes, alignment));
  return x;
}

Value FusedEpilogue::scale(OpBuilder &b, Location loc,
                           Value accumulators) const {
  if (!epilogue || !epilogue.getAlphaBeta())
    return accumulators;
  return arith::MulFOp::create(
      b, loc, accumulators,
      vector::BroadcastOp::create(b, loc, accumulators.getType(), alpha));
}
