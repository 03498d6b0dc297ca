//===- BlockScaleRingMemory.h - a kernel's block-scale ring -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The block-scale ring of a warp-specialized kernel (dialect/
// BlockScaleRing.h) as its producer fills it and its consumers read it.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_HOPPER_BLOCKSCALERINGMEMORY_H
#define GEMM_OPT_PASSES_HOPPER_BLOCKSCALERINGMEMORY_H

#include "dialect/BlockScaleRing.h"

#include "mlir/IR/Value.h"

namespace gemm_opt {

struct BlockScaleRingMemory {
  tile::BlockScaleRing layout;
  /// f32 in workgroup memory, layout.getStageFactors() per stage; null
  /// where the kernel has no ring.
  mlir::Value memory;

  explicit operator bool() const { return static_cast<bool>(memory); }
};

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_HOPPER_BLOCKSCALERINGMEMORY_H
