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
  unsigned workspace = schedule.hasKWorkspace() ? 2 : 0;
  unsigned count = kernel.getNumArguments();
  if (count < 3 + workspace + 2 ||
      kernel.getArgumentTypes().slice(count - workspace - 2, 2) !=
          ArrayRef<Type>(expected))
    return user->emitOpError()
           << "has 8-bit inputs, but kernel @" << kernel.getName()
           << " does not take their scales before its workspace (outline it "
              "with tile-outline-kernel)";
  scales.scaling = scaling;
  scales.a = kernel.getArgument(count - workspace - 2);
  scales.b = kernel.getArgument(count - workspace - 1);
  return scales;
}
