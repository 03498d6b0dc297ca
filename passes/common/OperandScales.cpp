//===- OperandScales.cpp - an 8-bit GEMM kernel's scale arguments ---------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "passes/common/OperandScales.h"

#include "dialect/ScaledGemmVerifier.h"
#include "passes/common/KernelAttributes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace gemm_opt;
using namespace gemm_opt::tile;

/// Scales of `rank` (the mode's), with a batch dimension before them where
/// `perEntry`: a vector's unit stride, every other stride dynamic.
static MemRefType scaleType(MLIRContext *context, int64_t rank,
                            bool perEntry) {
  Type f32 = Float32Type::get(context);
  int64_t dynamic = ShapedType::kDynamic;
  int64_t batchDims = perEntry ? 1 : 0;
  SmallVector<int64_t, 3> shape(batchDims + rank, dynamic);
  SmallVector<int64_t, 3> strides(batchDims + rank, dynamic);
  if (rank == 1)
    strides.back() = 1;
  return MemRefType::get(shape, f32,
                         StridedLayoutAttr::get(context, dynamic, strides));
}

SmallVector<Type, 2> gemm_opt::getScaleArgumentTypes(MLIRContext *context,
                                                     ScalingAttr scaling,
                                                     PerEntryScales perEntry) {
  if (!scaling)
    return {};
  return {scaleType(context, getScaleRankA(scaling), perEntry.a),
          scaleType(context, getScaleRankB(scaling), perEntry.b)};
}

/// Entry `batch` of `scales`, which hold a batch of them (dimension 0).
static Value viewScalesOfEntry(OpBuilder &b, Location loc, Value scales,
                               Value batch) {
  auto type = cast<MemRefType>(scales.getType());
  SmallVector<OpFoldResult> offsets(type.getRank(), b.getIndexAttr(0));
  offsets[0] = batch;
  SmallVector<OpFoldResult> sizes{b.getIndexAttr(1)};
  SmallVector<int64_t> entryShape;
  for (int64_t dim = 1; dim < type.getRank(); ++dim) {
    sizes.push_back(memref::DimOp::create(b, loc, scales, dim).getResult());
    entryShape.push_back(ShapedType::kDynamic);
  }
  SmallVector<OpFoldResult> strides(type.getRank(), b.getIndexAttr(1));
  auto viewType = memref::SubViewOp::inferRankReducedResultType(
      entryShape, type, offsets, sizes, strides);
  return memref::SubViewOp::create(b, loc, cast<MemRefType>(viewType), scales,
                                   offsets, sizes, strides);
}

OperandScales OperandScales::atBatchEntry(OpBuilder &builder, Location loc,
                                          Value batch) const {
  OperandScales entry = *this;
  if (perEntry.a)
    entry.a = viewScalesOfEntry(builder, loc, a, batch);
  if (perEntry.b)
    entry.b = viewScalesOfEntry(builder, loc, b, batch);
  entry.perEntry = {};
  return entry;
}

SmallVector<Type, 2> gemm_opt::getOutputScaleArgumentTypes(MLIRContext *context,
                                                           bool scaleD,
                                                           bool amax) {
  SmallVector<Type, 2> types;
  auto scalar = MemRefType::get({}, Float32Type::get(context));
  if (scaleD)
    types.push_back(scalar);
  if (amax)
    types.push_back(scalar);
  return types;
}

FailureOr<OperandScales> OperandScales::forKernel(gpu::GPUFuncOp kernel,
                                                  ScheduleAttr schedule,
                                                  Operation *user) {
  OperandScales scales;
  if (!kernel)
    return scales;
  ScalingAttr scaling = getKernelScaling(kernel);
  if (!scaling)
    return scales;
  PerEntryScales perEntry = getKernelPerEntryScales(kernel);
  SmallVector<Type, 2> expected =
      getScaleArgumentTypes(kernel.getContext(), scaling, perEntry);
  auto c = dyn_cast<MemRefType>(kernel.getArgumentTypes()[2]);
  bool scaleD = c && isEightBitFloat(c.getElementType());
  bool amax = hasKernelAmax(kernel);
  expected.append(
      getOutputScaleArgumentTypes(kernel.getContext(), scaleD, amax));
  // After the scales: a K workspace's two arguments, a grouped kernel's
  // group operand.
  unsigned trailing = (schedule.hasKWorkspace() ? 2 : 0) +
                      (getKernelGrouped(kernel).empty() ? 0 : 1);
  unsigned count = kernel.getNumArguments();
  unsigned first = count - trailing - expected.size();
  if (count < 3 + trailing + expected.size() ||
      kernel.getArgumentTypes().slice(first, expected.size()) !=
          ArrayRef<Type>(expected))
    return user->emitOpError()
           << "has 8-bit inputs, but kernel @" << kernel.getName()
           << " does not take their scales before its workspace or group "
              "operand (outline it with tile-outline-kernel)";
  scales.scaling = scaling;
  scales.perEntry = perEntry;
  scales.a = kernel.getArgument(first);
  scales.b = kernel.getArgument(first + 1);
  if (scaleD)
    scales.d = kernel.getArgument(first + 2);
  if (amax)
    scales.amax = kernel.getArgument(first + 2 + (scaleD ? 1 : 0));
  return scales;
}
