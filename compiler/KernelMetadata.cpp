//===- KernelMetadata.cpp - launch metadata of compiled kernels -----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "compiler/KernelMetadata.h"
#include "dialect/MemoryQueries.h"
#include "dialect/ScheduleResources.h"

#include "compiler/MatrixMoveMetadata.h"

#include "dialect/TileDialect.h"
#include "passes/hopper/HopperKernelPlan.h"
#include "passes/common/KernelAttributes.h"
#include "passes/copy/StagingCopyKernels.h"
#include "passes/copy/TransposeKernelAttributes.h"
#include "passes/common/WholeTileDispatch.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace gemm_opt;
using namespace gemm_opt::tile;

static std::string typeName(Type type) {
  if (type.isF16())
    return "f16";
  if (type.isBF16())
    return "bf16";
  if (type.isF32())
    return "f32";
  std::string name;
  llvm::raw_string_ostream os(name);
  os << type;
  return name;
}

/// The launch's cluster dimensions (x, y, z).
static llvm::json::Array launchCluster(ScheduleAttr schedule,
                                       EpilogueAttr epilogue) {
  if (!schedule.isWgmma())
    return llvm::json::Array{1, 1, 1};
  std::array<int64_t, 3> cluster =
      planHopperKernel(schedule, epilogue).launchCluster();
  return llvm::json::Array{cluster[0], cluster[1], cluster[2]};
}

/// A bundle layouts object: {"a": "row" | "col", "b": ..., "c": ...}.
static llvm::json::Object describeLayouts(const GemmLayouts &layouts) {
  return llvm::json::Object{{"a", stringifyMatrixOrder(layouts.a)},
                            {"b", stringifyMatrixOrder(layouts.b)},
                            {"c", stringifyMatrixOrder(layouts.c)}};
}

/// Whether `kernel` takes its tensor maps by value: an llvm.func whose
/// arguments tile-tensor-maps-by-value made __grid_constant__.
static bool hasGridConstantTensorMaps(Operation *kernel) {
  auto func = dyn_cast<LLVM::LLVMFuncOp>(kernel);
  if (!func)
    return false;
  for (unsigned i = 0; i < func.getNumArguments(); ++i)
    if (func.getArgAttr(i, NVVM::NVVMDialect::getGridConstantAttrName()))
      return true;
  return false;
}

