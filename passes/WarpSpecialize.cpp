//===- WarpSpecialize.cpp - Hopper TMA/wgmma warp-specialized kernel ------===//
//
// Lowers a block-tiled wgmma schedule (tile-block-tile's K loop of
// tile.block_mma on global tiles) into a warp-specialized Hopper main loop:
//
//   the last warpgroup (producer, setmaxnreg down): for each K tile t
//     wait until stage t%S is empty; expect its bytes on full[t%S];
//     one thread issues the TMA loads of A (BM×BK) and B (BK×BN, in
//     64-column panels) into the 128-byte-swizzled stage.
//   warpgroups 0 .. C-1 (consumers, setmaxnreg up): for each K tile t
//     wait until full[t%S] completes; issue wgmma on the stage (operands
//     straight from shared memory) keeping one wgmma group in flight; once
//     the group of tile t-1 has retired, release its stage (empty[...]).
//   epilogue (consumers): the f32 accumulators go to a padded staging tile
//     in shared memory (the stages are free by then), then every consumer
//     thread converts 8 consecutive elements and writes them with one
//     16-byte store, consecutive threads covering consecutive columns.
//
// Upstream nvgpu ops do the heavy lifting: mbarrier.*, tma.async.load,
// warpgroup.generate.descriptor, warpgroup.mma (which splits the tile into
// m64nNk16 instructions and fences/commits/waits) and warpgroup.mma.store.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "passes/HopperKernelPlan.h"
#include "passes/KernelAttributes.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace gemm_opt {
#define GEN_PASS_DEF_TILEWARPSPECIALIZEPASS
#include "passes/Passes.h.inc"
} // namespace gemm_opt

using namespace mlir;
using namespace gemm_opt;
using namespace gemm_opt::tile;

namespace {

/// Builds the kernel body; one instance per rewritten K loop.
class WarpSpecializedBuilder {
public:
  WarpSpecializedBuilder(PatternRewriter &b, Location loc,
                         const HopperKernelPlan &plan)
      : b(b), loc(loc), plan(plan) {}

  Value index(int64_t v) { return arith::ConstantIndexOp::create(b, loc, v); }

  /// A `shape` view of element type `type` at `byteOffset` of the dynamic
  /// shared memory, with row stride `rowStride` elements (0: contiguous).
  Value sharedView(Value byteOffset, ArrayRef<int64_t> shape, Type type) {
    auto workgroup = gpu::AddressSpaceAttr::get(b.getContext(),
                                                gpu::AddressSpace::Workgroup);
    return memref::ViewOp::create(
        b, loc, MemRefType::get(shape, type, nullptr, workgroup), raw,
        byteOffset, ValueRange{});
  }

  void build(Value rowBase, Value colBase, Value kTiles, Value descA,
             Value descB, Value c) {
    Value tid = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
    Value warpgroup = arith::DivUIOp::create(b, loc, tid, index(128));
    Value inGroup = arith::RemUIOp::create(b, loc, tid, index(128));
    primary = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, inGroup,
                                    index(0));
    raw = gpu::DynamicSharedMemoryOp::create(
        b, loc,
        MemRefType::get({ShapedType::kDynamic}, b.getI8Type(), nullptr,
                        gpu::AddressSpaceAttr::get(
                            b.getContext(), gpu::AddressSpace::Workgroup)));
    createBarriers(tid, descA, descB);

    // Consumers are warpgroups 0 .. C-1 and the producer is the last:
    // nvgpu.warpgroup.mma.store derives rows from the block-wide warp index.
    Value isProducer = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::eq, warpgroup, index(plan.consumers));
    auto roles = scf::IfOp::create(b, loc, isProducer, /*withElse=*/true);
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(roles.thenBlock());
      buildProducer(rowBase, colBase, kTiles, descA, descB);
      b.setInsertionPointToStart(roles.elseBlock());
      buildConsumer(warpgroup, tid, rowBase, colBase, kTiles, descA, descB, c);
    }
  }

