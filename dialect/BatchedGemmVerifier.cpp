//===- BatchedGemmVerifier.cpp - batched operands of tile.gemm ------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "dialect/BatchedGemmVerifier.h"

using namespace mlir;
using namespace gemm_opt::tile;

LogicalResult gemm_opt::tile::verifyBatchedOperands(GemmOp gemm,
                                                    ScheduleAttr schedule) {
  MemRefType a = gemm.getA().getType(), b = gemm.getB().getType(),
             c = gemm.getC().getType();
  if (a.getRank() != c.getRank() || b.getRank() != c.getRank())
    return gemm.emitOpError()
           << "A, B and C must all be matrices (rank 2) or all batches of "
              "matrices (rank 3: batch × rows × columns), got ranks "
           << a.getRank() << ", " << b.getRank() << " and " << c.getRank();
  if (!gemm.isBatched())
    return success();
  // The batch extents are dynamic in general; static ones must agree.
  int64_t batch = ShapedType::kDynamic;
  for (auto [name, type] : {std::pair<StringRef, MemRefType>{"A", a},
                            {"B", b},
                            {"C", c}}) {
    int64_t extent = type.getDimSize(0);
    if (ShapedType::isDynamic(extent))
      continue;
    if (!ShapedType::isDynamic(batch) && extent != batch)
      return gemm.emitOpError()
             << "batch count of " << name << " (" << extent
             << ") does not match the other operands' (" << batch << ")";
    batch = extent;
  }
  if (!schedule.isWgmma())
    return gemm.emitOpError()
           << "batched operands need a wgmma schedule: the "
           << (schedule.isFfma() ? "ffma" : "mma.sync")
           << " path computes one matrix per launch";
  return success();
}
