//===- SharedLayout.cpp - apply shared-memory layouts ---------------------===//
//
// tile.alloc_shared buffers are indexed logically ([stage, row, col]) by the
// passes that create copies and ldmatrix loads. This pass gives each buffer
// its place in the kernel's dynamic shared memory (a flat view at the
// buffer's byte offset) and rewrites every access (cp.async, ldmatrix and
// 16-byte vector stores) through the buffer's layout (SharedLayoutIndex.h).
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "passes/SharedLayoutIndex.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace gemm_opt {
#define GEN_PASS_DEF_TILESHAREDLAYOUTPASS
#include "passes/Passes.h.inc"
} // namespace gemm_opt

using namespace mlir;
using namespace gemm_opt;
using namespace gemm_opt::tile;

namespace {

/// A logical access to a shared buffer, seen through at most one stage view.
struct SharedAccess {
  AllocSharedOp buffer;
  SmallVector<Value, 3> indices; // [stage, row, col]
};

/// Resolves `memref[indices]` to the tile.alloc_shared buffer it reads or
/// writes, if any; a rank-reducing stage view `subview %buf[%s, 0, 0]`
/// contributes the stage index.
std::optional<SharedAccess> resolveSharedAccess(Value memref,
                                                ValueRange indices) {
  if (auto buffer = memref.getDefiningOp<AllocSharedOp>())
    return SharedAccess{buffer, {indices.begin(), indices.end()}};
  auto view = memref.getDefiningOp<memref::SubViewOp>();
  if (!view || indices.size() != 2)
    return std::nullopt;
  auto buffer = view.getSource().getDefiningOp<AllocSharedOp>();
  if (!buffer)
    return std::nullopt;
  auto offsets = view.getMixedOffsets();
  auto stage = dyn_cast<Value>(offsets[0]);
  std::optional<int64_t> rowOffset = getConstantIntValue(offsets[1]);
  std::optional<int64_t> colOffset = getConstantIntValue(offsets[2]);
  if (!stage || rowOffset != 0 || colOffset != 0)
    return std::nullopt;
  return SharedAccess{buffer, {stage, indices[0], indices[1]}};
}

/// The flat element index of `access` in its buffer's layout.
Value flatIndex(OpBuilder &b, Location loc, SharedAccess access) {
  return emitSharedIndex(b, loc, access.buffer.getLayout(),
                         access.buffer.getType(), access.indices[0],
                         access.indices[1], access.indices[2]);
}

using FlatViews = llvm::DenseMap<Operation *, Value>;

struct LayoutLdMatrix : public OpRewritePattern<nvgpu::LdMatrixOp> {
  LayoutLdMatrix(MLIRContext *ctx, const FlatViews &views)
      : OpRewritePattern(ctx), views(views) {}

  LogicalResult matchAndRewrite(nvgpu::LdMatrixOp op,
                                PatternRewriter &rewriter) const override {
    auto access = resolveSharedAccess(op.getSrcMemref(), op.getIndices());
    if (!access)
      return rewriter.notifyMatchFailure(op, "not a logical shared access");
    Value index = flatIndex(rewriter, op.getLoc(), *access);
    rewriter.replaceOpWithNewOp<nvgpu::LdMatrixOp>(
        op, op.getType(), views.lookup(access->buffer), ValueRange{index},
        op.getTranspose(), op.getNumTiles());
    return success();
  }
  const FlatViews &views;
};

struct LayoutAsyncCopy : public OpRewritePattern<nvgpu::DeviceAsyncCopyOp> {
  LayoutAsyncCopy(MLIRContext *ctx, const FlatViews &views)
      : OpRewritePattern(ctx), views(views) {}

