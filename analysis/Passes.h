//===- Passes.h - analysis passes over tile schedules -----------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_ANALYSIS_PASSES_H
#define GEMM_OPT_ANALYSIS_PASSES_H

#include "dialect/TileDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace gemm_opt::analysis {

#define GEN_PASS_DECL
#include "analysis/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "analysis/Passes.h.inc"

} // namespace gemm_opt::analysis

#endif // GEMM_OPT_ANALYSIS_PASSES_H
