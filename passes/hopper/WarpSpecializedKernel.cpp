//===- WarpSpecializedKernel.cpp - the warp-specialized wgmma kernel -----===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The body of the warp-specialized Hopper kernel that tile-warp-specialize
// builds in place of a block-tiled wgmma K loop
// (passes/hopper/WarpSpecializedKernel.h):
//
//   the last warpgroup (producer, setmaxnreg down; passes/hopper/TmaProducer.h):
//     one warp walks the block's tiles and their K steps
//     (passes/hopper/BlockWorkWalk.h); for the n-th K step overall it waits until
//     stage n%S is empty (passes/hopper/StageRing.h), expects its bytes on
//     full[n%S] and one thread issues the TMA loads of A (BM×BK) and B
//     (BK×BN, in 64-column panels) into the 128-byte-swizzled stage
//     (passes/hopper/WgmmaStageOperands.h says how each operand layout is boxed
//     and read by wgmma).
//   warpgroups 0 .. C-1 (consumers, setmaxnreg up; passes/hopper/WgmmaMainLoop.h):
//     for each K step of their tile, wait until full[n%S] completes; issue
//     wgmma on the stage (operands straight from shared memory) keeping one
//     wgmma group in flight; once the group of step n-1 has retired,
//     release its stage.
//   epilogue (consumers; passes/hopper/ConsumerEpilogue.h): the f32 accumulators
//     go to a padded staging tile in shared memory, then every consumer
//     thread converts 8 consecutive elements and writes them with one
//     16-byte store, consecutive threads covering consecutive columns (a
//     column-major C: 8 rows of a column; passes/epilogue/StagingEpilogue.h); or
//     with #tile.store<tma> each warpgroup stages its part and TMA stores it
//     (passes/hopper/TmaStoreEpilogue.h). A stream-K segment first hands its part
//     over or collects its helpers' (passes/hopper/StreamKSegmentEnd.h).
//
// Without a persistent grid the block computes the one tile tile-block-tile
// gave it and the staging tile reuses the stages. With one (#tile.grid<
// persistent = true>) the block walks tiles blockIdx.x, +gridDim.x, ... in
// the schedule's raster order; the staging tile has its own bytes, so the
// producer loads the next tile while the consumers store this one. With
// consumer_groups = 2 the consumer warpgroups form two groups that take
// the tiles in turns ("ping-pong"): named barriers hand the main loop and
// the staging tile from one group to the other, so one group's epilogue
// runs while the other's wgmmas keep the tensor cores busy
// (passes/hopper/ConsumerBarriers.h).
//
// In a thread-block cluster with multicast (#tile.cluster<[CM, CN],
// multicast = true>) the blocks of a cluster row share A's tile and those of
// a column B's: each producer loads its share (1/CN of A's rows, 1/CM of
// B's panels) once and TMA multicasts it into every block that needs it. A
// stage can be refilled only when all the blocks it is sent to have
// released it, so consumers arrive on the "empty" barriers of their whole
// cluster row and column; the cluster synchronizes after the barriers are
// initialized and before any block exits.
//
// With split_k = S (one block per tile) the S blocks of a tile (grid z)
// walk 1/S of its K tiles each and meet in passes/SplitKReduction: partial
// tiles through a workspace, the last block runs the epilogue.
//
// A batched GEMM (3-D operands) computes the tile of the batch entry
// blockIdx.z, or with a persistent grid walks the tiles of entry 0, then
// entry 1, ... (every entry's patches in raster order): the producer loads
// from the 3-D tensor maps with the entry as a third coordinate
// (passes/hopper/BatchedTmaLoad.h) and the epilogue stores into the entry's 2-D
// view of C (passes/common/BatchEntryView.h), so the epilogue itself is the same;
// an 8-bit GEMM's per-entry scales are viewed at the entry the same way
// (passes/common/OperandScales.h).
// A grouped GEMM (masked layout) is batched over its groups: the walk takes
// the non-empty tiles of all groups (passes/hopper/GroupedTileWalk.h) and a
// tile that its group's end cuts is copied by the threads up to that end.
//
// Upstream nvgpu ops do the heavy lifting: mbarrier.*, tma.async.load,
// warpgroup.generate.descriptor, warpgroup.mma (which splits the tile into
// m64nNk16 instructions and fences/commits/waits) and warpgroup.mma.store.
//
//===----------------------------------------------------------------------===//

