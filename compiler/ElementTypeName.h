//===- ElementTypeName.h - element types as bundles spell them -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_COMPILER_ELEMENTTYPENAME_H
#define GEMM_OPT_COMPILER_ELEMENTTYPENAME_H

#include "mlir/IR/Types.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace gemm_opt {

/// `type` as a bundle's "types" name it: MLIR's spelling ("f16", "bf16",
/// "f32", "f8E4M3FN", "f8E5M2").
inline std::string getElementTypeName(mlir::Type type) {
  std::string name;
  llvm::raw_string_ostream os(name);
  os << type;
  return name;
}

} // namespace gemm_opt

#endif // GEMM_OPT_COMPILER_ELEMENTTYPENAME_H
