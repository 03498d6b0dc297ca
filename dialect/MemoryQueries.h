//===- MemoryQueries.h - where a memref lives, how wide its elements -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_DIALECT_MEMORYQUERIES_H
#define GEMM_OPT_DIALECT_MEMORYQUERIES_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinTypes.h"

namespace gemm_opt::tile {

/// Whether `type` is a memref in GPU workgroup (shared) memory.
inline bool isWorkgroupMemory(mlir::Type type) {
  auto memref = llvm::dyn_cast<mlir::MemRefType>(type);
  if (!memref)
    return false;
  auto space = llvm::dyn_cast_if_present<mlir::gpu::AddressSpaceAttr>(
      memref.getMemorySpace());
  return space && space.getValue() == mlir::gpu::AddressSpace::Workgroup;
}

/// Whether the memref `type` lives in global memory: the default memory
/// space (what the runtime's device pointers are) or
/// #gpu.address_space<global>. Operands of tile.gemm, tile.transpose and
/// tile.copy must; shared, private or other spaces would compile to
/// accesses of the wrong state space.
inline bool isGlobalMemory(mlir::MemRefType type) {
  mlir::Attribute memorySpace = type.getMemorySpace();
  if (!memorySpace)
    return true;
  auto space = llvm::dyn_cast<mlir::gpu::AddressSpaceAttr>(memorySpace);
  return space && space.getValue() == mlir::gpu::AddressSpace::Global;
}

/// Bytes of one element of the int or float `type`.
inline int64_t getByteWidth(mlir::Type type) {
  return type.getIntOrFloatBitWidth() / 8;
}

} // namespace gemm_opt::tile

#endif // GEMM_OPT_DIALECT_MEMORYQUERIES_H
