//===- gemm-opt.cpp - the mlir-opt of gemm-opt ----------------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//   gemm-opt input.mlir --lower-to-nvvm[="chip=sm_90a"]
//
//===----------------------------------------------------------------------===//

#include "analysis/Passes.h"
#include "passes/Registration.h"
#include "tools/ToolVersion.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  gemm_opt::registerGemmOptDialects(registry);
  gemm_opt::registerGemmOptPasses();
  gemm_opt::analysis::registerTileAnalysisPasses();
  gemm_opt::setToolVersionPrinter();
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "gemm-opt: tiled GEMM schedules to NVVM\n", registry));
}