#include "passes/hopper/WarpSpecializedKernel.h"

#include "passes/hopper/AccumulatorScaling.h"
#include "passes/hopper/BlockScaleProducer.h"
#include "passes/hopper/PromotingMainLoop.h"

#include "dialect/MemoryQueries.h"
#include "passes/common/BatchEntryView.h"
#include "passes/hopper/BatchedTmaLoad.h"
#include "passes/hopper/GroupedTileWalk.h"
#include "passes/hopper/ClusterMulticast.h"
#include "passes/hopper/ConsumerBarriers.h"
#include "passes/hopper/ConsumerEpilogue.h"
#include "passes/common/SharedMemoryView.h"
#include "passes/hopper/StageRing.h"
#include "passes/hopper/StreamKSegmentEnd.h"
#include "passes/hopper/TmaProducer.h"
#include "passes/hopper/TmaStoreEpilogue.h"
#include "passes/hopper/WgmmaMainLoop.h"
#include "passes/hopper/WgmmaStageOperands.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace gemm_opt;
using namespace gemm_opt::tile;

namespace {

/// Builds the kernel body; one instance per rewritten K loop.
class WarpSpecializedBuilder {
public:
  WarpSpecializedBuilder(OpBuilder &b, Location loc,
                         ScheduleAttr schedule, const HopperKernelPlan &plan,
                         FusedEpilogue fused, OperandScales scales)
      : b(b), loc(loc), schedule(schedule), plan(plan), fused(fused),
        scales(scales), named(b, loc, plan),
        blockScaleRing(tile::getBlockScaleRing(
            schedule, scales ? scales.scaling : tile::ScalingAttr())) {}

  Value index(int64_t v) { return arith::ConstantIndexOp::create(b, loc, v); }
  Value i32(int64_t v) {
    return arith::ConstantIntOp::create(b, loc, b.getI32Type(), v);
  }

  /// split_k: this block (blockIdx.z) takes K tiles [kFirst, kFirst + n)
  /// of the `total`, n = ceil(total / S) or fewer (possibly none) for the
  /// last splits; returns n.
  Value splitKTiles(Value total, SplitKWorkspace space) {
    workspace = space;
    Value perSplit =
        arith::CeilDivUIOp::create(b, loc, total, index(plan.splitK));
    kFirst = arith::MulIOp::create(
        b, loc, gpu::BlockIdOp::create(b, loc, gpu::Dimension::z), perSplit);
    Value left = arith::SubIOp::create(
        b, loc, arith::MaxUIOp::create(b, loc, total, kFirst), kFirst);
    return arith::MinUIOp::create(b, loc, left, perSplit);
  }

  /// stream_k: the workspace of partial tiles and per-tile counters.
  void setStreamKWorkspace(SplitKWorkspace space) { workspace = space; }

  /// With a tma epilogue store: C's tensor map, and a staged residual's.
  void setTensorMaps(OptionalTensorMap c, OptionalTensorMap residual) {
    mapC = c;
    mapResidual = residual;
  }

  void build(const BlockTiles &tiles, Value kTiles,
             const OperandDescriptors &descriptors, Value c) {
    this->tiles = tiles;
    this->kTiles = kTiles;
    Value descA = descriptors.mmaA, descB = descriptors.mmaB;
    Value tid = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
    Value warpgroup = getUniformWarpgroup(tid);
    Value inGroup = arith::RemUIOp::create(b, loc, tid, index(128));
    primary = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, inGroup,
                                    index(0));
    if (plan.hasCluster())
      position = ClusterPosition::get(b, loc, plan);
    raw = getDynamicSharedMemory(b, loc);
    createBarriers(tid, descriptors.loadA, descriptors.loadB);
    if (tiles.batched)
      broadcast = BatchBroadcast::get(b, loc, tiles.batched.a,
                                      tiles.batched.b);
    walk.emplace(b, loc, schedule, plan, tiles, kTiles, kFirst, position);
    walk->countWork();

