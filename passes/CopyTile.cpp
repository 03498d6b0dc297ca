//===- CopyTile.cpp - tile.copy as one block's loads and stores -----------===//
//
// Lowers the tile.copy of a kernel to the work of one thread block, which
// copies the TR×TC tile of src at (r0, c0) = (blockIdx.x·TR, blockIdx.y·TC)
// into the same tile of dst. Thread (tx, ty) = (tid % TX, tid / TX) moves,
// for each step (i, j), `vector` elements of row r0 + i·TY + ty from
// column c0 + (j·TX + tx)·vector: consecutive threads take consecutive
// chunks of a row. Rows run along grid x, so any number of rows fits the
// grid; a batch's entries run along grid z (BatchEntryView.h).
//
// All loads come first, then all stores, so a thread has its loads in
// flight together. Each side picks its accesses per block (an scf.if on a
// value uniform over the block):
//   - `vector`-wide (ld.global.v4 / st.global.v4 for 16 bytes) where the
//     tile lies inside the matrix and the matrix is aligned for them
//     (pointer, offset and leading dimension);
//   - element by element, without predicates, where the tile lies inside
//     but the matrix's rows take no vectors (the staging copy of a bf16
//     operand with a pitch of 4095: element loads, then vector stores into
//     the padded copy);
//   - element by element, each predicated on its row and column, at the
//     matrix's edges (any M, N ≥ 1); a load past the edge yields zero,
//     which no store writes.
//
//===----------------------------------------------------------------------===//

#include "passes/CopyTile.h"

#include "passes/BatchEntryView.h"
#include "passes/MatrixMoveBuilder.h"
#include "passes/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace gemm_opt {
#define GEN_PASS_DEF_TILECOPYPASS
#include "passes/Passes.h.inc"
} // namespace gemm_opt

using namespace mlir;
using namespace gemm_opt;
using namespace gemm_opt::tile;

namespace {

/// How one side of the copy accesses its tile.
enum class Access { Vectors, Elements, PredicatedElements };

/// Builds one block's copy in place of a kernel's tile.copy.
class CopyKernelBuilder : MatrixMoveBuilder {
public:
  CopyKernelBuilder(PatternRewriter &b, CopyOp op)
      : MatrixMoveBuilder(b, op.getLoc()), schedule(op.getScheduleAttr()),
        src(op.getSrc()), dst(op.getDst()),
        elementType(op.getSrc().getType().getElementType()),
        vectorType(VectorType::get({schedule.getVector()}, elementType)) {}

  void build() {
    computeCoordinates();
    Value inside = isInside();
    SmallVector<Type> chunkTypes(chunkCount(), vectorType);
    SmallVector<Value> values = chooseAccess(
        src, inside, chunkTypes, [&](Access access) { return load(access); });
    chooseAccess(dst, inside, TypeRange(), [&](Access access) {
      store(access, values);
      return SmallVector<Value>();
    });
  }

private:
  void computeCoordinates() {
    std::tie(threadX, threadY) = getThreadCoordinates(schedule.getThreadsX());
    rowBase = mul(gpu::BlockIdOp::create(b, loc, gpu::Dimension::x),
                  schedule.getTileRows());
    colBase = mul(gpu::BlockIdOp::create(b, loc, gpu::Dimension::y),
                  schedule.getTileCols());
    viewBlockBatchEntry(src, dst);
    rows = memref::DimOp::create(b, loc, src, 0);
    cols = memref::DimOp::create(b, loc, src, 1);
  }

  /// Whether this block's tile lies inside the matrices.
  Value isInside() {
    return both(lessEqual(add(rowBase, schedule.getTileRows()), rows),
                lessEqual(add(colBase, schedule.getTileCols()), cols));
  }

  /// Builds `body` for each access `matrix` may take (see the file
  /// comment), in scf.ifs on `inside` and the matrix's alignment; returns
  /// the values of `types` the bodies return.
  SmallVector<Value> chooseAccess(Value matrix, Value inside, TypeRange types,
                                  function_ref<SmallVector<Value>(Access)> body) {
    // The element path inside the matrix, and the predicated one at its
    // edges.
    auto elements = [&]() -> SmallVector<Value> {
      return yieldingIf(
          inside, types, [&] { return body(Access::Elements); },
          [&] { return body(Access::PredicatedElements); });
    };
    if (schedule.getVector() == 1)
      return elements();
    return yieldingIf(
        both(inside, isVectorAligned(matrix, schedule.getVector())), types,
        [&] { return body(Access::Vectors); }, elements);
  }

