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
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "passes/Registration.h"
#include "tools/ToolVersion.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  gemm_opt::registerGemmOptDialects(registry);
  gemm_opt::registerGemmOptPasses();
  gemm_opt::analysis::registerTileAnalysisPasses();
  gemm_opt::setToolVersionPrinter();
  // A verifier error names its op and schedule field; MLIR's default dump
  // of the whole op after it would bury that. --mlir-print-op-on-diagnostic
  // turns the dump back on.
  llvm::SmallVector<char *> args(argv, argv + argc);
  static char quiet[] = "--mlir-print-op-on-diagnostic=false";
  bool given = llvm::any_of(args, [](llvm::StringRef arg) {
    return arg.starts_with("--mlir-print-op-on-diagnostic") ||
           arg.starts_with("-mlir-print-op-on-diagnostic");
  });
  if (!given)
    args.insert(args.begin() + 1, quiet);
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(static_cast<int>(args.size()), args.data(),
                        "gemm-opt: tiled GEMM schedules to NVVM\n", registry));
}