    // Consumers are warpgroups 0 .. C-1 and the producer is the last:
    // nvgpu.warpgroup.mma.store derives rows from the block-wide warp index.
    Value isProducer = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::eq, warpgroup, index(plan.consumers));
    auto roles = scf::IfOp::create(b, loc, isProducer, /*withElse=*/true);
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(roles.thenBlock());
      TmaProducer producer(block(), broadcast);
      if (stagedLoaded)
        producer.build(
            inGroup, descriptors.loadA, descriptors.loadB,
            [&](const BlockSegment &segment, Value tile, Value step) {
              loadStagedOperand(segment, tile, step);
            });
      else
        producer.build(inGroup, descriptors.loadA, descriptors.loadB);
      if (blockScaleRing)
        BlockScaleProducer(block(), scales, {*blockScaleRing, blockScales})
            .build(inGroup);
      b.setInsertionPointToStart(roles.elseBlock());
      buildConsumer(warpgroup, tid, descA, descB, c);
    }
    // No block leaves while a peer may still multicast into it or arrive
    // on its barriers.
    if (plan.multicast)
      synchronizeCluster(b, loc);
  }

private:
  /// tid / 128, broadcast from lane 0 of the warp: ptxas then knows the role
  /// branches are warp-uniform. (Computed per thread, a branch on it reads
  /// to ptxas as divergent, and it serializes the wgmmas behind it: C7520.)
  Value getUniformWarpgroup(Value tid) {
    Type i32Type = b.getI32Type();
    Value own = arith::IndexCastUIOp::create(
        b, loc, i32Type, arith::DivUIOp::create(b, loc, tid, index(128)));
    Value uniform = NVVM::ShflOp::create(
        b, loc, i32Type, i32(-1), own, i32(0), i32(0x1f), NVVM::ShflKind::idx,
        UnitAttr());
    return arith::IndexCastUIOp::create(b, loc, b.getIndexType(), uniform);
  }

  void createBarriers(Value tid, Value descA, Value descB) {
    auto workgroup = gpu::AddressSpaceAttr::get(b.getContext(),
                                                gpu::AddressSpace::Workgroup);
    barrierType = nvgpu::MBarrierGroupType::get(b.getContext(), workgroup,
                                                plan.stages);
    full = nvgpu::MBarrierCreateOp::create(b, loc, barrierType);
    empty = nvgpu::MBarrierCreateOp::create(b, loc, barrierType);
    if (blockScaleRing)
      blockScales = createBlockScaleRing(*blockScaleRing, workgroup);
    if (plan.stagedOperand != StagedEpilogueOperand::none) {
      auto perWarpgroup = nvgpu::MBarrierGroupType::get(
          b.getContext(), workgroup, plan.warpgroupsPerTile);
      stagedLoaded = nvgpu::MBarrierCreateOp::create(b, loc, perWarpgroup);
      stagingFree = nvgpu::MBarrierCreateOp::create(b, loc, perWarpgroup);
    }
    Value isFirst =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, tid, index(0));
    auto init = scf::IfOp::create(b, loc, isFirst);
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(init.thenBlock());
      // full: the producer's arrive.expect_tx plus the TMA bytes (and the
      // block-scale warp's arrivals).
      int64_t fullArrivals = blockScaleRing ? 1 + kBlockScaleArrivals : 1;
      for (int64_t s = 0; s < plan.stages; ++s) {
        nvgpu::MBarrierInitOp::create(b, loc, full, index(fullArrivals),
                                      index(s), Value());
        // empty: one arrival per warpgroup of the group using the stage
        // (per thread where they read the block-scale ring), in every
        // block the stage's loads are multicast to.
        nvgpu::MBarrierInitOp::create(
            b, loc, empty,
            index(emptyBarrierArrivals(plan) * (blockScaleRing ? 128 : 1)),
            index(s), Value());
      }
      // stagedLoaded: the producer's arrive.expect_tx plus the TMA bytes;
      // stagingFree: the warpgroup's first thread.
      for (int64_t w = 0; stagedLoaded && w < plan.warpgroupsPerTile; ++w) {
        nvgpu::MBarrierInitOp::create(b, loc, stagedLoaded, index(1), index(w),
                                      Value());
        nvgpu::MBarrierInitOp::create(b, loc, stagingFree, index(1), index(w),
                                      Value());
      }
      nvgpu::TmaPrefetchOp::create(b, loc, descA, Value());
      nvgpu::TmaPrefetchOp::create(b, loc, descB, Value());
      if (plan.multicast)
        NVVM::FenceMbarrierInitOp::create(b, loc);
    }
    if (plan.multicast)
      synchronizeCluster(b, loc);
    else
      gpu::BarrierOp::create(b, loc);
  }

  /// The stage of the block's `step`-th K step overall (over all its
  /// tiles) and the parity of the stage's use: its round through the ring.
  std::pair<Value, Value> ringPosition(Value step) {
    return getRingPosition(b, loc, plan.stages, step);
  }

  /// The parity of the block's `tile`-th tile (one consumer group): the
  /// phase of a barrier completed once per tile.
  Value tileParity(Value tile) { return getUseParity(b, loc, tile); }

  void buildConsumer(Value warpgroup, Value tid, Value descA, Value descB,
                     Value c) {
    NVVM::SetMaxRegisterOp::create(b, loc, plan.consumerRegisters,
                                   NVVM::SetMaxRegisterAction::increase);
    bool turns = plan.consumerGroups > 1;
    Value group =
        turns ? arith::DivUIOp::create(b, loc, warpgroup,
                                       index(plan.warpgroupsPerTile))
              : index(0);
    Value member =
        arith::RemUIOp::create(b, loc, warpgroup, index(plan.warpgroupsPerTile));
    auto [row, col] = getMemberOrigin(member);
    Value groupThread = arith::SubIOp::create(
        b, loc, tid,
        arith::MulIOp::create(b, loc, group,
                              index(128 * plan.warpgroupsPerTile)));

    if (scales.d)
      scaleD = memref::LoadOp::create(b, loc, scales.d, ValueRange{});
    // Group g computes the block's tiles g, g + G, g + 2G, ...
    auto tileLoop = scf::ForOp::create(b, loc, group, walk->getSegmentCount(),
                                       index(plan.consumerGroups));
    // The shared memory the TMA stores read stays until they are done.
    if (plan.tmaStore)
      tmaStores().waitForStores(primary, /*complete=*/true);
    OpBuilder::InsertionGuard tileGuard(b);
    b.setInsertionPointToStart(tileLoop.getBody());
    Value tile = tileLoop.getInductionVar();
    BlockSegment segment = walk->getSegment(tile);
    Value rowBase = segment.rowBase, colBase = segment.colBase;
    Value batch = segment.batch;
    // The epilogue's bias, loaded now: its latency hides behind the main
    // loop (TmaStoreEpilogue::loadBias).
    Value rowC = arith::AddIOp::create(b, loc, rowBase, row);
    Value colC = arith::AddIOp::create(b, loc, colBase, col);
    // A grouped tile's epilogue reads its group's operands (that group,
    // not `group`, the consumer group): the batch entry (masked) or B's
    // (contiguous). Its bias loads ask that group's C (cut at the group's
    // end) whether a run is whole.
    Value tileGroup =
        segment.groupRows ? (batch ? batch : segment.groupB) : Value();
    auto groupC = [&] {
      return viewGroupRows(
          b, loc, batch ? viewBatchEntry(b, loc, tiles.batched.c, batch) : c,
          segment.groupRows);
    };
    // A batch entry's bias loads ask the entry's C (its rows and columns,
    // not the batch and the rows of the 3-D C).
    SmallVector<Value> bias;
    if (plan.tmaStore)
      bias =
          (tileGroup
               ? tmaStores().atGroup(tileGroup, groupC(), batch != nullptr)
           : batch ? tmaStores().atBatchEntry(
                         batch, viewBatchEntry(b, loc, tiles.batched.c, batch))
                   : tmaStores())
              .loadBias(arith::RemUIOp::create(b, loc, tid, index(128)), rowC,
                        colC);
    if (turns)
      named.waitTurn(ConsumerBarriers::kMainLoopTurn, group, tile);
    // The part's C (alpha_beta) or residual goes into its staging part by
    // TMA while the main loop runs: the producer loads it once this
    // warpgroup's first thread has seen the previous tile's stores read
    // the part, which it checks once the first K step's wgmmas are issued
    // (loadStagedOperand).
    auto freeStaging = [&] {
      Value signal = arith::AndIOp::create(b, loc, primary,
                                           tmaStores().operandInStaging());
      tmaStores().waitForStores(signal);
      nvgpu::MBarrierArriveExpectTxOp::create(b, loc, stagingFree, index(0),
                                              member, signal);
    };
    BlockScaleRingMemory ring;
    if (blockScaleRing)
      ring = {*blockScaleRing, blockScales};
    // A batched tile's scales: its batch entry's, a contiguous grouped
    // tile's B scales its group's (OperandScales::atBatchEntry).
    AccumulatorScaling scaling(
        b, loc, plan,
        segment.getScaleEntry()
            ? scales.atBatchEntry(b, loc, segment.getScaleEntry())
            : scales,
        ring);
    AccumulatorScaling::OutputFactors outputFactors;
    scaling.loadRowFactors(outputFactors, rowC);
    if (!scaling.promotes())
      scaling.loadColumnFactors(outputFactors, colC);
    llvm::function_ref<void()> afterFirstStep;
    if (stagedLoaded)
      afterFirstStep = freeStaging;
    Value acc =
        scaling.promotes()
            ? PromotingMainLoop(block(), scaling)
                  .build(segment.work, row, col, rowC, colC, descA, descB,
                         afterFirstStep)
            : WgmmaMainLoop(block()).build(segment.work, row, col, descA,
                                           descB, afterFirstStep);
    if (turns)
      named.passTurn(ConsumerBarriers::kMainLoopTurn, group, tile,
                     walk->getTileCount());
    // A promoting loop's sums and partials leave no room for the column
    // factors (docs/design/fp8.md): it loads them once it is done.
    if (scaling.promotes())
      scaling.loadColumnFactors(outputFactors, colC);
    NVVM::WgmmaWaitGroupSyncOp::create(b, loc, 0);
    // The last stage's wgmmas have retired: release it too (a split may
    // have no K tiles at all). A promoting loop has released every stage.
    if (!scaling.promotes()) {
      OpBuilder::InsertionGuard guard(b);
      if (kFirst) {
        auto ifAny = scf::IfOp::create(
            b, loc,
            arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, kTiles,
                                  index(0)));
        b.setInsertionPointToStart(ifAny.thenBlock());
      }
      Value lastStep = walk->getStep(
          segment.work,
          arith::SubIOp::create(b, loc, segment.work.kCount, index(1)));
      release(ringPosition(lastStep).first);
    }

    // An 8-bit GEMM's scales per tensor, row and column (a linear map, so
    // split and stream-K parts may be scaled before they are summed).
    acc = scaling.scaleAccumulator(acc, outputFactors);

    // stream_k: a helper hands its part of the tile to the owner, which
    // adds the helpers' parts before its epilogue (or, summed in C, adds
    // its own part onto theirs).
    OpBuilder::InsertionGuard epilogueGuard(b);
    std::optional<StreamKSegmentEnd> segmentEnd;
    if (plan.streamK || plan.streamKSumsInC)
      segmentEnd.emplace(b, loc, plan, *workspace, named, group, groupThread);
    Value addToC;
    if (plan.streamKSumsInC) {
      addToC = segmentEnd->waitForPartsInC(segment.work);
    } else if (plan.streamK) {
      acc = segmentEnd->finishInWorkspace(segment.work, member, tid, acc);
      auto ifOwner = scf::IfOp::create(b, loc, segment.work.owner);
      b.setInsertionPointToStart(ifOwner.thenBlock());
    }

    if (turns)
      named.waitTurn(ConsumerBarriers::kEpilogueTurn, group, tile);
    // A batched tile's C: its batch entry's matrix, which a fused epilogue
    // reads too (the bias is the same for every entry).
    Value tileC = batch ? viewBatchEntry(b, loc, tiles.batched.c, batch) : c;
    // A grouped tile's C ends at its group's last valid row, and TMA stores
    // only a tile that ends before it (passes/hopper/GroupedTileWalk.h).
    Value tileFits;
    if (segment.groupRows) {
      tileC = groupC();
      tileFits = tileFitsGroup(b, loc, rowBase, plan.blockM, segment.groupRows);
    }
    ConsumerEpilogue epilogue(b, loc, plan, fused, raw, named, primary);
    if (plan.tmaStore) {
      Value stagedParity = stagedLoaded ? tileParity(tile) : Value();
      TmaStoreEpilogue anyTile =
          (tileGroup ? tmaStores().atGroup(tileGroup, tileC, batch != nullptr)
           : batch   ? tmaStores().atBatchEntry(batch, tileC)
                     : tmaStores())
              .addingToC(addToC);
      TmaStoreEpilogue stores =
          tileFits ? anyTile.storingByTmaWhere(tileFits) : anyTile;
      epilogue.storeByTma(stores, warpgroup, group, member, tid, acc, rowC,
                          colC, tileC, bias, stagedLoaded, stagedParity);
    } else {
      epilogue.storeThroughStaging(warpgroup, group, member, groupThread, acc,
                                   row, col, rowBase, colBase, tileC,
                                   workspace);
    }
    if (plan.streamKSumsInC)
      segmentEnd->publishPartsInC(segment.work, [&] {
        tmaStores().waitForStoresVisible(primary);
      });
    if (turns)
      named.passTurn(ConsumerBarriers::kEpilogueTurn, group, tile,
                     walk->getTileCount());
  }

  /// The origin (row, column) in the tile of the `member`-th warpgroup of
  /// a group: member (i, j) owns rows i·WM and columns j·WN.
  std::pair<Value, Value> getMemberOrigin(Value member) {
    Value row = arith::MulIOp::create(
        b, loc, arith::DivUIOp::create(b, loc, member, index(plan.warpsN)),
        index(plan.warpM));
    Value col = arith::MulIOp::create(
        b, loc, arith::RemUIOp::create(b, loc, member, index(plan.warpsN)),
        index(plan.warpN));
    return {row, col};
  }

  /// The producer's loads of the staged operand (one consumer group): the
  /// warpgroups' parts, panel after panel, one panel after each of the
  /// tile's K steps from step S on (S the stage count: by then the
  /// consumers have begun the tile, so the wait for a part to be free
  /// holds up none of the stage loads that run ahead), the panels left
  /// over after the tile's last step. Loaded all at once, the 64 KiB of a
  /// 128×256 bf16 tile came in one burst on every SM at the start of every
  /// wave.
  void loadStagedOperand(const BlockSegment &segment, Value tile, Value step) {
    Value batch = segment.batch;
    TmaStoreEpilogue stores =
        batch ? tmaStores().atBatchEntry(
                    batch, viewBatchEntry(b, loc, tiles.batched.c, batch))
              : tmaStores();
    int64_t panels = stores.getStagedPanelCount();
    int64_t loads = panels * plan.warpgroupsPerTile;
    int64_t first = plan.stages;
    Value last = arith::SubIOp::create(b, loc, segment.work.kCount, index(1));
    auto stepOf = [&](int64_t i) -> Value {
      return arith::MinUIOp::create(b, loc, index(first + i), last);
    };
    Value inWindow = arith::AndIOp::create(
        b, loc,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, step,
                              stepOf(0)),
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ule, step,
                              stepOf(loads - 1)));
    auto ifWindow = scf::IfOp::create(
        b, loc,
        arith::AndIOp::create(b, loc, inWindow, stores.operandInStaging()));
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifWindow.thenBlock());
    for (int64_t w = 0; w < plan.warpgroupsPerTile; ++w) {
      auto [row, col] = getMemberOrigin(index(w));
      Value rowC = arith::AddIOp::create(b, loc, segment.rowBase, row);
      Value colC = arith::AddIOp::create(b, loc, segment.colBase, col);
      for (int64_t p = 0; p < panels; ++p) {
        auto ifNow = scf::IfOp::create(
            b, loc,
            arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, step,
                                  stepOf(w * panels + p)));
        OpBuilder::InsertionGuard inner(b);
        b.setInsertionPointToStart(ifNow.thenBlock());
        if (p == 0) {
          waitForPhase(b, loc, stagingFree, index(w), tileParity(tile));
          stores.expectStagedBytes(primary, stagedLoaded, index(w));
        }
        stores.loadStagedPanel(p, index(w), primary, rowC, colC, stagedLoaded,
                               index(w));
      }
    }
  }

  /// One arrival per warpgroup on the stage's "empty" barrier (with
  /// multicast: on that of every block that sends into this one).
  void release(Value stage) {
    releaseStage(b, loc, plan, empty, stage, primary, position);
  }

  /// What the block's producer and consumers share.
  KernelBlock block() {
    return {b, loc, plan, raw, {full, empty}, *walk, position, primary};
  }

  /// The block-scale ring (dialect/BlockScaleRing.h): a static workgroup
  /// array of the kernel's module, placed by ptxas after the mbarriers.
  Value createBlockScaleRing(const tile::BlockScaleRing &ring,
                             gpu::AddressSpaceAttr workgroup) {
    auto module =
        b.getInsertionBlock()->getParentOp()->getParentOfType<gpu::GPUModuleOp>();
    auto type = MemRefType::get({ring.stages * ring.getStageFactors()},
                                b.getF32Type(), MemRefLayoutAttrInterface(),
                                workgroup);
    OpBuilder::InsertPoint kernel = b.saveInsertionPoint();
    b.setInsertionPointToStart(module.getBody());
    auto global = memref::GlobalOp::create(
        b, loc, "__block_scales", b.getStringAttr("private"), type,
        /*initial_value=*/UnitAttr::get(b.getContext()), /*constant=*/false,
        /*alignment=*/b.getI64IntegerAttr(16));
    StringAttr name = SymbolTable(module).insert(global);
    b.restoreInsertionPoint(kernel);
    return memref::GetGlobalOp::create(b, loc, type, name.getValue());
  }

  TmaStoreEpilogue tmaStores() {
    return TmaStoreEpilogue(b, loc, plan, fused, raw, mapC, mapResidual)
        .quantizingOutput(scaleD, scales.amax);
  }

  OpBuilder &b;
  Location loc;
  ScheduleAttr schedule;
  const HopperKernelPlan &plan;
  FusedEpilogue fused;
  /// An 8-bit GEMM's scales (else empty).
  OperandScales scales;
  /// An 8-bit C's output scale, loaded once by each consumer thread before
  /// its tiles (else null).
  Value scaleD;
  /// The consumers' named barriers.
  ConsumerBarriers named;
  BlockTiles tiles;
  Value kTiles;
  Value primary, raw, full, empty;
  /// A block-scaled GEMM's ring of stage scales, and its memory.
  std::optional<tile::BlockScaleRing> blockScaleRing;
  Value blockScales;
  OptionalTensorMap mapC, mapResidual;
  ClusterPosition position;
  /// split_k: the block's first K tile and the workspace.
  Value kFirst;
  std::optional<SplitKWorkspace> workspace;
  /// Batched: which of A and B are broadcast (batch stride 0).
  BatchBroadcast broadcast;
  /// The tiles and K steps the block computes.
  std::optional<BlockWorkWalk> walk;
  nvgpu::MBarrierGroupType barrierType;
  /// With a staged operand (HopperKernelPlan::stagedOperand): one barrier
  /// per warpgroup of a tile, completed by the TMA load of its part of the
  /// operand into its staging part.
  Value stagedLoaded;
  /// With a staged operand: one barrier per warpgroup of a tile, completed
  /// once its first thread has seen the previous tile's stores read its
  /// staging part.
  Value stagingFree;
};

} // namespace

void gemm_opt::buildWarpSpecializedKernel(
    OpBuilder &b, Location loc, ScheduleAttr schedule,
    const HopperKernelPlan &plan, FusedEpilogue fused,
    const WarpSpecializedKernelOperands &operands) {
  WarpSpecializedBuilder builder(b, loc, schedule, plan, fused,
                                 operands.scales);
  builder.setTensorMaps(operands.mapC, operands.mapResidual);
  Value kTiles = operands.kTiles;
  if (plan.splitK > 1)
    kTiles = builder.splitKTiles(kTiles, *operands.workspace);
  if (plan.streamK)
    builder.setStreamKWorkspace(*operands.workspace);
  builder.build(operands.tiles, kTiles, operands.descriptors, operands.c);
}
