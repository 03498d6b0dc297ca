//===- HopperKernelPlan.h - sizes of a warp-specialized wgmma kernel -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// One place that derives, from a wgmma schedule, everything the outlining,
// the warp-specialized lowering and the launch metadata must agree on:
// thread count, shared-memory layout, TMA boxes and descriptor arguments.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_HOPPER_HOPPERKERNELPLAN_H
#define GEMM_OPT_PASSES_HOPPER_HOPPERKERNELPLAN_H

#include "dialect/MatrixLayouts.h"
#include "dialect/TileDialect.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/IR/Builders.h"

#include <array>

namespace gemm_opt {

/// The fused epilogue operand that TMA loads into each consumer warpgroup's
/// staging part while the tile's main loop runs, so that the epilogue reads
/// it from shared memory instead of global memory (passes/hopper/TmaStoreEpilogue.h,
/// loadIntoStaging): C (alpha_beta, read where beta != 0), else a residual.
enum class StagedEpilogueOperand { none, c, residual };

struct HopperKernelPlan {
  int64_t blockM, blockN, blockK;
  int64_t warpM, warpN;     // per consumer warpgroup
  /// N of the schedule's wgmma instruction. Kernels issue WN-wide
  /// instructions; a promoting FP8 loop issues WN in pieces of mmaN, each
  /// promoted on its own (passes/hopper/PromotingMainLoop.h).
  int64_t mmaN;
  int64_t warpsN;           // consumer warpgroups along N
  int64_t warpgroupsPerTile; // consumer warpgroups that share one tile
  int64_t consumerGroups;   // sets of those that take tiles in turns
  int64_t consumers;        // all consumer warpgroups
  /// The block loops over tiles (a persistent grid) instead of computing
  /// the one its block index names.
  bool persistent;
  int64_t stages;
  /// Blocks per thread-block cluster along M and N ([1, 1]: no cluster).
  int64_t clusterM, clusterN;
  /// The blocks of a cluster row share A's tile and those of a cluster
  /// column B's: each loads 1/clusterN of A's rows and 1/clusterM of B's
  /// panels and multicasts them to the others.
  bool multicast;
  /// B panels each block of a cluster column loads.
  int64_t panelsPerBlockB;
  /// Multicast with fewer B panels than cluster rows (e.g. BN = 64 in a 2×1
  /// cluster): each panel is loaded in this many slices of whole 8-row
  /// swizzle atoms along K, one per block; else 1.
  int64_t slicesPerPanelB;
  /// Rows of one TMA box of B: boxRowsB / slicesPerPanelB.
  int64_t loadRowsB;
  /// The launch's cluster dimensions (x, y, z): (clusterN, clusterM, 1) on
  /// the 2-D grid, (clusterM·clusterN, 1, 1) on a persistent 1-D grid.
  std::array<int64_t, 3> launchCluster() const {
    if (persistent)
      return {clusterM * clusterN, 1, 1};
    return {clusterN, clusterM, 1};
  }
  bool hasCluster() const { return clusterM * clusterN > 1; }
  /// Blocks per tile along K (grid z); their partial tiles meet in an fp32
  /// workspace, and the last one stores C.
  int64_t splitK;
  /// A persistent grid that shares its last tiles' K steps evenly between
  /// its blocks (passes/hopper/StreamKPartition.h).
  bool streamK;
  /// Under streamK, the last waves so shared (1: the partial last wave, 2:
  /// also the whole wave before it).
  int64_t streamKWaves;
  /// stream_k = spares: the partial last wave's idle blocks compute the
  /// first K steps of its tiles (passes/hopper/StreamKPartition.h).
  bool streamKSpares;
  /// stream_k = spares into an f32 C by TMA stores, with an epilogue affine
  /// in the accumulator (no activation): a partial tile's two parts meet
  /// in C itself, the spare's head stored with the whole epilogue and the
  /// owner's tail added to it by a TMA reduction (passes/hopper/StreamKFixup.h),
  /// instead of through the fp32 workspace and the owner's registers.
  bool streamKSumsInC;
  /// Where the split-K "last block" flag lives in dynamic shared memory.
  int64_t splitKFlagOffset;
  /// Element types of A and B: the same 16- or 32-bit float, or 8-bit
  /// floats that may differ (e4m3 by e5m2).
  mlir::Type elementType, elementTypeB;
  bool eightBitInputs() const {
    return elementType.getIntOrFloatBitWidth() == 8;
  }
  int64_t producerRegisters, consumerRegisters;
  // Shared memory: all A stages, then all B stages, then (persistent) the
  // epilogue's f32 staging tile; without persistence the staging tile
  // reuses the stage bytes once the main loop is done.
  int64_t stageBytesA, stageBytesB, bufferOffsetB;
  int64_t stagingOffset;
  /// Rows before the staging tile that the epilogue's store views start
  /// at: warpgroup.mma.store offsets each warpgroup's rows by 64 times its
  /// block-wide index, which is more than its row in the tile when consumer
  /// groups take turns. Those rows (inside the stages) are never written.
  int64_t stagingLeadRows;
  /// Whether the lead rows fit in front of the staging tile.
  bool hasStagingLead() const {
    return stagingLeadRows * stagingRowElements * 4 <= stagingOffset;
  }
  /// Major orders of A, B and C (passes/common/KernelAttributes.h).
  tile::GemmLayouts layouts;
  bool columnMajorA() const { return layouts.a == tile::MatrixOrder::col; }
  bool columnMajorB() const { return layouts.b == tile::MatrixOrder::col; }
  bool columnMajorC() const { return layouts.c == tile::MatrixOrder::col; }
  /// Swizzle widths of A's and B's stage buffers (smem_a, smem_b: 32, 64
  /// or 128 bytes): one TMA box row, and one row of the operand's 8-row
  /// swizzle atoms.
  int64_t swizzleBytesA, swizzleBytesB;
  int64_t rowBytesA;        // a K-major A row: BK elements, one swizzle row
  /// Elements of one TMA box row of A and of B (a swizzle row, the inner box
  /// extent): K of a K-major operand, else M (A) or N (B) of one panel.
  int64_t panelColumnsA, panelColumnsB;
  /// Rows (outer extent) of one TMA box: A row-major BM (with multicast, a
  /// block's BM/clusterN share), column-major BK (M-major panels); B
  /// row-major BK (N-major panels), column-major BN.
  int64_t boxRowsA, boxRowsB;
  /// TMA boxes per stage and the bytes of each (1 box for a K-major operand).
  int64_t panelsA, panelBytesA;
  int64_t panelsB, panelBytesB;
  /// Whether each nvgpu.warpgroup.mma must be one wgmma instruction
  /// (m64nNk16) whose descriptors this lowering computes: upstream's
  /// descriptor iteration inside a bigger warpgroup.mma assumes K-major A
  /// and N-major B (today's row-major A and B) in 128-byte swizzle rows.
  /// tf32 (f32 inputs) reads only K-major A and B, so it always takes this
  /// path.
  bool singleInstructionWgmma() const {
    return columnMajorA() || columnMajorB() || elementType.isF32() ||
           eightBitInputs() ||
           swizzleBytesA != 128 || swizzleBytesB != 128;
  }
  /// tf32 (f32 inputs) with a column-major (M-major) A: wgmma has no
  /// transpose flag for 32-bit operands in shared memory, so each consumer
  /// thread loads its A fragments from the stage and the instructions take
  /// A from registers (passes/hopper/WgmmaStageOperands.h).
  bool registerSourcedA() const {
    return elementType.isF32() && columnMajorA();
  }
  /// #tile.store<tma> (passes/hopper/TmaStoreEpilogue.h): each consumer warpgroup
  /// converts its WM×WN accumulator to C's type into its own part of a
  /// staging tile (warpgroupStagingBytes, at stagingOffset + member ·
  /// warpgroupStagingBytes) made of 128-byte-swizzled panels of boxRowsC
  /// rows × panelColumnsC elements of C as stored, which TMA stores to C
  /// (box boxRowsC × panelColumnsC). With storeRounds > 1 the part holds
  /// one round of WN/storeRounds columns of C: panelsPerRoundC of the
  /// warpgroup's panelsC panels, and the warpgroup fills and stores it
  /// storeRounds times per tile. A row-major C's panels lie side by side
  /// along N (boxRowsC = WM rows of C); a column-major C's along M, each
  /// holding the round's columns as its rows (boxRowsC = WN/storeRounds).
  bool tmaStore;
  mlir::Type elementTypeC;
  int64_t panelColumnsC, boxRowsC, panelsC, panelBytesC;
  int64_t storeRounds, panelsPerRoundC;
  /// Staging parts per warpgroup (staging_buffers): round r fills part
  /// r mod stagingBuffers, each warpgroupStagingBytes.
  int64_t stagingBuffers;
  /// Columns of C one round stores: WN / storeRounds.
  int64_t roundColumnsC() const { return warpN / storeRounds; }
  int64_t warpgroupStagingBytes;
  /// Only where the staging part is the tile's own through its main loop
  /// and holds all of the warpgroup's C as stored: a persistent grid (the
  /// part has its own bytes), one consumer group, no stream-K (a partial
  /// tile's epilogue runs in another block) and one store round. A
  /// column-major C's part holds its transpose's panels, loaded by the
  /// same boxes as its stores.
  StagedEpilogueOperand stagedOperand;
  bool stagesC() const { return stagedOperand == StagedEpilogueOperand::c; }
  bool stagesResidual() const {
    return stagedOperand == StagedEpilogueOperand::residual;
  }
  int64_t stagingRowElements;
  /// Rows of the staging tile: the whole tile at once, or (persistent) one
  /// warpgroup's rows at a time, the warpgroups of a group in turns.
  int64_t stagingRows;
  int64_t threads;
  int64_t dynamicSharedMemoryBytes;
  /// Blocks that fit on one SM at once (shared memory and the registers of
  /// the setmaxnreg split), capped at 2: with two, one block's epilogue
  /// overlaps the other's main loop.
  int64_t blocksPerMultiprocessor;
};

/// The plan of a wgmma schedule (the verifier has checked it is possible)
/// for a GEMM with the fused `epilogue` (null: none) over operands of
/// `layouts`. The epilogue decides which operand, if any, the producer
/// stages into the consumers' staging parts.
HopperKernelPlan planHopperKernel(tile::ScheduleAttr schedule,
                                  tile::EpilogueAttr epilogue,
                                  const tile::GemmLayouts &layouts = {});

/// The byte offset in dynamic shared memory of `stage`'s B buffer (index
/// values).
mlir::Value bufferOffsetOfB(mlir::OpBuilder &b, mlir::Location loc,
                            const HopperKernelPlan &plan, mlir::Value stage);

/// Whether kernels of `schedule` take TMA descriptors of A and B.
bool usesTmaDescriptors(tile::ScheduleAttr schedule);

/// How many tensor maps kernels of `schedule` with `epilogue` over operands
/// of `layouts` take after A, B and C: A's and B's, C's with a tma epilogue store, and
/// the residual's where it is staged by TMA (stagesResidual()); 0 without
/// TMA.
unsigned getTmaDescriptorCount(tile::ScheduleAttr schedule,
                               tile::EpilogueAttr epilogue,
                               const tile::GemmLayouts &layouts);

/// The types of the arguments kernels of `schedule` with `epilogue` over
/// operands of `layouts` take after A, B and C for TMA (see TmaDescriptorArguments), in
/// order: a pointer per tensor map (A's, B's, C's, the residual's) and, for
/// maps passed `byValue`, an i32 after C's and after the residual's map that
/// says whether it is there.
llvm::SmallVector<mlir::Type>
getTmaArgumentTypes(mlir::MLIRContext *context, tile::ScheduleAttr schedule,
                    tile::EpilogueAttr epilogue,
                    const tile::GemmLayouts &layouts, bool byValue);

/// The TMA descriptor types of A (box boxRowsA × swizzleBytesA bytes) and B
/// (box loadRowsB × swizzleBytesB bytes), as nvgpu sees them.
mlir::nvgpu::TensorMapDescriptorType tmaDescriptorTypeA(const HopperKernelPlan &);
mlir::nvgpu::TensorMapDescriptorType tmaDescriptorTypeB(const HopperKernelPlan &);
/// The TMA descriptor type of C for a tma epilogue store (box boxRowsC ×
/// 128 bytes, no L2 promotion); a staged residual's map has the same type.
mlir::nvgpu::TensorMapDescriptorType tmaDescriptorTypeC(const HopperKernelPlan &);

/// The kernel arguments holding the descriptors of A and B (and C with a
/// tma epilogue store, and a residual staged by TMA), appended after the
/// matrices by tile-outline-kernel: generic pointers to 128-byte
/// CUtensorMaps in global memory, or, in a kernel that takes them by value
/// (takesTensorMapsByValue), to the maps themselves, `__grid_constant__`
/// parameters after tile-tensor-maps-by-value. The runtime decides per
/// launch whether C's address and pitch are ones TMA can take; where they
/// are not, C's pointer is null (by value: the map is zeros and the i32
/// after it 0) and the kernel stores C with its threads. Likewise for the
/// residual, whose map describes it as C's does C (C's extents, pitch and
/// batch stride at the residual's address): without it the epilogue reads
/// the residual with its threads.
struct TmaDescriptorArguments {
  mlir::Value pointerA, pointerB;
  mlir::Value pointerC; ///< Null Value without a tma epilogue store.
  /// By value: the i32 after C's map (1: it is there); else a null Value.
  mlir::Value presentC;
  /// Null Values unless the kernel stages its residual by TMA.
  mlir::Value pointerResidual, presentResidual;
  /// The arguments as nvgpu descriptors (a cast the NVVM lowering folds).
  mlir::Value castA(mlir::OpBuilder &b, mlir::Location loc,
                    const HopperKernelPlan &plan) const;
  mlir::Value castB(mlir::OpBuilder &b, mlir::Location loc,
                    const HopperKernelPlan &plan) const;
};
std::optional<TmaDescriptorArguments>
getTmaDescriptorArguments(mlir::gpu::GPUFuncOp kernel);

/// The split-K / stream-K workspace a kernel takes as its last two arguments
/// (appended by tile-outline-kernel when split_k > 1 or stream_k): fp32
/// partial sums (split_k: S slices of M·N; stream_k: one BM·BN slot per
/// block of the grid) and one i32 counter per tile of C (zero between
/// launches).
struct SplitKWorkspace {
  mlir::Value partials, counters;
};
std::optional<SplitKWorkspace> getSplitKWorkspace(mlir::gpu::GPUFuncOp kernel);

/// The memref types of the split-K workspace arguments.
mlir::MemRefType splitKPartialsType(mlir::MLIRContext *context);
mlir::MemRefType splitKCountersType(mlir::MLIRContext *context);

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_HOPPER_HOPPERKERNELPLAN_H
