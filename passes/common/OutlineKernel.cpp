//===- OutlineKernel.cpp - move tile.gemm into a GPU kernel ---------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Host functions keep a gpu.launch_func; the GEMM itself moves into a
// gpu.func kernel whose arguments are strided memrefs, so M, N, K and the
// leading dimensions are run-time values carried by the memref descriptors.
// Arguments: A, B, C; for TMA schedules the tensor maps of A and B; then
// the fused epilogue's operands as present (alpha, beta: f32; bias: 1-D
// memref; residual: a strided memref like C), see
// passes/epilogue/FusedEpilogue.h; an 8-bit GEMM's scales
// (passes/common/OperandScales.h). A grouped GEMM's group operand (group_rows
// or group_offsets) is the last argument, and the kernel says which with
// tile.grouped. A batched GEMM's A, B, C and residual are 3-D memrefs with a
// dynamic batch stride and its tensor maps 3-D
// (passes/hopper/BatchedTmaLoad.h); the grid's z (or, for a persistent grid,
// its tile walk) covers the batch entries.
//
//===----------------------------------------------------------------------===//

#include "dialect/ScheduleResources.h"
#include "passes/Passes.h"

#include "passes/common/BatchEntryView.h"
#include "passes/hopper/BatchedTmaLoad.h"
#include "passes/epilogue/FusedEpilogue.h"
#include "passes/hopper/HopperKernelPlan.h"
#include "passes/common/KernelAttributes.h"
#include "passes/common/OperandScales.h"
#include "passes/copy/OutlineTranspose.h"
#include "passes/copy/StagingCopyKernels.h"
#include "passes/copy/TransposeKernelAttributes.h"
#include "passes/common/TransposedView.h"
#include "passes/common/WholeTileDispatch.h"

#include "dialect/ChipInfo.h"
#include "dialect/GroupedGemmVerifier.h"
#include "dialect/ScaledGemmVerifier.h"
#include "dialect/SimtScheduleVerifier.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringExtras.h"

namespace gemm_opt {
#define GEN_PASS_DEF_TILEOUTLINEKERNELPASS
#include "passes/Passes.h.inc"
} // namespace gemm_opt

using namespace mlir;
using namespace gemm_opt;
using namespace gemm_opt::tile;