private:
  void createBarriers(Value tid, Value descA, Value descB) {
    auto workgroup = gpu::AddressSpaceAttr::get(b.getContext(),
                                                gpu::AddressSpace::Workgroup);
    barrierType = nvgpu::MBarrierGroupType::get(b.getContext(), workgroup,
                                                plan.stages);
    full = nvgpu::MBarrierCreateOp::create(b, loc, barrierType);
    empty = nvgpu::MBarrierCreateOp::create(b, loc, barrierType);
    Value isFirst =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, tid, index(0));
    auto init = scf::IfOp::create(b, loc, isFirst);
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(init.thenBlock());
      for (int64_t s = 0; s < plan.stages; ++s) {
        // full: the producer's arrive.expect_tx plus the TMA bytes.
        nvgpu::MBarrierInitOp::create(b, loc, full, index(1), index(s),
                                      Value());
        // empty: one arrival per consumer warpgroup.
        nvgpu::MBarrierInitOp::create(b, loc, empty, index(plan.consumers),
                                      index(s), Value());
      }
      nvgpu::TmaPrefetchOp::create(b, loc, descA, Value());
      nvgpu::TmaPrefetchOp::create(b, loc, descB, Value());
    }
    gpu::BarrierOp::create(b, loc);
  }

  /// Flips the phase bit after the last stage of a round.
  Value nextPhase(Value stage, Value phase) {
    Value last = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, stage,
                                       index(plan.stages - 1));
    Value one = arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1);
    Value flipped = arith::XOrIOp::create(b, loc, phase, one);
    return arith::SelectOp::create(b, loc, last, flipped, phase);
  }

  void wait(Value barriers, Value stage, Value phase) {
    nvgpu::MBarrierTryWaitParityOp::create(b, loc, barriers, phase,
                                           index(10000000), stage);
  }

  void buildProducer(Value rowBase, Value colBase, Value kTiles, Value descA,
                     Value descB) {
    NVVM::SetMaxRegisterOp::create(b, loc, plan.producerRegisters,
                                   NVVM::SetMaxRegisterAction::decrease);
    // One warp does the producing; the other three retire at once instead
    // of polling the barriers on the consumers' schedulers.
    Value inGroup = arith::RemUIOp::create(
        b, loc, gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x),
        index(128));
    Value firstWarp = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                            inGroup, index(32));
    auto producing = scf::IfOp::create(b, loc, firstWarp);
    OpBuilder::InsertionGuard producerGuard(b);
    b.setInsertionPointToStart(producing.thenBlock());
    Value startPhase = arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1);
    auto loop = scf::ForOp::create(b, loc, index(0), kTiles, index(1),
                                   ValueRange{startPhase});
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    Value t = loop.getInductionVar(), phase = loop.getRegionIterArgs()[0];
    Value stage = arith::RemUIOp::create(b, loc, t, index(plan.stages));
    wait(empty, stage, phase);
    nvgpu::MBarrierArriveExpectTxOp::create(
        b, loc, full, index(plan.stageBytesA + plan.stageBytesB), stage,
        primary);
    Value k = arith::MulIOp::create(b, loc, t, index(plan.blockK));

    Value offsetA = arith::MulIOp::create(b, loc, stage, index(plan.stageBytesA));
    Value tileA = sharedView(offsetA, {plan.blockM, plan.blockK},
                             plan.elementType);
    nvgpu::TmaAsyncLoadOp::create(b, loc, tileA, full, descA,
                                  ValueRange{k, rowBase}, stage, Value(),
                                  primary);
    Value offsetB = arith::AddIOp::create(
        b, loc, index(plan.bufferOffsetB),
        arith::MulIOp::create(b, loc, stage, index(plan.stageBytesB)));
    for (int64_t panel = 0; panel < plan.panelsB; ++panel) {
      Value panelOffset = arith::AddIOp::create(
          b, loc, offsetB, index(panel * plan.panelBytesB));
      Value tileB = sharedView(panelOffset, {plan.blockK, plan.panelColumns},
                               plan.elementType);
      Value col = arith::AddIOp::create(b, loc, colBase,
                                        index(panel * plan.panelColumns));
      nvgpu::TmaAsyncLoadOp::create(b, loc, tileB, full, descB,
                                    ValueRange{col, k}, stage, Value(),
                                    primary);
    }
    scf::YieldOp::create(b, loc, nextPhase(stage, phase));
  }

  void buildConsumer(Value consumer, Value tid, Value rowBase, Value colBase,
                     Value kTiles, Value descA, Value descB, Value c) {
    NVVM::SetMaxRegisterOp::create(b, loc, plan.consumerRegisters,
                                   NVVM::SetMaxRegisterAction::increase);
    auto accType = nvgpu::WarpgroupAccumulatorType::get(
        b.getContext(),
        VectorType::get({plan.warpM, plan.warpN}, b.getF32Type()));
    Value init = nvgpu::WarpgroupMmaInitAccumulatorOp::create(b, loc, accType);
    Value startPhase = arith::ConstantIntOp::create(b, loc, b.getI1Type(), 0);
    // Consumer (i, j) owns rows i·WM and columns j·WN of the block tile.
    Value row = arith::MulIOp::create(
        b, loc, arith::DivUIOp::create(b, loc, consumer, index(plan.warpsN)),
        index(plan.warpM));
    Value col = arith::MulIOp::create(
        b, loc, arith::RemUIOp::create(b, loc, consumer, index(plan.warpsN)),
        index(plan.warpN));

    auto loop = scf::ForOp::create(b, loc, index(0), kTiles, index(1),
                                   ValueRange{init, startPhase});
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(loop.getBody());
      Value t = loop.getInductionVar();
      Value acc = loop.getRegionIterArgs()[0];
      Value phase = loop.getRegionIterArgs()[1];
      Value stage = arith::RemUIOp::create(b, loc, t, index(plan.stages));
      wait(full, stage, phase);

      // Rows of A are 128 bytes; B's WN columns start in panel col/64.
      Value offsetA = arith::AddIOp::create(
          b, loc, arith::MulIOp::create(b, loc, stage, index(plan.stageBytesA)),
          arith::MulIOp::create(b, loc, row, index(plan.rowBytesA)));
      Value offsetB = arith::AddIOp::create(
          b, loc,
          arith::AddIOp::create(
              b, loc, index(plan.bufferOffsetB),
              arith::MulIOp::create(b, loc, stage, index(plan.stageBytesB))),
          arith::MulIOp::create(
              b, loc, arith::DivUIOp::create(b, loc, col,
                                             index(plan.panelColumns)),
              index(plan.panelBytesB)));
      Value tileA =
          sharedView(offsetA, {plan.warpM, plan.blockK}, plan.elementType);
      Value tileB =
          sharedView(offsetB, {plan.blockK, plan.warpN}, plan.elementType);
      auto descriptorType = [&](Value tile) {
        return nvgpu::WarpgroupMatrixDescriptorType::get(
            b.getContext(), cast<MemRefType>(tile.getType()));
      };
      Value matrixA = nvgpu::WarpgroupGenerateDescriptorOp::create(
          b, loc, descriptorType(tileA), tileA, descA);
      Value matrixB = nvgpu::WarpgroupGenerateDescriptorOp::create(
          b, loc, descriptorType(tileB), tileB, descB);
      Value next = nvgpu::WarpgroupMmaOp::create(
          b, loc, accType, matrixA, matrixB, b.getI64IntegerAttr(1),
          /*transposeA=*/UnitAttr(), /*transposeB=*/b.getUnitAttr(), acc);

      // The wgmma group of tile t-1 has retired: its stage is free.
      Value notFirst = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt,
                                             t, index(0));
      Value release = arith::AndIOp::create(b, loc, notFirst, primary);
      auto ifRelease = scf::IfOp::create(b, loc, release);
      {
        OpBuilder::InsertionGuard inner(b);
        b.setInsertionPointToStart(ifRelease.thenBlock());
        Value previous = arith::RemUIOp::create(
            b, loc, arith::AddIOp::create(b, loc, t, index(plan.stages - 1)),
            index(plan.stages));
        nvgpu::MBarrierArriveOp::create(b, loc, empty, previous);
      }
      scf::YieldOp::create(b, loc, ValueRange{next, nextPhase(stage, phase)});
    }
    NVVM::WgmmaWaitGroupSyncOp::create(b, loc, 0);
    buildEpilogue(consumer, loop.getResult(0), tid, row, col, rowBase, colBase,
                  c);
  }

  /// Synchronizes the consumer warpgroups only (the producer has left).
  void consumerBarrier() {
    Value id = arith::ConstantIntOp::create(b, loc, b.getI32Type(), 1);
    Value threads = arith::ConstantIntOp::create(b, loc, b.getI32Type(),
                                                 128 * plan.consumers);
    NVVM::BarrierOp::create(b, loc, Type(), id, threads,
                            NVVM::BarrierReductionAttr(), Value());
  }

  void buildEpilogue(Value consumer, Value acc, Value tid, Value row,
                     Value col, Value rowBase, Value colBase, Value c) {
    // Every consumer is past its last wgmma before the stages are reused.
    consumerBarrier();
    Type f32 = b.getF32Type();
    int64_t stride = plan.stagingRowElements;
    Value staging = sharedView(index(0), {plan.blockM, stride}, f32);
    // warpgroup.mma.store already adds 64 rows per warpgroup below this one
    // (it indexes rows by the block-wide warp index), so the view starts
    // 64·consumer rows above the consumer's tile; with consumers stacked
    // along M (tile-check-chip requires it) this is never negative.
    Value viewRow = arith::SubIOp::create(
        b, loc, row, arith::MulIOp::create(b, loc, consumer, index(64)));
    SmallVector<OpFoldResult> offsets{viewRow, col};
    SmallVector<OpFoldResult> sizes{b.getIndexAttr(plan.warpM),
                                    b.getIndexAttr(plan.warpN)};
    SmallVector<OpFoldResult> strides(2, b.getIndexAttr(1));
    Value mine =
        memref::SubViewOp::create(b, loc, staging, offsets, sizes, strides);
    nvgpu::WarpgroupMmaStoreOp::create(b, loc, acc, mine);
    consumerBarrier();

    // 8 consecutive elements per thread and step: one 16-byte store of
    // bf16/f16 (two of f32), consecutive threads on consecutive columns.
    Type outType = cast<MemRefType>(c.getType()).getElementType();
    int64_t chunksPerRow = plan.blockN / 8;
    int64_t threads = 128 * plan.consumers;
    Value consumerThread = tid;
    auto f32x8 = VectorType::get({8}, f32);
    auto outx8 = VectorType::get({8}, outType);
    for (int64_t first = 0; first < plan.blockM * chunksPerRow;
         first += threads) {
      Value chunk = arith::AddIOp::create(b, loc, consumerThread, index(first));
      Value r = arith::DivUIOp::create(b, loc, chunk, index(chunksPerRow));
      Value cc = arith::MulIOp::create(
          b, loc, arith::RemUIOp::create(b, loc, chunk, index(chunksPerRow)),
          index(8));
      Value values = vector::LoadOp::create(b, loc, f32x8, staging,
                                            ValueRange{r, cc});
      if (outType != f32)
        values = arith::TruncFOp::create(b, loc, outx8, values);
      vector::StoreOp::create(
          b, loc, values, c,
          ValueRange{arith::AddIOp::create(b, loc, rowBase, r),
                     arith::AddIOp::create(b, loc, colBase, cc)},
          /*nontemporal=*/false, llvm::MaybeAlign(16));
    }
  }

  PatternRewriter &b;
  Location loc;
  const HopperKernelPlan &plan;
  Value primary, raw, full, empty;
  nvgpu::MBarrierGroupType barrierType;
};