/// `batched`: A, B and C are batches of matrices (3-D memrefs and tensor
/// maps, the batch entries along grid z or in the persistent tile walk).
/// `mapsByValue`: the tensor maps are the kernel's parameters themselves,
/// else pointers to them in global memory.
static llvm::json::Object describe(ScheduleAttr schedule,
                                   EpilogueAttr epilogue,
                                   const GemmLayouts &layouts, bool batched,
                                   bool mapsByValue) {
  StringRef passing = mapsByValue ? "by_value" : "global_pointer";
  ElementTypesAttr types = schedule.getElements();
  auto operand = [&](StringRef name) {
    return llvm::json::Object{
        {"kind", "memref"}, {"operand", name}, {"rank", batched ? 3 : 2}};
  };
  llvm::json::Array parameters{operand("a"), operand("b"), operand("c")};
  if (usesTmaDescriptors(schedule)) {
    // Tensor maps of A and B, in the kernel's argument order; boxes are
    // [inner, outer] elements of the operand as stored (a column-major
    // operand's inner dimension is its rows), one swizzle row (smem_a,
    // smem_b: 32, 64 or 128 bytes) wide, and one batch
    // entry deep ([inner, outer, 1]) for batched operands.
    HopperKernelPlan plan = planHopperKernel(schedule, epilogue, layouts);
    auto tensorMap = [&](StringRef name, int64_t inner, int64_t outer,
                         int64_t swizzle) {
      llvm::json::Array box{inner, outer};
      if (batched)
        box.push_back(1);
      return llvm::json::Object{{"kind", "tma"},
                                {"operand", name},
                                {"box", std::move(box)},
                                {"swizzle", swizzle},
                                {"pass", passing},
                                {"l2_promotion", 256},
                                {"oob_fill", "zero"}};
    };
    parameters.push_back(tensorMap("a", plan.panelColumnsA, plan.boxRowsA,
                                   plan.swizzleBytesA));
    parameters.push_back(tensorMap("b", plan.panelColumnsB, plan.loadRowsB,
                                   plan.swizzleBytesB));
    // A tma epilogue store's map of C (one warpgroup's rows × 128 bytes,
    // one batch entry deep for a batched C); where C's address, pitch (or
    // batch stride) rules TMA out the runtime passes a null pointer (by
    // value: zeros, and a 0 in the parameter after it) and the kernel
    // stores C with its threads.
    // A residual the epilogue stages by TMA gets the same map at its own
    // address (C's extents, pitch and batch stride), passed the same way.
    auto mapLikeC = [&](StringRef name) {
      llvm::json::Array box{plan.panelColumnsC, plan.boxRowsC};
      if (batched)
        box.push_back(1);
      parameters.push_back(llvm::json::Object{{"kind", "tma"},
                                              {"operand", name},
                                              {"box", std::move(box)},
                                              {"swizzle", 128},
                                              {"pass", passing},
                                              {"l2_promotion", 0},
                                              {"oob_fill", "zero"},
                                              {"null_when_unaligned", true}});
      if (mapsByValue)
        parameters.push_back(
            llvm::json::Object{{"kind", "tma_present"}, {"operand", name}});
    };
    if (plan.tmaStore)
      mapLikeC("c");
    if (plan.stagesResidual())
      mapLikeC("residual");
  }
  // The fused epilogue's operands, after the others (tile-outline-kernel's
  // argument order; runtime/KernelParamSpec.h).
  llvm::json::Object fused;
  if (epilogue && epilogue.hasFusedOperations()) {
    if (epilogue.getAlphaBeta())
      for (StringRef name : {"alpha", "beta"})
        parameters.push_back(llvm::json::Object{
            {"kind", "scalar"}, {"name", name}, {"type", "f32"}});
    if (epilogue.getBias() != EpilogueBias::none)
      parameters.push_back(llvm::json::Object{
          {"kind", "memref"}, {"operand", "bias"}, {"rank", 1}});
    // The residual is laid out like C: a batch of matrices for a batched C.
    if (epilogue.getResidual())
      parameters.push_back(llvm::json::Object{{"kind", "memref"},
                                              {"operand", "residual"},
                                              {"rank", batched ? 3 : 2}});
    fused = llvm::json::Object{
        {"alpha_beta", epilogue.getAlphaBeta()},
        {"bias", stringifyEpilogueBias(epilogue.getBias())},
        {"activation", stringifyEpilogueActivation(epilogue.getActivation())},
        {"residual", epilogue.getResidual()}};
  }
  // split_k: the workspace after everything else (tile-outline-kernel's
  // argument order), allocated and zeroed once by the runtime.
  if (schedule.hasKWorkspace())
    for (StringRef name : {"split_k_partials", "split_k_tile_counters"})
      parameters.push_back(
          llvm::json::Object{{"kind", "workspace"}, {"name", name}});
  // Batched: one block per tile and batch entry along z, or a persistent
  // walk over the tiles of every entry ("batch": 1 entry per tile).
  llvm::json::Object tiles{{"m", schedule.getBlockM()},
                           {"n", schedule.getBlockN()}};
  if (batched)
    tiles["batch"] = 1;
  // stream_k: the blocks share K steps of blockK, so the grid is sized by
  // the K steps of all tiles (the whole machine for few large tiles).
  if (schedule.isStreamK())
    tiles["k"] = schedule.getBlockK();
  llvm::json::Value z =
      batched ? llvm::json::Value(
                    llvm::json::Object{{"extent", "batch"}, {"tile", 1}})
              : llvm::json::Value(schedule.getSplitK());
  llvm::json::Object grid =
      schedule.isPersistent()
          ? llvm::json::Object{{"persistent",
                                llvm::json::Object{
                                    {"ctas_per_sm",
                                     planHopperKernel(schedule, epilogue)
                                         .blocksPerMultiprocessor}}},
                               {"tiles", std::move(tiles)}}
          : llvm::json::Object{
                {"x", llvm::json::Object{{"extent", "n"},
                                         {"tile", schedule.getBlockN()}}},
                {"y", llvm::json::Object{{"extent", "m"},
                                         {"tile", schedule.getBlockM()}}},
                {"z", std::move(z)}};
  // wgmma kernels take any shape (TMA fills past the edges with zeros, the
  // epilogue stores element by element there, and a fused epilogue loads
  // C, bias and residual element by element there and where their rows are
  // not 16-byte aligned) and any pitch (the runtime stages operands TMA
  // cannot read); ffma (SIMT) kernels any shape and pitch too (their
  // copies zero-fill past the edges and turn to 4-byte accesses where a
  // matrix's rows are not 16-byte aligned, their epilogue stores element
  // by element there); mma.sync kernels with `ragged = true` likewise
  // (cp.async chunks with a source size past the edges, element loads where
  // rows are not aligned: passes/mma_sync/CpAsyncTileCopies.h), other mma.sync
  // kernels need whole tiles and 16-byte row pitches.
  bool ragged = schedule.takesAnyShape();
  int64_t divisibleM = ragged ? 1 : schedule.getBlockM();
  int64_t divisibleN = ragged ? 1 : schedule.getBlockN();
  int64_t divisibleK = ragged ? 1 : schedule.getBlockK();
  int64_t alignment = ragged ? getByteWidth(types.getC()) : 16;
  // stream_k: the runtime sizes the workspace by the persistent grid.
  if (schedule.isStreamK())
    if (llvm::json::Object *persistent = grid.getObject("persistent"))
      (*persistent)["stream_k"] = true;
  llvm::json::Object description{
      {"block",
       llvm::json::Array{getScheduleResources(schedule).threads, 1, 1}},
      {"cluster", launchCluster(schedule, epilogue)},
      {"dynamic_shared_memory_bytes",
       getScheduleResources(schedule).dynamicSharedMemoryBytes},
      {"grid", std::move(grid)},
      {"tile", llvm::json::Object{{"m", schedule.getBlockM()},
                                  {"n", schedule.getBlockN()},
                                  {"k", schedule.getBlockK()}}},
      {"requires_divisible", llvm::json::Object{{"m", divisibleM},
                                                {"n", divisibleN},
                                                {"k", divisibleK}}},
      {"types", llvm::json::Object{{"a", typeName(types.getA())},
                                   {"b", typeName(types.getB())},
                                   {"c", typeName(types.getC())},
                                   {"accumulator", typeName(types.getAcc())}}},
      {"layouts", describeLayouts(layouts)},
      {"min_alignment_bytes", alignment},
      // How products are formed: "ffma" (fma.rn.f32 on the CUDA cores, as
      // exact as fp32 SGEMM) or "tensor_core" (may round inputs, e.g. TF32).
      {"math", schedule.isFfma() ? "ffma" : "tensor_core"},
      {"parameters", std::move(parameters)},
  };
  if (!fused.empty())
    description["epilogue"] = std::move(fused);
  // Per-operand batch strides (runtime/BundleCapabilities.h); A and B may
  // have stride 0 (one matrix for every entry).
  if (batched)
    description["batch"] = llvm::json::Object{{"strided", true}};
  return description;
}

