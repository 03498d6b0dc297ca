//===- HopperKernelPlan.cpp - sizes of a warp-specialized wgmma kernel ----===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "passes/hopper/HopperKernelPlan.h"
#include "dialect/MemoryQueries.h"
#include "dialect/ScheduleResources.h"

#include "passes/common/KernelAttributes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"

using namespace mlir;
using namespace gemm_opt;
using namespace gemm_opt::tile;

/// The swizzle width of a wgmma operand's shared layout (wgmma loads by TMA,
/// which the verifier lets read only into a #tile.swizzle: 32, 64 or 128).
static int64_t getSwizzleWidth(Attribute layout) {
  return cast<SwizzleAttr>(layout).getWidth();
}

/// setmaxnreg counts of the producer and consumer warpgroups.
static std::pair<int64_t, int64_t> getRegisterSplit(ScheduleAttr schedule) {
  if (WarpSpecializationAttr split = schedule.getSpecialization())
    return {split.getProducerRegisters(), split.getConsumerRegisters()};
  // tile-check-chip rejects wgmma schedules without specialization.
  return {40, 232};
}

HopperKernelPlan gemm_opt::planHopperKernel(ScheduleAttr schedule,
                                            EpilogueAttr epilogue,
                                            const GemmLayouts &layouts) {
  HopperKernelPlan plan;
  plan.layouts = layouts;
  plan.blockM = schedule.getBlockM();
  plan.blockN = schedule.getBlockN();
  plan.blockK = schedule.getBlockK();
  plan.warpM = schedule.getWarpM();
  plan.warpN = schedule.getWarpN();
  plan.mmaN = schedule.getMma().getN();
  plan.warpsN = plan.blockN / plan.warpN;
  plan.warpgroupsPerTile = getScheduleResources(schedule).warpgroupsPerTile;
  plan.consumerGroups = schedule.getConsumerGroups();
  plan.consumers = getScheduleResources(schedule).consumerWarpgroups;
  plan.persistent = schedule.isPersistent();
  plan.stages = schedule.getStages();
  auto [clusterM, clusterN] = schedule.getClusterShape();
  plan.clusterM = clusterM;
  plan.clusterN = clusterN;
  plan.multicast = schedule.isMulticast();
  plan.elementType = schedule.getElements().getA();
  plan.elementTypeB = schedule.getElements().getB();
  std::pair<int64_t, int64_t> registers = getRegisterSplit(schedule);
  plan.producerRegisters = registers.first;
  plan.consumerRegisters = registers.second;
  int64_t bytes = getByteWidth(plan.elementType);
  plan.stageBytesA = plan.blockM * plan.blockK * bytes;
  plan.stageBytesB = plan.blockK * plan.blockN * bytes;
  plan.bufferOffsetB = plan.stages * plan.stageBytesA;
  plan.stagingOffset =
      plan.persistent ? plan.stages * (plan.stageBytesA + plan.stageBytesB) : 0;
  plan.rowBytesA = plan.blockK * bytes;
  plan.swizzleBytesA = getSwizzleWidth(schedule.getSmemA());
  plan.swizzleBytesB = getSwizzleWidth(schedule.getSmemB());
  plan.panelColumnsA = plan.swizzleBytesA / bytes;
  plan.panelColumnsB = plan.swizzleBytesB / bytes;
  plan.boxRowsA = plan.columnMajorA() ? plan.blockK : plan.blockM;
  plan.panelsA = plan.columnMajorA() ? plan.blockM / plan.panelColumnsA : 1;
  plan.panelBytesA = plan.boxRowsA * plan.swizzleBytesA;
  plan.boxRowsB = plan.columnMajorB() ? plan.blockN : plan.blockK;
  plan.panelsB = plan.columnMajorB() ? 1 : plan.blockN / plan.panelColumnsB;
  plan.panelBytesB = plan.boxRowsB * plan.swizzleBytesB;
  // Multicast (row-major A only): a block loads 1/clusterN of A's rows and
  // 1/clusterM of B's panels.
  if (plan.multicast)
    plan.boxRowsA = plan.blockM / plan.clusterN;
  // With fewer panels than cluster rows, each panel splits into slices of
  // its rows instead: along K for a row-major B, along N for a column-major
  // B's one panel (the verifier checks that they are whole swizzle atoms).
  plan.slicesPerPanelB =
      plan.multicast && plan.panelsB < plan.clusterM
          ? plan.clusterM / std::max<int64_t>(plan.panelsB, 1)
          : 1;
  plan.loadRowsB = plan.boxRowsB / plan.slicesPerPanelB;
  plan.panelsPerBlockB =
      plan.multicast
          ? plan.panelsB * plan.slicesPerPanelB / plan.clusterM
          : plan.panelsB;
  plan.tmaStore = schedule.getEpilogueStore() == EpilogueStore::tma;
  plan.elementTypeC = schedule.getElements().getC();
  plan.panelColumnsC = 128 / getByteWidth(plan.elementTypeC);
  plan.storeRounds = schedule.getEpilogueStoreRounds();
  plan.stagingBuffers = schedule.getEpilogueStagingBuffers();
  // Row-major C: panels side by side along N, each WM rows deep. Column-
  // major C (stored as its transpose): panels side by side along M, each
  // one round's columns of C deep.
  if (plan.columnMajorC()) {
    plan.boxRowsC = plan.roundColumnsC();
    plan.panelsPerRoundC = plan.warpM / plan.panelColumnsC;
    plan.panelsC = plan.panelsPerRoundC * plan.storeRounds;
  } else {
    plan.boxRowsC = plan.warpM;
    plan.panelsC = plan.warpN / plan.panelColumnsC;
    plan.panelsPerRoundC = plan.panelsC / plan.storeRounds;
  }
  plan.panelBytesC = plan.boxRowsC * 128;
  plan.warpgroupStagingBytes = plan.panelsPerRoundC * plan.panelBytesC;
  plan.streamK = schedule.isStreamK();
  plan.streamKSpares = schedule.isStreamKBySpares();
  plan.streamKSumsInC =
      plan.streamKSpares && plan.tmaStore && plan.elementTypeC.isF32() &&
      (!epilogue || epilogue.getActivation() == EpilogueActivation::none);
  bool ownStagingPart = plan.tmaStore && plan.persistent &&
                        plan.consumerGroups == 1 && !plan.streamK &&
                        !plan.streamKSumsInC && plan.storeRounds == 1;
  plan.stagedOperand = StagedEpilogueOperand::none;
  if (ownStagingPart && epilogue && epilogue.getAlphaBeta())
    plan.stagedOperand = StagedEpilogueOperand::c;
  else if (ownStagingPart && epilogue && epilogue.getResidual())
    plan.stagedOperand = StagedEpilogueOperand::residual;
  plan.stagingRowElements = getScheduleResources(schedule).stagingRowElements;
  plan.stagingRows = getScheduleResources(schedule).stagingRows;
  plan.stagingLeadRows = 0;
  for (int64_t w = 0; w < plan.consumers; ++w) {
    int64_t member = w % plan.warpgroupsPerTile;
    int64_t rowInTile = member / plan.warpsN * plan.warpM;
    int64_t rowInStaging = rowInTile % plan.stagingRows;
    plan.stagingLeadRows =
        std::max(plan.stagingLeadRows, 64 * w - rowInStaging);
  }
  plan.splitK = schedule.getSplitK();
  plan.streamKWaves = schedule.getStreamKWaves();
  plan.splitKFlagOffset =
      getScheduleResources(schedule).dynamicSharedMemoryBytes - 16;
  plan.threads = getScheduleResources(schedule).threads;
  plan.dynamicSharedMemoryBytes =
      getScheduleResources(schedule).dynamicSharedMemoryBytes;
  // sm_90: 228 KiB of shared memory per SM, 1 KiB of it reserved per block;
  // 64 Ki registers per SM.
  constexpr int64_t sharedPerSM = 228 * 1024, reservedPerBlock = 1024;
  constexpr int64_t registersPerSM = 64 * 1024;
  int64_t bySharedMemory =
      sharedPerSM /
      (getScheduleResources(schedule).sharedMemoryBytes + reservedPerBlock);
  int64_t byRegisters =
      registersPerSM / (128 * plan.producerRegisters +
                        128 * plan.consumers * plan.consumerRegisters);
  plan.blocksPerMultiprocessor =
      std::max<int64_t>(1, std::min<int64_t>({2, bySharedMemory, byRegisters}));
  return plan;
}

