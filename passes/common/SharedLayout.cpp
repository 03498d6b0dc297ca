//===- SharedLayout.cpp - apply shared-memory layouts ---------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// tile.alloc_shared buffers are indexed logically ([stage, row, col]) by the
// passes that create copies and ldmatrix loads. This pass gives each buffer
// its place in the kernel's dynamic shared memory (a flat view at the
// buffer's byte offset) and rewrites every access (cp.async, ldmatrix and
// 16-byte vector stores) through the buffer's layout (SharedLayoutIndex.h).
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "passes/common/SharedLayoutIndex.h"
#include "passes/common/SharedMemoryView.h"
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

/// Rewrites an `OpTy` access of a logical shared buffer into one of the
/// buffer's flat view at the access's flat index; each access kind says
/// where its memref and indices are and how it is rebuilt.
template <typename OpTy>
struct LayoutSharedAccess : public OpRewritePattern<OpTy> {
  LayoutSharedAccess(MLIRContext *ctx, const FlatViews &views)
      : OpRewritePattern<OpTy>(ctx), views(views) {}

  /// The memref the access goes through and its indices.
  virtual std::pair<Value, ValueRange> getAccess(OpTy op) const = 0;
  /// Replaces `op` with the same access of `view` at [`index`].
  virtual void rebuild(OpTy op, Value view, Value index,
                       PatternRewriter &rewriter) const = 0;

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const final {
    auto [memref, indices] = getAccess(op);
    auto access = resolveSharedAccess(memref, indices);
    if (!access)
      return rewriter.notifyMatchFailure(op, "not a logical shared access");
    Value index = flatIndex(rewriter, op.getLoc(), *access);
    rebuild(op, views.lookup(access->buffer), index, rewriter);
    return success();
  }
  const FlatViews &views;
};

struct LayoutLdMatrix : public LayoutSharedAccess<nvgpu::LdMatrixOp> {
  using LayoutSharedAccess::LayoutSharedAccess;
  std::pair<Value, ValueRange> getAccess(nvgpu::LdMatrixOp op) const override {
    return {op.getSrcMemref(), op.getIndices()};
  }
  void rebuild(nvgpu::LdMatrixOp op, Value view, Value index,
               PatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<nvgpu::LdMatrixOp>(
        op, op.getType(), view, ValueRange{index}, op.getTranspose(),
        op.getNumTiles());
  }
};

struct LayoutAsyncCopy : public LayoutSharedAccess<nvgpu::DeviceAsyncCopyOp> {
  using LayoutSharedAccess::LayoutSharedAccess;
  std::pair<Value, ValueRange>
  getAccess(nvgpu::DeviceAsyncCopyOp op) const override {
    return {op.getDst(), op.getDstIndices()};
  }
  void rebuild(nvgpu::DeviceAsyncCopyOp op, Value view, Value index,
               PatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<nvgpu::DeviceAsyncCopyOp>(
        op, op.getAsyncToken().getType(), view, ValueRange{index},
        op.getSrc(), op.getSrcIndices(), op.getDstElementsAttr(),
        op.getSrcElements(), op.getBypassL1Attr());
  }
};

/// A 16-byte vector store into a shared buffer: the unaligned copies of the
/// mma.sync pipeline (passes/mma_sync/CpAsyncTileCopies.h) write a chunk they read
/// element by element this way, at a chunk's logical place, as cp.async
/// would have.
struct LayoutVectorStore : public LayoutSharedAccess<vector::StoreOp> {
  using LayoutSharedAccess::LayoutSharedAccess;
  std::pair<Value, ValueRange> getAccess(vector::StoreOp op) const override {
    return {op.getBase(), op.getIndices()};
  }
  void rebuild(vector::StoreOp op, Value view, Value index,
               PatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<vector::StoreOp>(
        op, op.getValueToStore(), view, ValueRange{index},
        /*nontemporal=*/false, llvm::MaybeAlign(16));
  }
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
    Value raw = getDynamicSharedMemory(builder, loc);
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