  /// An scf.if on `condition` whose regions yield the values of `types`
  /// their builders return.
  SmallVector<Value> yieldingIf(Value condition, TypeRange types,
                                function_ref<SmallVector<Value>()> thenBody,
                                function_ref<SmallVector<Value>()> elseBody) {
    auto ifOp = scf::IfOp::create(b, loc, types, condition,
                                  /*withElseRegion=*/true);
    for (auto [block, body] : {std::pair(ifOp.thenBlock(), thenBody),
                               std::pair(ifOp.elseBlock(), elseBody)}) {
      OpBuilder::InsertionGuard guard(b);
      if (types.empty()) {
        b.setInsertionPoint(block->getTerminator());
        body();
        continue;
      }
      b.setInsertionPointToEnd(block);
      scf::YieldOp::create(b, loc, body());
    }
    return SmallVector<Value>(ifOp.getResults());
  }

  int64_t chunkCount() const {
    return schedule.getTileRows() / schedule.getThreadsY() *
           (schedule.getTileCols() /
            (schedule.getThreadsX() * schedule.getVector()));
  }

  /// (row, first column) in the matrix of this thread's chunk in each
  /// step.
  SmallVector<std::pair<Value, Value>> chunks() {
    int64_t tx = schedule.getThreadsX(), ty = schedule.getThreadsY();
    int64_t vector = schedule.getVector();
    SmallVector<std::pair<Value, Value>> result;
    for (int64_t i = 0; i < schedule.getTileRows() / ty; ++i)
      for (int64_t j = 0; j < schedule.getTileCols() / (tx * vector); ++j)
        result.push_back(
            {add(rowBase, add(threadY, i * ty)),
             add(colBase, add(mul(threadX, vector), j * tx * vector))});
    return result;
  }

  /// Whether element (row, col) lies inside the matrices.
  Value isInside(Value row, Value col) {
    return both(less(row, rows), less(col, cols));
  }

  /// This thread's chunks of src, one vector each.
  SmallVector<Value> load(Access access) {
    int64_t vector = schedule.getVector();
    SmallVector<Value> values;
    for (auto [row, col] : chunks()) {
      if (access == Access::Vectors) {
        values.push_back(vector::LoadOp::create(
            b, loc, vectorType, src, ValueRange{row, col},
            /*nontemporal=*/false,
            llvm::MaybeAlign(vector * getByteWidth(elementType))));
        continue;
      }
      SmallVector<Value> elements;
      for (int64_t e = 0; e < vector; ++e) {
        Value column = add(col, e);
        auto loadElement = [&] {
          return SmallVector<Value>{
              memref::LoadOp::create(b, loc, src, ValueRange{row, column})};
        };
        if (access == Access::Elements) {
          elements.push_back(loadElement().front());
          continue;
        }
        elements.push_back(
            yieldingIf(isInside(row, column), elementType, loadElement, [&] {
              return SmallVector<Value>{arith::ConstantOp::create(
                  b, loc, elementType, b.getZeroAttr(elementType))};
            }).front());
      }
      values.push_back(
          vector::FromElementsOp::create(b, loc, vectorType, elements));
    }
    return values;
  }

  /// `values` (load's) into this thread's chunks of dst.
  void store(Access access, ArrayRef<Value> values) {
    int64_t vector = schedule.getVector();
    for (auto [chunk, value] : llvm::zip_equal(chunks(), values)) {
      auto [row, col] = chunk;
      if (access == Access::Vectors) {
        vector::StoreOp::create(
            b, loc, value, dst, ValueRange{row, col},
            /*nontemporal=*/false,
            llvm::MaybeAlign(vector * getByteWidth(elementType)));
        continue;
      }
      for (int64_t e = 0; e < vector; ++e) {
        Value column = add(col, e);
        auto storeElement = [&] {
          memref::StoreOp::create(b, loc,
                                  vector::ExtractOp::create(b, loc, value, e),
                                  dst, ValueRange{row, column});
        };
        if (access == Access::Elements)
          storeElement();
        else
          predicated(isInside(row, column), storeElement);
      }
    }
  }

  CopyScheduleAttr schedule;
  Value src, dst;
  Type elementType;
  VectorType vectorType;
  Value threadX, threadY, rowBase, colBase, rows, cols;
};

/// Rewrites a tile.copy inside a kernel.
struct CopyInKernel : public OpRewritePattern<CopyOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(CopyOp op,
                                PatternRewriter &rewriter) const override {
    if (!op->getParentOfType<gpu::GPUFuncOp>())
      return rewriter.notifyMatchFailure(op, "not inside a kernel");
    rewriter.setInsertionPoint(op);
    CopyKernelBuilder(rewriter, op).build();
    rewriter.eraseOp(op);
    return success();
  }
};

struct TileCopyPass : public gemm_opt::impl::TileCopyPassBase<TileCopyPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateCopyTilePatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
    getOperation()->walk([&](CopyOp op) {
      op.emitOpError() << "is not inside a kernel: run tile-outline-kernel "
                          "before tile-copy";
      signalPassFailure();
    });
  }
};

} // namespace

void gemm_opt::populateCopyTilePatterns(RewritePatternSet &patterns) {
  patterns.add<CopyInKernel>(patterns.getContext());
}
