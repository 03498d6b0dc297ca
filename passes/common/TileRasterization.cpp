//===- TileRasterization.cpp - which C tile a block works on --------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "passes/common/TileRasterization.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace gemm_opt;
using namespace gemm_opt::tile;

std::pair<Value, Value> gemm_opt::rasterizeTile(OpBuilder &b, Location loc,
                                                ScheduleAttr schedule,
                                                Value linear, Value tilesM,
                                                Value tilesN) {
  auto index = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  int64_t group = schedule.getRasterGroup();
  if (group == 1)
    return {arith::DivUIOp::create(b, loc, linear, tilesN),
            arith::RemUIOp::create(b, loc, linear, tilesN)};
  bool alongM = schedule.getRasterOrder() == RasterOrder::along_m;
  // Name the grouped dimension "major" and the other "minor".
  Value tilesMajor = alongM ? tilesM : tilesN;
  Value tilesMinor = alongM ? tilesN : tilesM;
  Value perGroup = arith::MulIOp::create(b, loc, index(group), tilesMinor);
  Value groupId = arith::DivUIOp::create(b, loc, linear, perGroup);
  Value firstMajor = arith::MulIOp::create(b, loc, groupId, index(group));
  Value groupSize = arith::MinUIOp::create(
      b, loc, arith::SubIOp::create(b, loc, tilesMajor, firstMajor),
      index(group));
  Value inGroup = arith::RemUIOp::create(b, loc, linear, perGroup);
  Value major = arith::AddIOp::create(
      b, loc, firstMajor, arith::RemUIOp::create(b, loc, inGroup, groupSize));
  Value minor = arith::DivUIOp::create(b, loc, inGroup, groupSize);
  return alongM ? std::make_pair(major, minor) : std::make_pair(minor, major);
}
