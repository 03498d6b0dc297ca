//===- TileDialect.cpp - the tile dialect ---------------------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "dialect/TileDialect.h"

#include "dialect/BoolKeyword.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace gemm_opt::tile;

#include "dialect/TileDialect.cpp.inc"
#include "dialect/TileEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "dialect/TileAttrs.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "dialect/TileTypes.cpp.inc"

void TileDialect::initialize() {
  scheduleFields = std::make_unique<ScheduleFieldTable>();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "dialect/TileAttrs.cpp.inc"
      >();
  addTypes<
#define GET_TYPEDEF_LIST
#include "dialect/TileTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "dialect/TileOps.cpp.inc"
      >();
}
