//===- MmaSyncFragments.cpp - mma.sync m16n8k16 register layout -----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "passes/mma_sync/MmaSyncFragments.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"

using namespace mlir;
using namespace gemm_opt;

WarpCoordinates gemm_opt::computeWarpCoordinates(OpBuilder &b, Location loc,
                                                 tile::ScheduleAttr schedule) {
  auto index = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  Value threadId = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  Value warp = arith::DivUIOp::create(b, loc, threadId, index(32));
  Value lane = arith::RemUIOp::create(b, loc, threadId, index(32));
  Value warpsN = index(schedule.getWarpsN());
  Value warpRow = arith::DivUIOp::create(b, loc, warp, warpsN);
  Value warpCol = arith::RemUIOp::create(b, loc, warp, warpsN);
  return {lane,
          arith::MulIOp::create(b, loc, warpRow, index(schedule.getWarpM())),
          arith::MulIOp::create(b, loc, warpCol, index(schedule.getWarpN()))};
}

MemRefType gemm_opt::accumulatorFragmentsType(tile::ScheduleAttr schedule) {
  tile::MmaAttr mma = schedule.getMma();
  return MemRefType::get({schedule.getWarpM() / mma.getM(),
                          schedule.getWarpN() / mma.getN(), 4},
                         schedule.getElements().getAcc());
}

MemRefType gemm_opt::operandFragmentsType(tile::ScheduleAttr schedule,
                                          int64_t ksteps) {
  int64_t slots = schedule.getWarpM() / 16 + schedule.getWarpN() / 16;
  return MemRefType::get({ksteps, slots, 4},
                         IntegerType::get(schedule.getContext(), 32));
}