/// The whole-tile kernel of `gpuModule` (tile-outline-kernel puts it beside
/// the any-shape kernel of a `ragged = true` mma.sync schedule), as the
/// "whole_tile_variant" of that kernel's entry: what differs between the
/// two; block, grid and parameters are the same.
static std::optional<llvm::json::Object>
describeWholeTileVariant(gpu::GPUModuleOp gpuModule) {
  std::optional<llvm::json::Object> variant;
  gpuModule.walk([&](Operation *op) {
    ScheduleAttr schedule = getKernelSchedule(op);
    if (!schedule || !op->hasAttr(wholeTileVariantAttrName()))
      return;
    // Whole block tiles and 16-byte aligned operands, as the host's test
    // (passes/common/WholeTileDispatch.h).
    variant = llvm::json::Object{
        {"name", cast<SymbolOpInterface>(op).getName().str()},
        {"requires_divisible", llvm::json::Object{{"m", schedule.getBlockM()},
                                                  {"n", schedule.getBlockN()},
                                                  {"k", schedule.getBlockK()}}},
        {"min_alignment_bytes", WholeTileAlignmentBytes},
        {"dynamic_shared_memory_bytes",
         getScheduleResources(schedule).dynamicSharedMemoryBytes}};
  });
  return variant;
}

