//===- TileDialect.h - the tile dialect -------------------------*- C++ -*-===//

#ifndef GEMM_OPT_DIALECT_TILEDIALECT_H
#define GEMM_OPT_DIALECT_TILEDIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <array>

#include "dialect/TileDialect.h.inc"
#include "dialect/TileEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "dialect/TileAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "dialect/TileTypes.h.inc"

#define GET_OP_CLASSES
#include "dialect/TileOps.h.inc"

#endif // GEMM_OPT_DIALECT_TILEDIALECT_H
