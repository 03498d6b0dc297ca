//===- SharedMemoryView.h - typed views of dynamic shared memory -*- C++
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//-*-===//

#ifndef GEMM_OPT_PASSES_COMMON_SHAREDMEMORYVIEW_H
#define GEMM_OPT_PASSES_COMMON_SHAREDMEMORYVIEW_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace gemm_opt {

/// The kernel's dynamic shared memory as a flat i8 memref
/// (gpu.dynamic_shared_memory), the base every view is carved from.
inline mlir::Value getDynamicSharedMemory(mlir::OpBuilder &b,
                                          mlir::Location loc) {
  auto workgroup = mlir::gpu::AddressSpaceAttr::get(
      b.getContext(), mlir::gpu::AddressSpace::Workgroup);
  return mlir::gpu::DynamicSharedMemoryOp::create(
      b, loc,
      mlir::MemRefType::get({mlir::ShapedType::kDynamic}, b.getI8Type(),
                            nullptr, workgroup));
}

/// A `shape` view of element type `type` at `byteOffset` of `raw`, the
/// kernel's dynamic shared memory (gpu.dynamic_shared_memory, i8).
inline mlir::Value viewSharedMemory(mlir::OpBuilder &b, mlir::Location loc,
                                    mlir::Value raw, mlir::Value byteOffset,
                                    llvm::ArrayRef<int64_t> shape,
                                    mlir::Type type) {
  auto workgroup = mlir::gpu::AddressSpaceAttr::get(
      b.getContext(), mlir::gpu::AddressSpace::Workgroup);
  return mlir::memref::ViewOp::create(
      b, loc, mlir::MemRefType::get(shape, type, nullptr, workgroup), raw,
      byteOffset, mlir::ValueRange{});
}

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_COMMON_SHAREDMEMORYVIEW_H