Value gemm_opt::bufferOffsetOfB(OpBuilder &b, Location loc,
                               const HopperKernelPlan &plan, Value stage) {
  return arith::AddIOp::create(
      b, loc, arith::ConstantIndexOp::create(b, loc, plan.bufferOffsetB),
      arith::MulIOp::create(
          b, loc, stage,
          arith::ConstantIndexOp::create(b, loc, plan.stageBytesB)));
}

bool gemm_opt::usesTmaDescriptors(ScheduleAttr schedule) {
  return schedule.getMma().getKind() == MmaKind::wgmma;
}

unsigned gemm_opt::getTmaDescriptorCount(ScheduleAttr schedule,
                                         EpilogueAttr epilogue,
                                         const GemmLayouts &layouts) {
  if (!usesTmaDescriptors(schedule))
    return 0;
  HopperKernelPlan plan = planHopperKernel(schedule, epilogue, layouts);
  return 2 + (plan.tmaStore ? 1 : 0) + (plan.stagesResidual() ? 1 : 0);
}

SmallVector<Type> gemm_opt::getTmaArgumentTypes(MLIRContext *context,
                                                ScheduleAttr schedule,
                                                EpilogueAttr epilogue,
                                                const GemmLayouts &layouts,
                                                bool byValue) {
  unsigned maps = getTmaDescriptorCount(schedule, epilogue, layouts);
  auto pointer = LLVM::LLVMPointerType::get(context);
  SmallVector<Type> types(std::min(maps, 2u), pointer);
  // C's map and the residual's, each followed by whether it is there when
  // passed by value.
  for (unsigned map = 2; map < maps; ++map) {
    types.push_back(pointer);
    if (byValue)
      types.push_back(IntegerType::get(context, 32));
  }
  return types;
}

