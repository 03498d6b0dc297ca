//===- OutlineTranspose.cpp - move tile.transpose into a GPU kernel -------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "passes/copy/OutlineTranspose.h"

#include "passes/common/BatchEntryView.h"
#include "passes/copy/TransposeKernelAttributes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace gemm_opt;
using namespace gemm_opt::tile;

/// The kernel-argument form of a matrix (or batch of them): row-major with
/// dynamic extents, leading dimension, offset (and batch stride).
static MemRefType kernelMatrixType(MemRefType type) {
  MLIRContext *ctx = type.getContext();
  SmallVector<int64_t> strides(type.getRank() - 1, ShapedType::kDynamic);
  strides.push_back(1);
  auto layout = StridedLayoutAttr::get(ctx, ShapedType::kDynamic, strides);
  SmallVector<int64_t> shape(type.getRank(), ShapedType::kDynamic);
  return MemRefType::get(shape, type.getElementType(), layout,
                         type.getMemorySpace());
}

gpu::GPUFuncOp gemm_opt::outlineTranspose(OpBuilder &builder,
                                          gpu::GPUModuleOp module,
                                          StringRef name,
                                          TransposeOp transpose) {
  TransposeScheduleAttr schedule = transpose.getScheduleAttr();
  Location loc = transpose.getLoc();
  SmallVector<Value> operands{transpose.getSrc(), transpose.getDst()};
  SmallVector<Type> argTypes;
  for (Value operand : operands)
    argTypes.push_back(kernelMatrixType(cast<MemRefType>(operand.getType())));
  Type elementType = transpose.getSrc().getType().getElementType();

  gpu::GPUFuncOp kernel;
  {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToEnd(module.getBody());
    kernel = gpu::GPUFuncOp::create(builder, loc, name,
                                    builder.getFunctionType(argTypes, {}));
    kernel->setAttr(gpu::GPUDialect::getKernelFuncAttrName(),
                    builder.getUnitAttr());
    int32_t threads = static_cast<int32_t>(schedule.getThreadCount());
    kernel.setKnownBlockSizeAttr(
        builder.getDenseI32ArrayAttr({threads, 1, 1}));
    setKernelTranspose(kernel, schedule, elementType,
                       transpose.getSrc().getType().getRank() == 3);
    Block &body = kernel.getBody().front();
    builder.setInsertionPointToStart(&body);
    TransposeOp::create(builder, loc, body.getArgument(0), body.getArgument(1),
                        schedule);
    gpu::ReturnOp::create(builder, loc);
  }

  builder.setInsertionPoint(transpose);
  SmallVector<Value> args;
  for (auto [operand, type] : llvm::zip(operands, kernel.getArgumentTypes()))
    args.push_back(operand.getType() == type
                       ? operand
                       : memref::CastOp::create(builder, loc, type, operand)
                             .getResult());
  auto ceilDiv = [&](Value extent, int64_t tile) -> Value {
    Value tileSize = arith::ConstantIndexOp::create(builder, loc, tile);
    return arith::CeilDivUIOp::create(builder, loc, extent, tileSize);
  };
  auto src = transpose.getSrc();
  Value rows = getMatrixExtent(builder, loc, src, 0);
  Value cols = getMatrixExtent(builder, loc, src, 1);
  Value one = arith::ConstantIndexOp::create(builder, loc, 1);
  // A batch of matrices: one grid layer per entry.
  Value batch = src.getType().getRank() == 3
                    ? memref::DimOp::create(builder, loc, src, 0).getResult()
                    : one;
  gpu::KernelDim3 grid{ceilDiv(cols, schedule.getTileCols()),
                       ceilDiv(rows, schedule.getTileRows()), batch};
  gpu::KernelDim3 block{
      arith::ConstantIndexOp::create(builder, loc, schedule.getThreadCount()),
      one, one};
  Value sharedBytes = arith::ConstantIntOp::create(
      builder, loc, builder.getI32Type(),
      schedule.getSharedMemoryBytes(elementType));
  gpu::LaunchFuncOp::create(builder, loc, kernel, grid, block, sharedBytes,
                            args);
  transpose.erase();
  return kernel;
}
