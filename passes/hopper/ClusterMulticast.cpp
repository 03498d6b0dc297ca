//===- ClusterMulticast.cpp - a block's place in a thread-block cluster ---===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "passes/hopper/ClusterMulticast.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace gemm_opt;

ClusterPosition ClusterPosition::get(OpBuilder &b, Location loc,
                                     const HopperKernelPlan &plan) {
  Value rank = arith::IndexCastUIOp::create(
      b, loc, b.getIndexType(),
      NVVM::ClusterId::create(b, loc, b.getI32Type()));
  Value perRow = arith::ConstantIndexOp::create(b, loc, plan.clusterN);
  return {arith::DivUIOp::create(b, loc, rank, perRow),
          arith::RemUIOp::create(b, loc, rank, perRow)};
}

/// `pattern` << `shift` as an i16 multicast mask.
static Value shiftedMask(OpBuilder &b, Location loc, int64_t pattern,
                         Value shift) {
  Value base = arith::ConstantIntOp::create(b, loc, b.getI32Type(), pattern);
  Value bits = arith::ShLIOp::create(
      b, loc, base,
      arith::IndexCastUIOp::create(b, loc, b.getI32Type(), shift));
  return arith::TruncIOp::create(b, loc, b.getI16Type(), bits);
}

Value ClusterPosition::rowMask(OpBuilder &b, Location loc,
                               const HopperKernelPlan &plan) const {
  // Ranks row·clusterN ... row·clusterN + clusterN - 1.
  Value first = arith::MulIOp::create(
      b, loc, row, arith::ConstantIndexOp::create(b, loc, plan.clusterN));
  return shiftedMask(b, loc, (int64_t(1) << plan.clusterN) - 1, first);
}

Value ClusterPosition::columnMask(OpBuilder &b, Location loc,
                                  const HopperKernelPlan &plan) const {
  // Ranks column, column + clusterN, column + 2·clusterN, ...
  int64_t pattern = 0;
  for (int64_t i = 0; i < plan.clusterM; ++i)
    pattern |= int64_t(1) << (i * plan.clusterN);
  return shiftedMask(b, loc, pattern, column);
}

void ClusterPosition::arriveOnSenders(OpBuilder &b, Location loc,
                                      const HopperKernelPlan &plan,
                                      Value barriers, Value stage) const {
  auto index = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  Value address =
      nvgpu::MBarrierGetOp::create(b, loc, b.getI32Type(), barriers, stage);
  Value local = LLVM::IntToPtrOp::create(
      b, loc, LLVM::LLVMPointerType::get(b.getContext(), /*shared=*/3),
      address);
  auto clusterPointer = LLVM::LLVMPointerType::get(
      b.getContext(), static_cast<unsigned>(NVVM::NVVMMemorySpace::SharedCluster));
  auto arriveAt = [&](Value rank) {
    Value remote = NVVM::MapaOp::create(
        b, loc, clusterPointer, local,
        arith::IndexCastUIOp::create(b, loc, b.getI32Type(), rank));
    // Release at CTA scope, as mbarrier.arrive's default: the stage's
    // readers are this block's wgmmas, retired by wgmma.wait_group before
    // the arrival. (A cluster-scope release costs a cluster-wide fence per
    // K step.)
    NVVM::MBarrierArriveOp::create(b, loc, Type(), remote, Value(),
                                   NVVM::MemScopeKind::CTA);
  };
  Value rowStart = arith::MulIOp::create(b, loc, row, index(plan.clusterN));
  // The blocks of this row (this block among them) ...
  for (int64_t j = 0; j < plan.clusterN; ++j)
    arriveAt(arith::AddIOp::create(b, loc, rowStart, index(j)));
  // ... and the other blocks of this column.
  for (int64_t i = 1; i < plan.clusterM; ++i) {
    Value otherRow = arith::RemUIOp::create(
        b, loc, arith::AddIOp::create(b, loc, row, index(i)),
        index(plan.clusterM));
    arriveAt(arith::AddIOp::create(
        b, loc, arith::MulIOp::create(b, loc, otherRow, index(plan.clusterN)),
        column));
  }
}

int64_t gemm_opt::emptyBarrierArrivals(const HopperKernelPlan &plan) {
  int64_t receivers =
      plan.multicast ? plan.clusterM + plan.clusterN - 1 : 1;
  return plan.warpgroupsPerTile * receivers;
}

void gemm_opt::synchronizeCluster(OpBuilder &b, Location loc) {
  NVVM::ClusterArriveOp::create(b, loc, /*aligned=*/UnitAttr());
  NVVM::ClusterWaitOp::create(b, loc, /*aligned=*/UnitAttr());
}
