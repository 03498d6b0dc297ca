//===- Pipelines.cpp - registered pass pipelines --------------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "passes/Pipelines.h"

#include "passes/Passes.h"
#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void gemm_opt::buildLowerToNVVMPipeline(OpPassManager &pm,
                                        const LowerToNVVMOptions &options) {
  pm.addPass(createTileCheckChipPass(
      TileCheckChipPassOptions{options.chip.getValue()}));
  pm.addPass(createTileExchangeOperandsPass());
  pm.addPass(createTileStageTransposedOperandsPass());
  pm.addPass(createTileOutlineKernelPass(
      TileOutlineKernelPassOptions{options.tensorMapsByValue.getValue()}));

  // Tile dialect → gpu / nvgpu / nvvm / vector / memref / scf, per kernel.
  OpPassManager &kernels = pm.nest<gpu::GPUModuleOp>();
  kernels.addPass(createTileTransposePass());
  kernels.addPass(createTileCopyPass());
  kernels.addPass(createTileBlockTilePass());
  kernels.addPass(createTileWarpSpecializePass());
  kernels.addPass(createTileSimtMmaPass());
  kernels.addPass(createTileDotProductsPass());
  kernels.addPass(createTilePipelineCopiesPass());
  kernels.addPass(createTileWarpMmaPass());
  kernels.addPass(createTileLowerEpiloguePass());
  kernels.addPass(createTileSharedLayoutPass());
  kernels.addPass(createCanonicalizerPass());
  kernels.addPass(createCSEPass());

  pm.addPass(createTileAttachTargetPass(TileAttachTargetPassOptions{
      options.chip.getValue(), options.features.getValue(),
      options.optLevel.getValue()}));

  // Upstream conversions to NVVM and the LLVM dialect. Vector, arith, memref
  // and the other dialects go through convert-gpu-to-nvvm's ConvertToLLVM
  // interfaces, which map GPU address spaces (convert-vector-to-llvm alone
  // cannot lower a vector.load from workgroup memory).
  OpPassManager &toNVVM = pm.nest<gpu::GPUModuleOp>();
  toNVVM.addPass(memref::createExpandStridedMetadataPass());
  toNVVM.addPass(createLowerAffinePass());
  toNVVM.addPass(createConvertNVGPUToNVVMPass());
  toNVVM.addPass(createSCFToControlFlowPass());
  toNVVM.addPass(createConvertGpuOpsToNVVMOps());
  toNVVM.addPass(createTileExternDynamicSharedPass());
  toNVVM.addPass(createTileTensorMapsByValuePass());
  toNVVM.addPass(createConvertNVVMToLLVMPass());
  toNVVM.addPass(createReconcileUnrealizedCastsPass());
  toNVVM.addPass(createCanonicalizerPass());
  toNVVM.addPass(createCSEPass());
}

void gemm_opt::registerLowerToNVVMPipeline() {
  PassPipelineRegistration<LowerToNVVMOptions>(
      "lower-to-nvvm",
      "Lower tile.gemm schedules to GPU kernels in the NVVM dialect",
      buildLowerToNVVMPipeline);
}
