//===- KernelMetadata.cpp - launch metadata of compiled kernels -----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "compiler/KernelMetadata.h"
#include "compiler/ElementTypeName.h"
#include "dialect/GroupedGemmVerifier.h"
#include "dialect/MemoryQueries.h"

#include "compiler/MatrixMoveMetadata.h"

#include "dialect/ScaledGemmVerifier.h"
#include "dialect/TileDialect.h"
#include "dialect/ScheduleResources.h"
#include "passes/hopper/HopperKernelPlan.h"
#include "passes/common/KernelAttributes.h"
#include "passes/copy/StagingCopyKernels.h"
#include "passes/copy/TransposeKernelAttributes.h"
#include "passes/common/WholeTileDispatch.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

#include <algorithm>

using namespace mlir;
using namespace gemm_opt;
using namespace gemm_opt::tile;

/// The launch's cluster dimensions (x, y, z).
static std::array<int64_t, 3> launchCluster(ScheduleAttr schedule,
                                            EpilogueAttr epilogue) {
  if (!schedule.isWgmma())
    return {1, 1, 1};
  return planHopperKernel(schedule, epilogue).launchCluster();
}

/// A bundle layouts object: {"a": "row" | "col", "b": ..., "c": ...}.
static bundle::GemmLayouts describeLayouts(const GemmLayouts &layouts) {
  return bundle::GemmLayouts{stringifyMatrixOrder(layouts.a).str(),
                             stringifyMatrixOrder(layouts.b).str(),
                             stringifyMatrixOrder(layouts.c).str()};
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

static bundle::Parameter namedParameter(bundle::ParameterKind kind,
                                        StringRef name) {
  bundle::Parameter parameter;
  parameter.kind = kind;
  parameter.name = name.str();
  return parameter;
}

/// A "tma" parameter over `operand`, a box of [inner, outer] elements (one
/// batch entry deep for a batched operand).
static bundle::Parameter tensorMapParameter(StringRef operand, int64_t inner,
                                            int64_t outer, int64_t swizzle,
                                            bool batched, StringRef passing,
                                            int64_t l2Promotion) {
  bundle::Parameter parameter;
  parameter.kind = bundle::ParameterKind::Tma;
  parameter.operand = operand.str();
  parameter.box = {inner, outer};
  if (batched)
    parameter.box.push_back(1);
  parameter.swizzle = swizzle;
  parameter.pass = passing.str();
  parameter.l2Promotion = l2Promotion;
  parameter.oobFill = "zero";
  return parameter;
}

namespace {
/// Which operands are batches of matrices (3-D memrefs, tensor maps one
/// entry deep): all three for a batched GEMM, B alone for a contiguous
/// grouped one (a batch of the groups' matrices), none otherwise.
struct BatchedOperands {
  bool a = false, b = false, c = false;
  /// A batched GEMM: batch entries of every operand.
  bool all() const { return a && b && c; }
};
} // namespace

static BatchedOperands getBatchedOperands(Operation *kernel) {
  if (isKernelBatched(kernel))
    return {true, true, true};
  if (getKernelGrouped(kernel) == "contiguous")
    return {false, true, false};
  return {};
}

static int64_t getMatrixRank(bool batched) { return batched ? 3 : 2; }

/// The parameters of the GEMM kernel, in tile-outline-kernel's argument
/// order (runtime/KernelParamSpec.h).
static std::vector<bundle::Parameter>
describeParameters(ScheduleAttr schedule, EpilogueAttr epilogue,
                   ScalingAttr scaling, PerEntryScales perEntry, bool amax,
                   const GemmLayouts &layouts, BatchedOperands batched,
                   bool mapsByValue) {
  StringRef passing = mapsByValue ? "by_value" : "global_pointer";
  std::vector<bundle::Parameter> parameters{
      bundle::Parameter::memref("a", getMatrixRank(batched.a)),
      bundle::Parameter::memref("b", getMatrixRank(batched.b)),
      bundle::Parameter::memref("c", getMatrixRank(batched.c))};
  if (usesTmaDescriptors(schedule)) {
    // Tensor maps of A and B, in the kernel's argument order; boxes are
    // [inner, outer] elements of the operand as stored (a column-major
    // operand's inner dimension is its rows), one swizzle row (smem_a,
    // smem_b: 32, 64 or 128 bytes) wide, and one batch
    // entry deep ([inner, outer, 1]) for batched operands.
    HopperKernelPlan plan = planHopperKernel(schedule, epilogue, layouts);
    parameters.push_back(tensorMapParameter("a", plan.panelColumnsA,
                                            plan.boxRowsA, plan.swizzleBytesA,
                                            batched.a, passing, 256));
    parameters.push_back(tensorMapParameter("b", plan.panelColumnsB,
                                            plan.loadRowsB, plan.swizzleBytesB,
                                            batched.b, passing, 256));
    // A tma epilogue store's map of C (one warpgroup's rows × 128 bytes,
    // one batch entry deep for a batched C); where C's address, pitch (or
    // batch stride) rules TMA out the runtime passes a null pointer (by
    // value: zeros, and a 0 in the parameter after it) and the kernel
    // stores C with its threads.
    // A residual the epilogue stages by TMA gets the same map at its own
    // address (C's extents, pitch and batch stride), passed the same way.
    auto mapLikeC = [&](StringRef name) {
      bundle::Parameter map =
          tensorMapParameter(name, plan.panelColumnsC, plan.boxRowsC, 128,
                             batched.c, passing, 0);
      map.nullWhenUnaligned = true;
      parameters.push_back(std::move(map));
      if (mapsByValue) {
        bundle::Parameter present;
        present.kind = bundle::ParameterKind::TmaPresent;
        present.operand = name.str();
        parameters.push_back(std::move(present));
      }
    };
    if (plan.tmaStore)
      mapLikeC("c");
    if (plan.stagesResidual())
      mapLikeC("residual");
  }
  // The fused epilogue's operands, after the others.
  if (epilogue && epilogue.hasFusedOperations()) {
    if (epilogue.getAlphaBeta())
      for (StringRef name : {"alpha", "beta"}) {
        bundle::Parameter scalar =
            namedParameter(bundle::ParameterKind::Scalar, name);
        scalar.type = "f32";
        parameters.push_back(std::move(scalar));
      }
    if (epilogue.getBias() != EpilogueBias::none)
      parameters.push_back(bundle::Parameter::memref("bias", 1));
    // The residual is laid out like C: a batch of matrices for a batched C.
    if (epilogue.getResidual())
      parameters.push_back(
          bundle::Parameter::memref("residual", getMatrixRank(batched.c)));
  }
  // An 8-bit GEMM's f32 scales: a scalar (rank 0), a vector or a matrix
  // of block scales (passes/common/OperandScales.h).
  // A batched kernel's scales of each batch entry have a batch dimension
  // first.
  if (scaling) {
    parameters.push_back(bundle::Parameter::memref(
        "scale_a", getScaleRankA(scaling) + (perEntry.a ? 1 : 0)));
    parameters.push_back(bundle::Parameter::memref(
        "scale_b", getScaleRankB(scaling) + (perEntry.b ? 1 : 0)));
  }
  // An 8-bit C's output scale and the amax of D, one f32 each
  // (passes/common/OperandScales.h); the runtime zeroes amax before every
  // launch.
  if (isEightBitFloat(schedule.getElements().getC()))
    parameters.push_back(bundle::Parameter::memref("scale_d", 0));
  if (amax)
    parameters.push_back(bundle::Parameter::memref("amax", 0));
  // split_k: the workspace after everything else, allocated and zeroed once
  // by the runtime.
  if (schedule.hasKWorkspace())
    for (StringRef name : {"split_k_partials", "split_k_tile_counters"})
      parameters.push_back(
          namedParameter(bundle::ParameterKind::Workspace, name));
  return parameters;
}

/// The launch grid. Batched: one block per tile and batch entry along z, or
/// a persistent walk over the tiles of every entry ("batch": 1 entry per
/// tile).
static bundle::Grid describeGrid(ScheduleAttr schedule, EpilogueAttr epilogue,
                                 bool batched) {
  bundle::Grid grid;
  if (schedule.isPersistent()) {
    bundle::PersistentTiles tiles{schedule.getBlockM(), schedule.getBlockN(),
                                  std::nullopt, std::nullopt};
    if (batched)
      tiles.batch = 1;
    bundle::PersistentOptions options;
    options.ctasPerSm =
        planHopperKernel(schedule, epilogue).blocksPerMultiprocessor;
    // stream_k: the blocks share K steps of blockK, so the grid is sized by
    // the K steps of all tiles (the whole machine for few large tiles), and
    // the runtime sizes the workspace by the persistent grid.
    if (schedule.isStreamK()) {
      tiles.k = schedule.getBlockK();
      options.streamK = true;
    }
    grid.persistent = options;
    grid.tiles = tiles;
    return grid;
  }
  grid.x = bundle::GridDim{1, "n", schedule.getBlockN()};
  grid.y = bundle::GridDim{1, "m", schedule.getBlockM()};
  grid.z = batched ? bundle::GridDim{1, "batch", 1}
                   : bundle::GridDim{schedule.getSplitK(), std::nullopt, 1};
  return grid;
}

/// `batched`: the operands that are batches of matrices (3-D memrefs and
/// tensor maps); with all three, the batch entries run along grid z or in
/// the persistent tile walk. `mapsByValue`: the tensor maps are the
/// kernel's parameters themselves, else pointers to them in global memory.
static bundle::KernelEntry describe(ScheduleAttr schedule,
                                    EpilogueAttr epilogue, ScalingAttr scaling,
                                    PerEntryScales perEntry, bool amax,
                                    const GemmLayouts &layouts,
                                    BatchedOperands batched,
                                    bool mapsByValue) {
  ElementTypesAttr types = schedule.getElements();
  bundle::KernelEntry entry;
  entry.block = {getScheduleResources(schedule).threads, 1, 1};
  entry.cluster = launchCluster(schedule, epilogue);
  entry.dynamicSharedMemoryBytes = getScheduleResources(schedule).dynamicSharedMemoryBytes;
  entry.grid = describeGrid(schedule, epilogue, batched.all());
  entry.tile = bundle::ProblemTile{schedule.getBlockM(), schedule.getBlockN(),
                                   schedule.getBlockK()};
  entry.parameters =
      describeParameters(schedule, epilogue, scaling, perEntry, amax, layouts,
                         batched, mapsByValue);
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
  // dot kernels read A and B element by element where their rows do not
  // take 16-byte loads: any operand at its own element's alignment.
  bool ragged = schedule.takesAnyShape();
  entry.minAlignmentBytes =
      schedule.isDot()
          ? std::min({getByteWidth(types.getA()), getByteWidth(types.getB()),
                      getByteWidth(types.getC())})
      : ragged ? getByteWidth(types.getC())
               : 16;
  bundle::GemmFields &gemm = entry.gemm.emplace();
  gemm.requiresDivisible =
      ragged ? bundle::ProblemTile{1, 1, 1}
             : bundle::ProblemTile{schedule.getBlockM(), schedule.getBlockN(),
                                   schedule.getBlockK()};
  gemm.types = bundle::GemmTypes{
      getElementTypeName(types.getA()), getElementTypeName(types.getB()),
      getElementTypeName(types.getC()), getElementTypeName(types.getAcc())};
  gemm.layouts = describeLayouts(layouts);
  // How products are formed: "ffma" (fma.rn.f32 on the CUDA cores, as
  // exact as fp32 SGEMM) or "tensor_core" (may round inputs, e.g. TF32).
  gemm.math = schedule.isFfma() ? "ffma" : "tensor_core";
  if (epilogue && epilogue.hasFusedOperations())
    gemm.epilogue = bundle::Epilogue{
        epilogue.getAlphaBeta(),
        stringifyEpilogueBias(epilogue.getBias()).str(),
        stringifyEpilogueActivation(epilogue.getActivation()).str(),
        epilogue.getResidual()};
  if (scaling)
    gemm.scaling = bundle::Scaling{stringifyScaleA(scaling.getA()).str(),
                                   stringifyScaleB(scaling.getB()).str(),
                                   scaling.getFastAccumulation()};
  // Per-operand batch strides (runtime/BundleCapabilities.h); A and B may
  // have stride 0 (one matrix for every entry).
  if (batched.all())
    gemm.batch = bundle::Batch{true};
  return entry;
}

/// The whole-tile kernel of `gpuModule` (tile-outline-kernel puts it beside
/// the any-shape kernel of a `ragged = true` mma.sync schedule), as the
/// "whole_tile_variant" of that kernel's entry: what differs between the
/// two; block, grid and parameters are the same.
static std::optional<bundle::WholeTileVariant>
describeWholeTileVariant(gpu::GPUModuleOp gpuModule) {
  std::optional<bundle::WholeTileVariant> variant;
  gpuModule.walk([&](Operation *op) {
    ScheduleAttr schedule = getKernelSchedule(op);
    if (!schedule || !op->hasAttr(wholeTileVariantAttrName()))
      return;
    // Whole block tiles and 16-byte aligned operands, as the host's test
    // (passes/common/WholeTileDispatch.h).
    variant = bundle::WholeTileVariant{
        cast<SymbolOpInterface>(op).getName().str(),
        bundle::ProblemTile{schedule.getBlockM(), schedule.getBlockN(),
                            schedule.getBlockK()},
        WholeTileAlignmentBytes, getScheduleResources(schedule).dynamicSharedMemoryBytes};
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
    std::vector<bundle::StagedKernel> stagedTransposes;
    gpuModule.walk([&](Operation *op) {
      TransposeScheduleAttr transpose = getKernelTransposeSchedule(op);
      StringRef operand = getStagedOperand(op);
      if (!transpose || operand.empty())
        return;
      bundle::KernelEntry entry =
          describeTransposeKernel(transpose, getKernelTransposeElement(op),
                                  isKernelTransposeBatched(op));
      entry.name = cast<SymbolOpInterface>(op).getName().str();
      stagedTransposes.push_back({operand.str(), std::move(entry)});
    });
    // Likewise the copies the runtime makes of operands TMA cannot read
    // (passes/copy/StagingCopyKernels.h).
    std::vector<bundle::StagedKernel> stagedCopies;
    gpuModule.walk([&](Operation *op) {
      CopyScheduleAttr copy = getKernelCopySchedule(op);
      if (!copy || !isa<LLVM::LLVMFuncOp, gpu::GPUFuncOp>(op))
        return;
      for (StringRef operand : getKernelStagedCopyOperands(op)) {
        bundle::KernelEntry entry = describeCopyKernel(
            copy, getKernelCopyElement(op), isKernelCopyBatched(op));
        entry.name = cast<SymbolOpInterface>(op).getName().str();
        stagedCopies.push_back({operand.str(), std::move(entry)});
      }
    });
    // One entry per operand, in operand order.
    auto byOperand = [](const bundle::StagedKernel &lhs,
                        const bundle::StagedKernel &rhs) {
      return lhs.operand < rhs.operand;
    };
    llvm::sort(stagedTransposes, byOperand);
    llvm::sort(stagedCopies, byOperand);
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
        kernel.entry =
            describeTransposeKernel(transpose, getKernelTransposeElement(op),
                                    isKernelTransposeBatched(op));
        kernel.entry.name = kernel.symbol;
        kernel.entry.chip = kernel.chip;
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
      kernel.entry = describe(schedule, getKernelEpilogue(op),
                              getKernelScaling(op),
                              getKernelPerEntryScales(op), hasKernelAmax(op),
                              layouts, getBatchedOperands(op),
                              hasGridConstantTensorMaps(op));
      bundle::GemmFields &gemm = *kernel.entry.gemm;
      // A GEMM compiled as C^T = B^T·A^T (tile-exchange-operands): its own
      // layouts are the transposed ones of the kernel's.
      if (hasExchangedOperands(op))
        gemm.sourceLayouts = describeLayouts(layouts.getTransposed());
      // A grouped GEMM's group operand is its last parameter (a 1-D i32
      // memref: group_rows or group_offsets).
      if (StringRef grouped = getKernelGrouped(op); !grouped.empty()) {
        gemm.grouped = grouped.str();
        // A per-group bias is G × entries (tile::isPerGroupBias).
        EpilogueAttr epilogue = getKernelEpilogue(op);
        if (epilogue && isPerGroupBias(grouped == "masked", epilogue.getBias()))
          for (bundle::Parameter &parameter : kernel.entry.parameters)
            if (parameter.kind == bundle::ParameterKind::MemRef &&
                parameter.operand == "bias")
              parameter.rank = 2;
        kernel.entry.parameters.push_back(bundle::Parameter::memref(
            grouped == "masked" ? "group_rows" : "group_offsets", 1));
      }
      // The entry states the layouts of the problems it runs; its tensor
      // maps (and the kernel) read the staged copies, K-major.
      for (const bundle::StagedKernel &staged : stagedTransposes) {
        if (staged.operand == "a")
          gemm.layouts.a = stringifyMatrixOrder(MatrixOrder::col).str();
        if (staged.operand == "b")
          gemm.layouts.b = stringifyMatrixOrder(MatrixOrder::row).str();
      }
      gemm.stagedTransposes = stagedTransposes;
      gemm.stagedCopies = stagedCopies;
      // The staging copy is of one matrix: a contiguous grouped B (a batch)
      // must be readable by TMA in place, which the runtime checks.
      if (gemm.grouped == "contiguous")
        llvm::erase_if(gemm.stagedCopies,
                       [](const bundle::StagedKernel &staged) {
                         return staged.operand == "b";
                       });
      gemm.wholeTileVariant = describeWholeTileVariant(gpuModule);
      kernel.entry.name = kernel.symbol;
      kernel.entry.chip = kernel.chip;
      kernels.push_back(std::move(kernel));
    });
  });
  return kernels;
}
