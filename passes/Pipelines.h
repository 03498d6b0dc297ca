//===- Pipelines.h - registered pass pipelines ------------------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_PIPELINES_H
#define GEMM_OPT_PASSES_PIPELINES_H

#include "mlir/Pass/PassOptions.h"
#include <string>

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace gemm_opt {

/// Options of the `lower-to-nvvm` pipeline.
struct LowerToNVVMOptions
    : public mlir::PassPipelineOptions<LowerToNVVMOptions> {
  PassOptions::Option<std::string> chip{
      *this, "chip",
      llvm::cl::desc("Target chip (sm_80, sm_86, sm_89, sm_90, sm_90a); "
                     "empty takes each schedule's chip"),
      llvm::cl::init("")};
  PassOptions::Option<std::string> features{
      *this, "features",
      llvm::cl::desc("PTX features, e.g. +ptx80; empty picks the chip's "
                     "minimum PTX version"),
      llvm::cl::init("")};
  PassOptions::Option<int> optLevel{
      *this, "opt-level", llvm::cl::desc("LLVM optimization level (0-3)"),
      llvm::cl::init(3)};
  PassOptions::Option<bool> tensorMapsByValue{
      *this, "tensor-maps-by-value",
      llvm::cl::desc(
          "Pass TMA kernels' tensor maps as __grid_constant__ parameters "
          "(tile-tensor-maps-by-value): launches need no device copy of "
          "them, but kernels may run slower (up to 0.8% measured); "
          "default: pointers to maps in global memory"),
      llvm::cl::init(false)};
};

/// Adds the tile-dialect lowering (outlining, block tile, cp.async pipeline,
/// warp MMA, epilogue, shared layout) followed by the upstream conversions
/// that leave every kernel in the NVVM/LLVM dialects.
void buildLowerToNVVMPipeline(mlir::OpPassManager &pm,
                              const LowerToNVVMOptions &options);

/// Registers `lower-to-nvvm`.
void registerLowerToNVVMPipeline();

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_PIPELINES_H