/// Rewrites the block-tiled K loop of a wgmma schedule.
struct WarpSpecializeBlockLoop : public OpRewritePattern<scf::ForOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(scf::ForOp loop,
                                PatternRewriter &rewriter) const override {
    BlockMmaOp mma;
    for (Operation &op : loop.getBody()->without_terminator())
      if (auto candidate = dyn_cast<BlockMmaOp>(op))
        mma = candidate;
    if (!mma || mma.getSchedule().getMma().getKind() != MmaKind::wgmma)
      return rewriter.notifyMatchFailure(loop, "no wgmma block MMA");
    auto kernel = loop->getParentOfType<gpu::GPUFuncOp>();
    auto viewA = mma.getA().getDefiningOp<memref::SubViewOp>();
    auto viewB = mma.getB().getDefiningOp<memref::SubViewOp>();
    auto alloc = mma.getAcc().getDefiningOp<AllocAccumulatorOp>();
    StoreAccumulatorOp store;
    for (Operation *user : mma.getAcc().getUsers())
      if (auto candidate = dyn_cast<StoreAccumulatorOp>(user))
        store = candidate;
    if (!kernel || !viewA || !viewB || !alloc || !store)
      return rewriter.notifyMatchFailure(loop, "not a block-tiled kernel");
    auto viewC = store.getC().getDefiningOp<memref::SubViewOp>();
    std::optional<TmaDescriptorArguments> descriptors =
        getTmaDescriptorArguments(kernel);
    if (!viewC || !descriptors)
      return rewriter.notifyMatchFailure(loop, "kernel has no TMA descriptors");

    ScheduleAttr schedule = mma.getSchedule();
    HopperKernelPlan plan = planHopperKernel(schedule);
    Location loc = loop.getLoc();
    rewriter.setInsertionPoint(loop);
    Value rowBase = cast<Value>(viewA.getMixedOffsets()[0]);
    Value colBase = cast<Value>(viewB.getMixedOffsets()[1]);
    Value kTiles = arith::DivUIOp::create(
        rewriter, loc,
        arith::SubIOp::create(rewriter, loc, loop.getUpperBound(),
                              loop.getLowerBound()),
        arith::ConstantIndexOp::create(rewriter, loc, plan.blockK));
    Value descA = descriptors->castA(rewriter, loc, plan);
    Value descB = descriptors->castB(rewriter, loc, plan);

    WarpSpecializedBuilder builder(rewriter, loc, plan);
    builder.build(rowBase, colBase, kTiles, descA, descB, viewC.getSource());
    rewriter.eraseOp(store);
    rewriter.eraseOp(loop);
    rewriter.eraseOp(alloc);
    return success();
  }
};

struct TileWarpSpecializePass
    : public gemm_opt::impl::TileWarpSpecializePassBase<
          TileWarpSpecializePass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<WarpSpecializeBlockLoop>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
    // A wgmma block MMA left over has no kernel to become (e.g. no tensor
    // map arguments): say so here rather than in a later pass.
    getOperation()->walk([&](BlockMmaOp mma) {
      if (mma.getSchedule().getMma().getKind() != MmaKind::wgmma)
        return;
      mma.emitOpError()
          << "of a wgmma schedule is not in a block-tiled kernel that takes "
             "the tensor maps of A and B: outline it with tile-outline-kernel";
      signalPassFailure();
    });
  }
};

} // namespace
