//===- ModuleReport.h - the static model of a module, as JSON ---*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What `--tile-analyze-schedule="format=json"` prints, as a value for a
// caller that holds a parsed module (the Python package's
// Kernel.analysis). The header names no dialect type, so that it builds
// against the installed package, which carries no generated headers.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_ANALYSIS_MODULEREPORT_H
#define GEMM_OPT_ANALYSIS_MODULEREPORT_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <cstdint>

namespace gemm_opt::analysis {

/// {"schedules": [...]}: the static model's report on every scheduled
/// tile.gemm of `module` (verified), each named after its function, on
/// `device` ("h100", "h200"; empty: each schedule chip's default), with a
/// prediction at M x N x K when m, n and k are given (all 0: none). Errors
/// name the op's location and say what the model refused (an unknown
/// device, a shape its block tile must divide).
llvm::Expected<llvm::json::Value>
reportModuleSchedules(mlir::ModuleOp module, llvm::StringRef device,
                      int64_t m = 0, int64_t n = 0, int64_t k = 0);

} // namespace gemm_opt::analysis

#endif // GEMM_OPT_ANALYSIS_MODULEREPORT_H
