//===- SharedLayout.h - sizes of shared-memory layouts ----------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_DIALECT_SHAREDLAYOUT_H
#define GEMM_OPT_DIALECT_SHAREDLAYOUT_H

#include "dialect/TileDialect.h"

namespace gemm_opt::tile {

/// Elements one stored row of a `cols`-wide tile takes in `layout`
/// (#tile.pad adds its padding; #tile.swizzle stores rows unpadded).
inline int64_t getStoredRowElements(mlir::Attribute layout, int64_t cols) {
  if (auto pad = llvm::dyn_cast<PadAttr>(layout))
    return cols + pad.getElements();
  return cols;
}

} // namespace gemm_opt::tile

#endif // GEMM_OPT_DIALECT_SHAREDLAYOUT_H
