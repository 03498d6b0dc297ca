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

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace gemm_opt;
using namespace gemm_opt::tile;

static MemRefType scaleType(MLIRContext *context, int64_t rank) {
  Type f32 = Float32Type::get(context);
  int64_t dynamic = ShapedType::kDynamic;
  SmallVector<int64_t, 2> shape(rank, dynamic);
  SmallVector<int64_t, 2> strides(rank, dynamic);
  if (rank == 1)
    strides[0] = 1;
  return MemRefType::get(shape, f32,
                         StridedLayoutAttr::get(context, dynamic, strides));
}

SmallVector<Type, 2> gemm_opt::getScaleArgumentTypes(MLIRContext *context,
                                                     ScalingAttr scaling) {
  if (!scaling)
    return {};
  return {scaleType(context, getScaleRankA(scaling)),
          scaleType(context, getScaleRankB(scaling))};
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
  SmallVector<Type, 2> expected =
      getScaleArgumentTypes(kernel.getContext(), scaling);
  auto c = dyn_cast<MemRefType>(kernel.getArgumentTypes()[2]);
  bool scaleD = c && isEightBitFloat(c.getElementType());
  bool amax = hasKernelAmax(kernel);
  expected.append(
      getOutputScaleArgumentTypes(kernel.getContext(), scaleD, amax));
  unsigned workspace = schedule.hasKWorkspace() ? 2 : 0;
  unsigned count = kernel.getNumArguments();
  unsigned first = count - workspace - expected.size();
  if (count < 3 + workspace + expected.size() ||
      kernel.getArgumentTypes().slice(first, expected.size()) !=
          ArrayRef<Type>(expected))
    return user->emitOpError()
           << "has 8-bit inputs, but kernel @" << kernel.getName()
           << " does not take their scales before its workspace (outline it "
              "with tile-outline-kernel)";
  scales.scaling = scaling;
  scales.a = kernel.getArgument(first);
  scales.b = kernel.getArgument(first + 1);
  if (scaleD)
    scales.d = kernel.getArgument(first + 2);
  if (amax)
    scales.amax = kernel.getArgument(first + 2 + (scaleD ? 1 : 0));
  return scales;
}