namespace {

/// The kernel-argument form of a matrix (or batch of matrices): its major
/// order (row or column) with a dynamic leading dimension, batch stride and
/// offset.
MemRefType kernelMatrixType(MemRefType type) {
  MatrixOrder order = getMatrixOrder(type).value_or(MatrixOrder::row);
  bool batched = type.getRank() == 3;
  return MemRefType::get(
      SmallVector<int64_t>(type.getRank(), ShapedType::kDynamic),
      type.getElementType(),
      getDynamicMatrixLayout(type.getContext(), order, batched),
      type.getMemorySpace());
}

/// The major orders of `gemm`'s operands (the verifier has checked them).
GemmLayouts getLayouts(GemmOp gemm) {
  return getGemmLayouts(gemm.getA().getType(), gemm.getB().getType(),
                        gemm.getC().getType())
      .value_or(GemmLayouts());
}

/// Which scale operands of a batched 8-bit `gemm` hold each entry's scales.
PerEntryScales getPerEntryScales(GemmOp gemm) {
  return {hasPerEntryScaleA(gemm), hasPerEntryScaleB(gemm)};
}

/// alpha, beta, bias, residual, scale_a, scale_b, scale_d and amax of
/// `gemm`, null where absent: the kernel arguments after A, B, C and the
/// tensor maps.
SmallVector<Value, 8> epilogueOperands(GemmOp gemm) {
  return {gemm.getAlpha(),    gemm.getBeta(),   gemm.getBias(),
          gemm.getResidual(), gemm.getScaleA(), gemm.getScaleB(),
          gemm.getScaleD(),   gemm.getAmax()};
}

/// A grouped GEMM's group operand (group_rows or group_offsets), else null:
/// the kernel's last argument.
Value getGroupOperand(GemmOp gemm) {
  return gemm.getGroupRows() ? gemm.getGroupRows() : gemm.getGroupOffsets();
}

/// The kernel-argument form of a group operand: a dynamic 1-D i32 memref.
MemRefType kernelGroupType(Value group) {
  auto type = cast<MemRefType>(group.getType());
  return MemRefType::get({ShapedType::kDynamic}, type.getElementType(),
                         MemRefLayoutAttrInterface(), type.getMemorySpace());
}

/// Records on `kernel` which arguments of its LLVM function its `count`
/// tensor maps (its arguments 3, 4, ...) will be: the signature conversion
/// convert-gpu-to-nvvm applies, which expands each memref argument into its
/// descriptor's fields. Fails, with an error on `kernel`, where that
/// conversion does (the kernel could not take its maps by value).
LogicalResult recordTensorMapArguments(gpu::GPUFuncOp kernel,
                                       ArrayRef<Type> tmaArgumentTypes) {
  LLVMTypeConverter converter(kernel.getContext());
  TypeConverter::SignatureConversion conversion(kernel.getNumArguments());
  if (!converter.convertFunctionSignature(kernel.getFunctionType(),
                                          /*isVariadic=*/false,
                                          /*useBarePtrCallConv=*/false,
                                          conversion))
    return kernel.emitError("cannot convert the kernel's signature to LLVM "
                            "to pass its tensor maps by value");
  // The maps are the pointers among the TMA arguments (the i32s say
  // whether the map before them is there).
  SmallVector<int32_t> arguments;
  for (auto [index, type] : llvm::enumerate(tmaArgumentTypes))
    if (isa<LLVM::LLVMPointerType>(type))
      arguments.push_back(
          static_cast<int32_t>(conversion.getInputMapping(3 + index)->inputNo));
  kernel->setAttr(kernelTensorMapArgumentsAttrName(),
                  DenseI32ArrayAttr::get(kernel.getContext(), arguments));
  return success();
}

/// Creates the kernel for `gemm` with `schedule` (its own, or the
/// whole-tile variant of it) inside `module` and returns it; a TMA kernel
/// takes its tensor maps by value where `mapsByValue`.
FailureOr<gpu::GPUFuncOp> createKernel(OpBuilder &builder,
                                       gpu::GPUModuleOp module, StringRef name,
                                       GemmOp gemm, ScheduleAttr schedule,
                                       bool mapsByValue) {
  SmallVector<Type> argTypes;
  for (Value operand : {gemm.getA(), gemm.getB(), gemm.getC()})
    argTypes.push_back(kernelMatrixType(cast<MemRefType>(operand.getType())));
  // TMA schedules also take the tensor maps of A and B, and of C with a tma
  // epilogue store (by value: and whether it is there;
  // TmaDescriptorArguments).
  SmallVector<Type> tmaArgumentTypes =
      getTmaArgumentTypes(builder.getContext(), schedule,
                          gemm.getEpilogueAttr(), getLayouts(gemm),
                          mapsByValue);
  argTypes.append(tmaArgumentTypes);
  unsigned firstEpilogueArgument = argTypes.size();
  EpilogueAttr fused = gemm.getEpilogueAttr();
  argTypes.append(getFusedEpilogueArgumentTypes(
      fused, gemm.getC().getType(),
      gemm.isGrouped() && fused &&
          isPerGroupBias(static_cast<bool>(gemm.getGroupRows()),
                         fused.getBias())));
  // An 8-bit GEMM's scales (passes/common/OperandScales.h).
  argTypes.append(getScaleArgumentTypes(builder.getContext(),
                                        gemm.getScalingAttr(),
                                        getPerEntryScales(gemm)));
  argTypes.append(getOutputScaleArgumentTypes(
      builder.getContext(), static_cast<bool>(gemm.getScaleD()),
      static_cast<bool>(gemm.getAmax())));
  // split_k / stream_k: the fp32 partial sums and the per-tile counters,
  // last.
  if (schedule.hasKWorkspace()) {
    argTypes.push_back(splitKPartialsType(builder.getContext()));
    argTypes.push_back(splitKCountersType(builder.getContext()));
  }
  // A grouped GEMM's group operand, last.
  if (Value group = getGroupOperand(gemm))
    argTypes.push_back(kernelGroupType(group));

  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToEnd(module.getBody());
  auto kernel = gpu::GPUFuncOp::create(builder, gemm.getLoc(), name,
                                       builder.getFunctionType(argTypes, {}));
  kernel->setAttr(gpu::GPUDialect::getKernelFuncAttrName(),
                  builder.getUnitAttr());
  int32_t threads =
      static_cast<int32_t>(getScheduleResources(schedule).threads);
  kernel.setKnownBlockSizeAttr(builder.getDenseI32ArrayAttr({threads, 1, 1}));
  // Two warp-specialized blocks per SM need ptxas to keep the launch
  // register count within half the register file (setmaxnreg redistributes
  // it afterwards).
  // An ffma kernel that several blocks should share an SM with says so to
  // ptxas.
  if (schedule.isFfma())
    if (std::optional<ChipInfo> chip = lookupChip(schedule.getChip()))
      if (int64_t blocks = planSimtBlocksPerMultiprocessor(schedule, *chip);
          blocks > 1)
        kernel->setAttr("nvvm.minctasm",
                        builder.getI32IntegerAttr(static_cast<int32_t>(blocks)));
  if (usesTmaDescriptors(schedule)) {
    int64_t blocks =
        planHopperKernel(schedule, gemm.getEpilogueAttr(), getLayouts(gemm))
            .blocksPerMultiprocessor;
    if (blocks > 1)
      kernel->setAttr("nvvm.minctasm", builder.getI32IntegerAttr(blocks));
    // The lowering relies on the cluster shape: compile it in
    // (.reqnctapercluster), so no launch can change it.
    HopperKernelPlan plan = planHopperKernel(schedule, gemm.getEpilogueAttr());
    if (plan.hasCluster()) {
      std::array<int64_t, 3> cluster = plan.launchCluster();
      kernel->setAttr(NVVM::NVVMDialect::getClusterDimAttrName(),
                      builder.getDenseI32ArrayAttr(
                          {static_cast<int32_t>(cluster[0]),
                           static_cast<int32_t>(cluster[1]),
                           static_cast<int32_t>(cluster[2])}));
    }
  }
  setKernelSchedule(kernel, schedule);
  setKernelEpilogue(kernel, gemm.getEpilogueAttr());
  setKernelScaling(kernel, gemm.getScalingAttr());
  setKernelPerEntryScales(kernel, getPerEntryScales(gemm));
  setKernelAmax(kernel, static_cast<bool>(gemm.getAmax()));
  if (mapsByValue && usesTmaDescriptors(schedule) &&
      failed(recordTensorMapArguments(kernel, tmaArgumentTypes)))
    return failure();
  // Row-major kernels carry no layouts (their absence means row-major).
  if (!getLayouts(gemm).isAllRowMajor())
    setKernelLayouts(kernel, getLayouts(gemm));
  if (gemm.isBatched())
    setKernelBatched(kernel);
  if (gemm.isGrouped())
    setKernelGrouped(kernel, gemm.getGroupRows() ? "masked" : "contiguous");
  if (hasExchangedOperands(gemm))
    setExchangedOperands(kernel);

  Block &body = kernel.getBody().front();
  builder.setInsertionPointToStart(&body);
  // The kernel's tile.gemm takes the epilogue operands and scales from its
  // arguments.
  SmallVector<Value> epilogue(8, Value());
  unsigned next = firstEpilogueArgument;
  for (auto [index, operand] : llvm::enumerate(epilogueOperands(gemm)))
    if (operand)
      epilogue[index] = body.getArgument(next++);
  Value group = gemm.isGrouped() ? body.getArguments().back() : Value();
  GemmOp::create(builder, gemm.getLoc(), body.getArgument(0),
                 body.getArgument(1), body.getArgument(2), epilogue[0],
                 epilogue[1], epilogue[2], epilogue[3], epilogue[4],
                 epilogue[5], epilogue[6], epilogue[7],
                 gemm.getGroupRows() ? group : Value(),
                 gemm.getGroupOffsets() ? group : Value(), schedule,
                 gemm.getEpilogueAttr(), gemm.getScalingAttr());
  gpu::ReturnOp::create(builder, gemm.getLoc());
  return kernel;
}

/// Creates the host-side tensor maps of A and B (and C with a tma epilogue
/// store and the residual where the epilogue stages it; by value, each of
/// those then a 1: it is there) for a TMA schedule and appends them, as the
/// kernel's tensor-map arguments, to `args`. (The runtime launches from the
/// bundle's metadata instead.)
void appendTmaDescriptors(OpBuilder &builder, Location loc, GemmOp gemm,
                          bool mapsByValue, SmallVectorImpl<Value> &args) {
  HopperKernelPlan plan =
      planHopperKernel(gemm.getScheduleAttr(), gemm.getEpilogueAttr(),
                       getLayouts(gemm));
  auto pointer = LLVM::LLVMPointerType::get(builder.getContext());
  auto describe = [&](Value matrix, nvgpu::TensorMapDescriptorType type) {
    // The tensor map describes the matrix as stored: a column-major one as
    // its row-major transpose, whose rows are the boxes' outer dimension.
    // A batch of matrices keeps its batch dimension outermost (box extent
    // 1: one entry per load).
    auto matrixType = cast<MemRefType>(matrix.getType());
    bool batched = matrixType.getRank() == 3;
    if (batched)
      type = getBatchedTmaDescriptorType(type);
    if (getMatrixOrder(matrixType) == MatrixOrder::col)
      matrix = createTransposedView(builder, loc, matrix);
    auto memref = cast<MemRefType>(matrix.getType());
    Value unranked = memref::CastOp::create(
        builder, loc,
        UnrankedMemRefType::get(memref.getElementType(),
                                memref.getMemorySpace()),
        matrix);
    // TMA has no 8-bit float type: it moves bytes, which nvgpu's host
    // lowering encodes from an unsigned 8-bit element type. (Both unranked
    // memrefs lower to the same LLVM struct, so the cast folds away.)
    if (memref.getElementType().getIntOrFloatBitWidth() == 8)
      unranked = UnrealizedConversionCastOp::create(
                     builder, loc,
                     UnrankedMemRefType::get(
                         IntegerType::get(builder.getContext(), 8,
                                          IntegerType::Unsigned),
                         memref.getMemorySpace()),
                     unranked)
                     .getResult(0);
    SmallVector<Value> box;
    for (int64_t size : type.getTensor().getShape())
      box.push_back(arith::ConstantIndexOp::create(builder, loc, size));
    Value descriptor =
        nvgpu::TmaCreateDescriptorOp::create(builder, loc, type, unranked, box);
    args.push_back(
        UnrealizedConversionCastOp::create(builder, loc, pointer, descriptor)
            .getResult(0));
  };
  describe(gemm.getA(), tmaDescriptorTypeA(plan));
  describe(gemm.getB(), tmaDescriptorTypeB(plan));
  // C's map and a staged residual's (the same box), each followed, by
  // value, by a 1: it is there (TmaDescriptorArguments::presentC).
  SmallVector<Value, 2> likeC;
  if (plan.tmaStore)
    likeC.push_back(gemm.getC());
  if (plan.stagesResidual())
    likeC.push_back(gemm.getResidual());
  for (Value matrix : likeC) {
    describe(matrix, tmaDescriptorTypeC(plan));
    if (mapsByValue)
      args.push_back(
          arith::ConstantIntOp::create(builder, loc, builder.getI32Type(), 1));
  }
}

/// Device buffers of the split-K / stream-K workspace for an m×n C,
/// zero-filled: S slices of fp32 partial sums (stream_k: one tile's worth
/// per block of this launch, which has one block per tile) and a counter per
/// tile.
SmallVector<Value> allocateSplitKWorkspace(OpBuilder &builder, Location loc,
                                           ScheduleAttr schedule, Value m,
                                           Value n) {
  auto count = [&](Value extent, int64_t tile) -> Value {
    return arith::CeilDivUIOp::create(
        builder, loc, extent, arith::ConstantIndexOp::create(builder, loc, tile));
  };
  Value tiles = arith::MulIOp::create(builder, loc,
                                      count(m, schedule.getBlockM()),
                                      count(n, schedule.getBlockN()));
  Value elements =
      schedule.isStreamK()
          ? arith::MulIOp::create(
                builder, loc, tiles,
                arith::ConstantIndexOp::create(
                    builder, loc, schedule.getBlockM() * schedule.getBlockN()))
          : arith::MulIOp::create(
                builder, loc,
                arith::ConstantIndexOp::create(builder, loc,
                                               schedule.getSplitK()),
                arith::MulIOp::create(builder, loc, m, n));
  SmallVector<Value> buffers;
  for (auto [type, size] :
       {std::pair<MemRefType, Value>{splitKPartialsType(builder.getContext()),
                                     elements},
        {splitKCountersType(builder.getContext()), tiles}}) {
    Value buffer =
        gpu::AllocOp::create(builder, loc, type, /*asyncToken=*/Type(),
                             ValueRange{}, ValueRange{size}, ValueRange{})
            .getMemref();
    Value zero = isa<FloatType>(type.getElementType())
                     ? Value(arith::ConstantFloatOp::create(
                           builder, loc, cast<FloatType>(type.getElementType()),
                           APFloat(0.0f)))
                     : Value(arith::ConstantIntOp::create(
                           builder, loc, type.getElementType(), 0));
    gpu::MemsetOp::create(builder, loc, /*asyncToken=*/Type(), ValueRange{},
                          buffer, zero);
    buffers.push_back(buffer);
  }
  return buffers;
}

/// Replaces `gemm` in its host function by a launch of `kernel`, or, with
/// a `wholeTileKernel`, by a launch of that kernel where it takes the
/// problem (WholeTileDispatch.h) and of `kernel` elsewhere. The two kernels
/// share parameters and launch configuration.
void replaceByLaunch(OpBuilder &builder, GemmOp gemm, gpu::GPUFuncOp kernel,
                     gpu::GPUFuncOp wholeTileKernel) {
  ScheduleAttr schedule = gemm.getScheduleAttr();
  Location loc = gemm.getLoc();
  builder.setInsertionPoint(gemm);

  SmallVector<Value> operands{gemm.getA(), gemm.getB(), gemm.getC()};
  SmallVector<Value> args;
  for (auto [operand, type] : llvm::zip(operands, kernel.getArgumentTypes())) {
    if (operand.getType() == type)
      args.push_back(operand);
    else
      args.push_back(memref::CastOp::create(builder, loc, type, operand));
  }

  auto ceilDiv = [&](Value extent, int64_t tile) -> Value {
    Value tileSize = arith::ConstantIndexOp::create(builder, loc, tile);
    return arith::CeilDivUIOp::create(builder, loc, extent, tileSize);
  };
  Value m = getMatrixExtent(builder, loc, gemm.getC(), 0);
  Value n = getMatrixExtent(builder, loc, gemm.getC(), 1);
  Value one = arith::ConstantIndexOp::create(builder, loc, 1);
  // Batch entries along z (one block per tile and entry).
  Value batches =
      gemm.isBatched() ? memref::DimOp::create(builder, loc, gemm.getC(), 0)
                       : one;
  gpu::KernelDim3 grid{ceilDiv(n, schedule.getBlockN()),
                       ceilDiv(m, schedule.getBlockM()), batches};
  if (schedule.isPersistent()) {
    // A persistent kernel numbers its tiles (of every batch entry) from
    // blockIdx.x alone; this host launch gives each block one tile (the
    // runtime sizes the grid by the SM count instead, from the bundle's
    // "persistent" grid).
    Value tiles = arith::MulIOp::create(builder, loc, grid.x, grid.y);
    if (gemm.isBatched())
      tiles = arith::MulIOp::create(builder, loc, tiles, batches);
    grid = {tiles, one, one};
  }
  std::optional<gpu::KernelDim3> clusterSize;
  if (usesTmaDescriptors(schedule) &&
      planHopperKernel(schedule, gemm.getEpilogueAttr()).hasCluster()) {
    // Whole clusters: the blocks past M x N load zeros and store nothing.
    std::array<int64_t, 3> cluster =
        planHopperKernel(schedule, gemm.getEpilogueAttr()).launchCluster();
    auto roundUp = [&](Value extent, int64_t multiple) -> Value {
      Value size = arith::ConstantIndexOp::create(builder, loc, multiple);
      return arith::MulIOp::create(
          builder, loc, arith::CeilDivUIOp::create(builder, loc, extent, size),
          size);
    };
    grid = {roundUp(grid.x, cluster[0]), roundUp(grid.y, cluster[1]), grid.z};
    clusterSize = gpu::KernelDim3{
        arith::ConstantIndexOp::create(builder, loc, cluster[0]),
        arith::ConstantIndexOp::create(builder, loc, cluster[1]),
        arith::ConstantIndexOp::create(builder, loc, cluster[2])};
  }
  gpu::KernelDim3 block{
      arith::ConstantIndexOp::create(builder, loc,
                                     getScheduleResources(schedule).threads),
      one, one};
  Value sharedBytes = arith::ConstantIntOp::create(
      builder, loc, builder.getI32Type(),
      getScheduleResources(schedule).dynamicSharedMemoryBytes);
  if (usesTmaDescriptors(schedule))
    appendTmaDescriptors(builder, loc, gemm, takesTensorMapsByValue(kernel),
                         args);
  ArrayRef<Type> argTypes = kernel.getArgumentTypes();
  for (Value operand : epilogueOperands(gemm)) {
    if (!operand)
      continue;
    Type type = argTypes[args.size()];
    args.push_back(operand.getType() == type
                       ? operand
                       : memref::CastOp::create(builder, loc, type, operand)
                             .getResult());
  }
  SmallVector<Value> workspace;
  if (int64_t splits = schedule.getSplitK(); splits > 1) {
    grid.z = arith::ConstantIndexOp::create(builder, loc, splits);
    workspace = allocateSplitKWorkspace(builder, loc, schedule, m, n);
    args.append(workspace);
  } else if (schedule.isStreamK()) {
    workspace = allocateSplitKWorkspace(builder, loc, schedule, m, n);
    args.append(workspace);
  }
  if (Value group = getGroupOperand(gemm)) {
    Type type = argTypes[args.size()];
    args.push_back(
        group.getType() == type
            ? group
            : memref::CastOp::create(builder, loc, type, group).getResult());
  }
  auto launch = [&](OpBuilder &b, gpu::GPUFuncOp launched) {
    gpu::LaunchFuncOp::create(b, loc, launched, grid, block, sharedBytes, args,
                              /*asyncTokenType=*/nullptr,
                              /*asyncDependencies=*/{}, clusterSize);
  };
  if (wholeTileKernel) {
    Value takesWholeTiles = buildTakesWholeTiles(
        builder, loc, gemm, schedule.getWholeTileVariant());
    scf::IfOp::create(
        builder, loc, takesWholeTiles,
        [&](OpBuilder &b, Location) {
          launch(b, wholeTileKernel);
          scf::YieldOp::create(b, loc);
        },
        [&](OpBuilder &b, Location) {
          launch(b, kernel);
          scf::YieldOp::create(b, loc);
        });
  } else {
    launch(builder, kernel);
  }
  for (Value buffer : workspace)
    gpu::DeallocOp::create(builder, loc, /*asyncToken=*/Type(), ValueRange{},
                           buffer);
  gemm.erase();
}

/// The tile.transpose ops that write the staged copies `gemm` reads
/// (tile-stage-transposed-operands): each operand's copy, or the copy it
/// views through a memref.transpose, as the transpose's dst.
SmallVector<TransposeOp> getStagingTransposes(GemmOp gemm) {
  SmallVector<TransposeOp> stagings;
  for (Value operand : {gemm.getA(), gemm.getB()}) {
    Value copy = operand;
    if (auto view = copy.getDefiningOp<memref::TransposeOp>())
      copy = view.getIn();
    for (Operation *user : copy.getUsers())
      if (auto transpose = dyn_cast<TransposeOp>(user))
        if (transpose.getDst() == copy && !getStagedOperand(transpose).empty())
          stagings.push_back(transpose);
  }
  return stagings;
}

/// The kernel names' stem for an op in `func`: its name, which must also
/// be a PTX identifier (letters, digits and '_', not starting with a
/// digit): the NVPTX backend aborts on other characters and ptxas rejects
/// '.' or a leading digit. `fallback` without a function.
FailureOr<std::string> getKernelStem(Operation *op, StringRef fallback) {
  auto func = op->getParentOfType<FunctionOpInterface>();
  if (!func)
    return fallback.str();
  StringRef name = func.getName();
  auto isPtxCharacter = [](char c) { return llvm::isAlnum(c) || c == '_'; };
  if (!name.empty() && !llvm::isDigit(name.front()) &&
      llvm::all_of(name, isPtxCharacter))
    return name.str();
  func->emitOpError() << "name \"" << name
                      << "\" cannot name its GPU kernel: use letters, digits "
                         "and '_', starting with a letter or '_'";
  return failure();
}

struct TileOutlineKernelPass
    : public gemm_opt::impl::TileOutlineKernelPassBase<TileOutlineKernelPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<GemmOp> gemms;
    // A tile.gemm in a gpu.module before the outlining was written there:
    // the kernel would have no launch, and the later passes would fail on
    // it with internal errors.
    WalkResult inKernels = module.walk([&](GemmOp gemm) {
      if (!gemm->getParentOfType<gpu::GPUModuleOp>()) {
        gemms.push_back(gemm);
        return WalkResult::advance();
      }
      gemm.emitOpError()
          << "inside a gpu.module: write the GEMM in a host function "
             "(func.func); tile-outline-kernel makes its kernel and the "
             "launch";
      return WalkResult::interrupt();
    });
    if (inKernels.wasInterrupted())
      return signalPassFailure();
    // Staging copies of a GEMM's operands go with that GEMM's kernel.
    SmallVector<TransposeOp> transposes;
    module.walk([&](TransposeOp transpose) {
      if (!transpose->getParentOfType<gpu::GPUModuleOp>() &&
          getStagedOperand(transpose).empty())
        transposes.push_back(transpose);
    });
    if (gemms.empty() && transposes.empty())
      return;

