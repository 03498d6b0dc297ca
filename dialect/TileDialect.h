//===- TileDialect.h - the tile dialect -------------------------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_DIALECT_TILEDIALECT_H
#define GEMM_OPT_DIALECT_TILEDIALECT_H

#include "dialect/ScheduleFieldLocations.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <array>
#include <memory>

#include "dialect/TileDialect.h.inc"
#include "dialect/TileEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "dialect/TileAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "dialect/TileTypes.h.inc"

#define GET_OP_CLASSES
#include "dialect/TileOps.h.inc"

#endif // GEMM_OPT_DIALECT_TILEDIALECT_H
