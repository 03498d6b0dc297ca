//===- KernelBlock.h - a block's producer and consumers share -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The warp-specialized wgmma kernel's producer (passes/hopper/TmaProducer.h) and
// consumers (passes/hopper/WgmmaMainLoop.h) are built from the same pieces of the
// block: the builder, the kernel's plan, the block's shared memory, the
// stage ring's barriers (passes/hopper/StageRing.h), its list of work
// (passes/hopper/BlockWorkWalk.h), its place in its cluster, and whether the
// thread is its warpgroup's first.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_HOPPER_KERNELBLOCK_H
#define GEMM_OPT_PASSES_HOPPER_KERNELBLOCK_H

#include "passes/hopper/BlockWorkWalk.h"
#include "passes/hopper/ClusterMulticast.h"
#include "passes/hopper/HopperKernelPlan.h"
#include "passes/hopper/StageRing.h"

namespace gemm_opt {

struct KernelBlock {
  mlir::OpBuilder &b;
  mlir::Location loc;
  const HopperKernelPlan &plan;
  /// The kernel's dynamic shared memory (i8).
  mlir::Value sharedMemory;
  StageBarriers barriers;
  BlockWorkWalk &walk;
  ClusterPosition position;
  /// Whether this thread is its warpgroup's first (the one that issues TMA
  /// and arrives on the barriers).
  mlir::Value primary;
};

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_HOPPER_KERNELBLOCK_H