/// A box of `rows` × `columns` elements of `element`, swizzled in rows of
/// `swizzleBytes` (32, 64 or 128).
static nvgpu::TensorMapDescriptorType
descriptorType(int64_t rows, int64_t columns, Type element,
               int64_t swizzleBytes, nvgpu::TensorMapL2PromoKind promotion) {
  nvgpu::TensorMapSwizzleKind swizzle =
      swizzleBytes == 32   ? nvgpu::TensorMapSwizzleKind::SWIZZLE_32B
      : swizzleBytes == 64 ? nvgpu::TensorMapSwizzleKind::SWIZZLE_64B
                           : nvgpu::TensorMapSwizzleKind::SWIZZLE_128B;
  MLIRContext *ctx = element.getContext();
  auto box = MemRefType::get({rows, columns}, element, nullptr,
                             IntegerAttr::get(IntegerType::get(ctx, 64), 3));
  return nvgpu::TensorMapDescriptorType::get(
      ctx, box, swizzle, promotion,
      nvgpu::TensorMapOOBKind::OOB_ZERO,
      nvgpu::TensorMapInterleaveKind::INTERLEAVE_NONE);
}

nvgpu::TensorMapDescriptorType
gemm_opt::tmaDescriptorTypeA(const HopperKernelPlan &plan) {
  return descriptorType(plan.boxRowsA, plan.panelColumnsA, plan.elementType,
                        plan.swizzleBytesA,
                        nvgpu::TensorMapL2PromoKind::L2PROMO_256B);
}