    OpBuilder builder(module.getContext());
    module->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                    builder.getUnitAttr());
    SymbolTable symbols(module);
    llvm::DenseMap<Operation *, unsigned> kernelsPerFunction;
    for (GemmOp gemm : gemms) {
      auto func = gemm->getParentOfType<FunctionOpInterface>();
      FailureOr<std::string> stem = getKernelStem(gemm, "gemm");
      if (failed(stem))
        return signalPassFailure();
      std::string base = *stem;
      unsigned index = kernelsPerFunction[func]++;
      std::string kernelName =
          index == 0 ? base + "_kernel" : base + "_kernel_" + std::to_string(index);

      builder.setInsertionPointToEnd(module.getBody());
      auto gpuModule = gpu::GPUModuleOp::create(builder, gemm.getLoc(),
                                                kernelName + "_module");
      symbols.insert(gpuModule);
      SmallVector<StringRef, 2> transposedOperands;
      for (TransposeOp staging : getStagingTransposes(gemm)) {
        // outlineTranspose erases `staging`: its attribute is read first.
        Attribute stagedOperand = staging->getAttr(stagedOperandAttrName());
        StringRef operand = getStagedOperand(staging);
        transposedOperands.push_back(operand);
        gpu::GPUFuncOp copyKernel =
            outlineTranspose(builder, gpuModule,
                             kernelName + "_stage_" + operand.str(), staging);
        copyKernel->setAttr(stagedOperandAttrName(), stagedOperand);
      }
      ScheduleAttr schedule = gemm.getScheduleAttr();
      FailureOr<gpu::GPUFuncOp> kernel = createKernel(
          builder, gpuModule, kernelName, gemm, schedule, tensorMapsByValue);
      if (failed(kernel))
        return signalPassFailure();
      // Its whole-tile variant, in the same module (one image).
      gpu::GPUFuncOp wholeTileKernel;
      if (schedule.hasWholeTileVariant()) {
        FailureOr<gpu::GPUFuncOp> variant =
            createKernel(builder, gpuModule, kernelName + "_whole_tiles", gemm,
                         schedule.getWholeTileVariant(), tensorMapsByValue);
        if (failed(variant))
          return signalPassFailure();
        wholeTileKernel = *variant;
        wholeTileKernel->setAttr(wholeTileVariantAttrName(),
                                 builder.getUnitAttr());
      }
      // Copies of A and B the runtime makes where TMA cannot read them.
      createStagingCopyKernels(builder, gpuModule, kernelName, gemm,
                               transposedOperands);
      replaceByLaunch(builder, gemm, *kernel, wholeTileKernel);
    }
    for (TransposeOp transpose : transposes) {
      auto func = transpose->getParentOfType<FunctionOpInterface>();
      FailureOr<std::string> stem = getKernelStem(transpose, "transpose");
      if (failed(stem))
        return signalPassFailure();
      std::string base = *stem;
      unsigned index = kernelsPerFunction[func]++;
      std::string kernelName =
          index == 0 ? base + "_kernel" : base + "_kernel_" + std::to_string(index);
      builder.setInsertionPointToEnd(module.getBody());
      auto gpuModule = gpu::GPUModuleOp::create(builder, transpose.getLoc(),
                                                kernelName + "_module");
      symbols.insert(gpuModule);
      outlineTranspose(builder, gpuModule, kernelName, transpose);
    }
  }
};

} // namespace
