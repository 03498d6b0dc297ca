//===- StagingColumnStore.cpp - the staging tile into a column-major C ----===//

#include "passes/StagingColumnStore.h"

#include "dialect/MemoryQueries.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace gemm_opt;
using namespace gemm_opt::tile;

/// Rows per thread and step: one 16-byte store of bf16/f16.
static constexpr int64_t kChunkRows = 8;
/// Consecutive threads on consecutive columns at the same rows.
static constexpr int64_t kColumnsPerRun = 8;

/// Whether C's columns can take 16-byte stores: its base address and its
/// leading dimension (the stride of its second index) are multiples of 16
/// bytes (uniform over the kernel).
static Value canStoreColumnVectors(OpBuilder &b, Location loc, Value c) {
  auto index = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  int64_t bytes = getByteWidth(cast<MemRefType>(c.getType()).getElementType());
  auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, c);
  Value pointer = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, c);
  Value address = arith::AddIOp::create(
      b, loc, pointer,
      arith::MulIOp::create(b, loc, metadata.getOffset(), index(bytes)));
  Value pitchOk = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::eq,
      arith::RemUIOp::create(b, loc, metadata.getStrides()[1],
                             index(16 / bytes)),
      index(0));
  Value addressOk = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::eq,
      arith::RemUIOp::create(b, loc, address, index(16)), index(0));
  return arith::AndIOp::create(b, loc, pitchOk, addressOk);
}

void gemm_opt::storeStagingByColumns(OpBuilder &b, Location loc,
                                     const HopperKernelPlan &plan,
                                     Value staging, Value groupThread,
                                     Value rowBase, Value colBase, Value c) {
  auto index = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  Type f32 = b.getF32Type();
  Type outType = cast<MemRefType>(c.getType()).getElementType();
  Value rowsC = memref::DimOp::create(b, loc, c, 0);
  Value colsC = memref::DimOp::create(b, loc, c, 1);
  Value vectorStores = canStoreColumnVectors(b, loc, c);
  // C's transpose is row-major: a column of C is a row of it, so 16-byte
  // vector stores go there.
  Value transposed = memref::TransposeOp::create(
      b, loc, c,
      AffineMapAttr::get(AffineMap::getPermutationMap(
          ArrayRef<unsigned>{1, 0}, b.getContext())));
  int64_t chunksPerColumn = plan.stagingRows / kChunkRows;
  int64_t runsPerColumnGroup = chunksPerColumn * kColumnsPerRun;
  int64_t chunks = plan.stagingRows * plan.blockN / kChunkRows;
  int64_t threads = 128 * plan.warpgroupsPerTile;
  auto outx8 = VectorType::get({kChunkRows}, outType);
  for (int64_t first = 0; first < chunks; first += threads) {
    Value chunk = arith::AddIOp::create(b, loc, groupThread, index(first));
    // chunk = (column group, row chunk, column in group), innermost last.
    Value group = arith::DivUIOp::create(b, loc, chunk, index(runsPerColumnGroup));
    Value inGroup =
        arith::RemUIOp::create(b, loc, chunk, index(runsPerColumnGroup));
    Value r = arith::MulIOp::create(
        b, loc, arith::DivUIOp::create(b, loc, inGroup, index(kColumnsPerRun)),
        index(kChunkRows));
    Value cc = arith::AddIOp::create(
        b, loc, arith::MulIOp::create(b, loc, group, index(kColumnsPerRun)),
        arith::RemUIOp::create(b, loc, inGroup, index(kColumnsPerRun)));
    SmallVector<Value> elements;
    for (int64_t e = 0; e < kChunkRows; ++e)
      elements.push_back(memref::LoadOp::create(
          b, loc, staging,
          ValueRange{arith::AddIOp::create(b, loc, r, index(e)), cc}));
    Value values = vector::FromElementsOp::create(
        b, loc, VectorType::get({kChunkRows}, f32), elements);
    if (outType != f32)
      values = arith::TruncFOp::create(b, loc, outx8, values);
    Value row = arith::AddIOp::create(b, loc, rowBase, r);
    Value col = arith::AddIOp::create(b, loc, colBase, cc);
    Value whole = arith::AndIOp::create(
        b, loc, vectorStores,
        arith::AndIOp::create(
            b, loc,
            arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, col,
                                  colsC),
            arith::CmpIOp::create(
                b, loc, arith::CmpIPredicate::ule,
                arith::AddIOp::create(b, loc, row, index(kChunkRows)),
                rowsC)));
    auto ifWhole = scf::IfOp::create(b, loc, whole, /*withElse=*/true);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifWhole.thenBlock());
    vector::StoreOp::create(b, loc, values, transposed, ValueRange{col, row},
                            /*nontemporal=*/false, llvm::MaybeAlign(16));
    b.setInsertionPointToStart(ifWhole.elseBlock());
    Value colIn =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, col, colsC);
    for (int64_t e = 0; e < kChunkRows; ++e) {
      Value elementRow = arith::AddIOp::create(b, loc, row, index(e));
      Value inside = arith::AndIOp::create(
          b, loc, colIn,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, elementRow,
                                rowsC));
      auto ifInside = scf::IfOp::create(b, loc, inside);
      OpBuilder::InsertionGuard inner(b);
      b.setInsertionPointToStart(ifInside.thenBlock());
      Value element = vector::ExtractOp::create(b, loc, values, e);
      memref::StoreOp::create(b, loc, element, c,
                              ValueRange{elementRow, col});
    }
  }
}