nvgpu::TensorMapDescriptorType
gemm_opt::tmaDescriptorTypeB(const HopperKernelPlan &plan) {
  return descriptorType(plan.loadRowsB, plan.panelColumnsB, plan.elementTypeB,
                        plan.swizzleBytesB,
                        nvgpu::TensorMapL2PromoKind::L2PROMO_256B);
}

nvgpu::TensorMapDescriptorType
gemm_opt::tmaDescriptorTypeC(const HopperKernelPlan &plan) {
  return descriptorType(plan.boxRowsC, plan.panelColumnsC, plan.elementTypeC,
                        /*swizzleBytes=*/128,
                        nvgpu::TensorMapL2PromoKind::L2PROMO_NONE);
}

Value TmaDescriptorArguments::castA(OpBuilder &b, Location loc,
                                    const HopperKernelPlan &plan) const {
  return UnrealizedConversionCastOp::create(b, loc, tmaDescriptorTypeA(plan),
                                            pointerA)
      .getResult(0);
}

Value TmaDescriptorArguments::castB(OpBuilder &b, Location loc,
                                    const HopperKernelPlan &plan) const {
  return UnrealizedConversionCastOp::create(b, loc, tmaDescriptorTypeB(plan),
                                            pointerB)
      .getResult(0);
}

std::optional<TmaDescriptorArguments>
gemm_opt::getTmaDescriptorArguments(gpu::GPUFuncOp kernel) {
  ScheduleAttr schedule = getKernelSchedule(kernel);
  EpilogueAttr epilogue = getKernelEpilogue(kernel);
  GemmLayouts layouts = getKernelLayouts(kernel);
  if (!schedule || getTmaDescriptorCount(schedule, epilogue, layouts) == 0)
    return std::nullopt;
  bool byValue = takesTensorMapsByValue(kernel);
  SmallVector<Type> types = getTmaArgumentTypes(kernel.getContext(), schedule,
                                                epilogue, layouts, byValue);
  if (kernel.getNumArguments() < 3 + types.size() ||
      kernel.getArgumentTypes().slice(3, types.size()) != ArrayRef(types))
    return std::nullopt;
  auto argument = [&](unsigned i) {
    return i < types.size() ? kernel.getArgument(3 + i) : Value();
  };
  // A, B, C (presentC), residual (presentResidual).
  unsigned perMap = byValue ? 2 : 1;
  TmaDescriptorArguments arguments{argument(0), argument(1), argument(2)};
  if (byValue)
    arguments.presentC = argument(3);
  arguments.pointerResidual = argument(2 + perMap);
  if (byValue)
    arguments.presentResidual = argument(3 + perMap);
  return arguments;
}

MemRefType gemm_opt::splitKPartialsType(MLIRContext *context) {
  return MemRefType::get({ShapedType::kDynamic}, Float32Type::get(context));
}

MemRefType gemm_opt::splitKCountersType(MLIRContext *context) {
  return MemRefType::get({ShapedType::kDynamic},
                         IntegerType::get(context, 32));
}

std::optional<SplitKWorkspace>
gemm_opt::getSplitKWorkspace(gpu::GPUFuncOp kernel) {
  ScheduleAttr schedule = getKernelSchedule(kernel);
  unsigned count = kernel.getNumArguments();
  if (!schedule || !schedule.hasKWorkspace() || count < 2)
    return std::nullopt;
  Value partials = kernel.getArgument(count - 2);
  Value counters = kernel.getArgument(count - 1);
  MLIRContext *context = kernel.getContext();
  if (partials.getType() != splitKPartialsType(context) ||
      counters.getType() != splitKCountersType(context))
    return std::nullopt;
  return SplitKWorkspace{partials, counters};
}