  LogicalResult matchAndRewrite(nvgpu::DeviceAsyncCopyOp op,
                                PatternRewriter &rewriter) const override {
    auto access = resolveSharedAccess(op.getDst(), op.getDstIndices());
    if (!access)
      return rewriter.notifyMatchFailure(op, "not a logical shared access");
    Value index = flatIndex(rewriter, op.getLoc(), *access);
    rewriter.replaceOpWithNewOp<nvgpu::DeviceAsyncCopyOp>(
        op, op.getAsyncToken().getType(), views.lookup(access->buffer),
        ValueRange{index}, op.getSrc(), op.getSrcIndices(),
        op.getDstElementsAttr(), op.getSrcElements(), op.getBypassL1Attr());
    return success();
  }
  const FlatViews &views;
};

/// A 16-byte vector store into a shared buffer: the guarded copies of the
/// mma.sync pipeline (passes/CpAsyncTileCopies.h) write a chunk they read
/// element by element this way, at a chunk's logical place, as cp.async
/// would have.
struct LayoutVectorStore : public OpRewritePattern<vector::StoreOp> {
  LayoutVectorStore(MLIRContext *ctx, const FlatViews &views)
      : OpRewritePattern(ctx), views(views) {}

  LogicalResult matchAndRewrite(vector::StoreOp op,
                                PatternRewriter &rewriter) const override {
    auto access = resolveSharedAccess(op.getBase(), op.getIndices());
    if (!access)
      return rewriter.notifyMatchFailure(op, "not a logical shared access");
    Value index = flatIndex(rewriter, op.getLoc(), *access);
    rewriter.replaceOpWithNewOp<vector::StoreOp>(
        op, op.getValueToStore(), views.lookup(access->buffer),
        ValueRange{index}, /*nontemporal=*/false, llvm::MaybeAlign(16));
    return success();
  }
  const FlatViews &views;
};

struct TileSharedLayoutPass
    : public gemm_opt::impl::TileSharedLayoutPassBase<TileSharedLayoutPass> {
  void runOnOperation() override {
    getOperation()->walk([&](gpu::GPUFuncOp kernel) {
      if (failed(layoutKernel(kernel)))
        signalPassFailure();
    });
  }

  LogicalResult layoutKernel(gpu::GPUFuncOp kernel) {
    SmallVector<AllocSharedOp> buffers;
    kernel.walk([&](AllocSharedOp op) { buffers.push_back(op); });
    if (buffers.empty())
      return success();

    // One flat view per buffer, carved out of the dynamic shared memory.
    OpBuilder builder(kernel.getBody());
    Location loc = kernel.getLoc();
    auto workgroup = gpu::AddressSpaceAttr::get(&getContext(),
                                                gpu::AddressSpace::Workgroup);
    Value raw = gpu::DynamicSharedMemoryOp::create(
        builder, loc,
        MemRefType::get({ShapedType::kDynamic}, builder.getI8Type(), nullptr,
                        workgroup));
    FlatViews views;
    for (AllocSharedOp buffer : buffers) {
      MemRefType logical = buffer.getType();
      auto flatType = MemRefType::get(
          {sharedBufferElements(buffer.getLayout(), logical)},
          logical.getElementType(), nullptr, workgroup);
      Value offset =
          arith::ConstantIndexOp::create(builder, loc, buffer.getOffset());
      views[buffer] = memref::ViewOp::create(builder, loc, flatType, raw,
                                             offset, ValueRange{});
    }

    RewritePatternSet patterns(&getContext());
    patterns.add<LayoutLdMatrix, LayoutAsyncCopy, LayoutVectorStore>(&getContext(), views);
    if (failed(applyPatternsGreedily(kernel, std::move(patterns))))
      return failure();

    // Every access now goes through a flat view; stage views and logical
    // buffers must be dead (the rewrite driver may have erased them already).
    WalkResult leftover = kernel.walk([&](AllocSharedOp buffer) {
      for (Operation *user : llvm::make_early_inc_range(buffer->getUsers()))
        if (isa<memref::SubViewOp>(user) && user->use_empty())
          user->erase();
      if (!buffer->use_empty()) {
        buffer.emitOpError()
            << "has an access the shared-layout pass cannot rewrite: "
            << **buffer->getUsers().begin();
        return WalkResult::interrupt();
      }
      buffer.erase();
      return WalkResult::skip();
    });
    if (leftover.wasInterrupted())
      return failure();
    return success();
  }
};

} // namespace