std::vector<KernelMetadata>
gemm_opt::collectKernelMetadata(ModuleOp module) {
  std::vector<KernelMetadata> kernels;
  module.walk([&](gpu::GPUModuleOp gpuModule) {
    std::string chip;
    if (ArrayAttr targets = gpuModule.getTargetsAttr())
      for (Attribute target : targets)
        if (auto nvvm = dyn_cast<NVVM::NVVMTargetAttr>(target))
          chip = nvvm.getChip().str();
    // Staging copies of a GEMM's operands (tile-stage-transposed-operands)
    // are described inside that GEMM's entry, which shares their image.
    llvm::json::Object stagedTransposes;
    gpuModule.walk([&](Operation *op) {
      TransposeScheduleAttr transpose = getKernelTransposeSchedule(op);
      StringRef operand = getStagedOperand(op);
      if (!transpose || operand.empty())
        return;
      llvm::json::Object description =
          describeTransposeKernel(transpose, getKernelTransposeElement(op),
                                  isKernelTransposeBatched(op));
      description["name"] = cast<SymbolOpInterface>(op).getName().str();
      stagedTransposes[operand] = std::move(description);
    });
    // Likewise the copies the runtime makes of operands TMA cannot read
    // (passes/copy/StagingCopyKernels.h).
    llvm::json::Object stagedCopies;
    gpuModule.walk([&](Operation *op) {
      CopyScheduleAttr copy = getKernelCopySchedule(op);
      if (!copy || !isa<LLVM::LLVMFuncOp, gpu::GPUFuncOp>(op))
        return;
      for (StringRef operand : getKernelStagedCopyOperands(op)) {
        llvm::json::Object description = describeCopyKernel(
            copy, getKernelCopyElement(op), isKernelCopyBatched(op));
        description["name"] = cast<SymbolOpInterface>(op).getName().str();
        stagedCopies[operand] = std::move(description);
      }
    });
    gpuModule.walk([&](Operation *op) {
      if (!isa<LLVM::LLVMFuncOp, gpu::GPUFuncOp>(op))
        return;
      if (TransposeScheduleAttr transpose = getKernelTransposeSchedule(op)) {
        if (!getStagedOperand(op).empty())
          return;
        KernelMetadata kernel;
        kernel.moduleName = gpuModule.getName().str();
        kernel.symbol = cast<SymbolOpInterface>(op).getName().str();
        kernel.chip = chip.empty() ? transpose.getChip().str() : chip;
        kernel.description =
            describeTransposeKernel(transpose, getKernelTransposeElement(op),
                                  isKernelTransposeBatched(op));
        kernel.description["name"] = kernel.symbol;
        kernel.description["chip"] = kernel.chip;
        kernels.push_back(std::move(kernel));
        return;
      }
      ScheduleAttr schedule = getKernelSchedule(op);
      if (!schedule || op->hasAttr(wholeTileVariantAttrName()))
        return;
      KernelMetadata kernel;
      kernel.moduleName = gpuModule.getName().str();
      kernel.symbol =
          cast<SymbolOpInterface>(op).getName().str();
      kernel.chip = chip.empty() ? schedule.getChip().str() : chip;
      kernel.ptxasOptLevel = getKernelPtxasOptLevel(op);
      GemmLayouts layouts = getKernelLayouts(op);
      kernel.description = describe(schedule, getKernelEpilogue(op), layouts,
                                    isKernelBatched(op),
                                    hasGridConstantTensorMaps(op));
      // A GEMM compiled as C^T = B^T·A^T (tile-exchange-operands): its own
      // layouts are the transposed ones of the kernel's.
      if (hasExchangedOperands(op)) {
        kernel.description["source_layouts"] =
            describeLayouts(layouts.getTransposed());
      }
      // The entry states the layouts of the problems it runs; its tensor
      // maps (and the kernel) read the staged copies, K-major.
      if (!stagedTransposes.empty()) {
        llvm::json::Object *layouts =
            kernel.description.getObject("layouts");
        if (stagedTransposes.get("a"))
          (*layouts)["a"] = stringifyMatrixOrder(MatrixOrder::col);
        if (stagedTransposes.get("b"))
          (*layouts)["b"] = stringifyMatrixOrder(MatrixOrder::row);
        kernel.description["staged_transposes"] = std::move(stagedTransposes);
      }
      if (!stagedCopies.empty())
        kernel.description["staged_copies"] = std::move(stagedCopies);
      if (std::optional<llvm::json::Object> variant =
              describeWholeTileVariant(gpuModule))
        kernel.description["whole_tile_variant"] = std::move(*variant);
      kernel.description["name"] = kernel.symbol;
      kernel.description["chip"] = kernel.chip;
      kernels.push_back(std::move(kernel));
    });
  });
  return kernels;
}
