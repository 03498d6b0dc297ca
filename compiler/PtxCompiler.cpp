//===- PtxCompiler.cpp - lowered schedules to PTX -------------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "compiler/PtxCompiler.h"

#include "passes/Pipelines.h"
#include "runtime/bundle/LaunchDigest.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace llvm;

/// Declares the digest of `entry`'s launch metadata in its PTX, where the
/// runtime reads it back (runtime/bundle/LaunchDigest.h).
static void appendLaunchDigest(std::string &ptx,
                               const gemm_opt::bundle::KernelEntry &entry) {
  raw_string_ostream os(ptx);
  if (!ptx.empty() && ptx.back() != '\n')
    os << '\n';
  os << "\n// The digest of this kernel's launch metadata.\n"
     << ".visible .const .align 8 .u64 "
     << gemm_opt::bundle::getLaunchDigestSymbol(entry.name) << " = "
     << gemm_opt::bundle::computeLaunchDigest(entry) << ";\n";
}

Expected<std::vector<gemm_opt::PtxKernel>>
gemm_opt::compileModuleToPtx(ModuleOp module,
                             const PtxCompileOptions &options) {
  MLIRContext *ctx = module.getContext();
  PassManager lower(ctx);
  LowerToNVVMOptions pipelineOptions;
  pipelineOptions.chip = options.chip;
  pipelineOptions.optLevel = options.optLevel;
  pipelineOptions.tensorMapsByValue = options.tensorMapsByValue;
  buildLowerToNVVMPipeline(lower, pipelineOptions);
  if (failed(lower.run(module)))
    return createStringError("lowering to NVVM failed");

  std::vector<KernelMetadata> kernels = collectKernelMetadata(module);
  if (kernels.empty())
    return createStringError("the input holds no tile.gemm to compile");

  PassManager serialize(ctx);
  GpuModuleToBinaryPassOptions binaryOptions;
  binaryOptions.compilationTarget = "isa";
  serialize.addPass(createGpuModuleToBinaryPass(binaryOptions));
  if (failed(serialize.run(module)))
    return createStringError("PTX generation failed");

  std::vector<PtxKernel> compiled;
  for (KernelMetadata &kernel : kernels) {
    auto binary = SymbolTable::lookupNearestSymbolFrom<gpu::BinaryOp>(
        module, StringAttr::get(ctx, kernel.moduleName));
    if (!binary || binary.getObjects().empty())
      return createStringError("no PTX was produced for " +
                               kernel.moduleName);
    auto object = cast<gpu::ObjectAttr>(binary.getObjects()[0]);
    std::string ptx = object.getObject().str();
    appendLaunchDigest(ptx, kernel.entry);
    compiled.push_back({std::move(kernel), std::move(ptx)});
  }
  return compiled;
}
