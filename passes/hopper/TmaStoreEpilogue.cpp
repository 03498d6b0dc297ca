//===- TmaStoreEpilogue.cpp - wgmma accumulators to C by TMA stores -------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "passes/hopper/TmaStoreEpilogue.h"

#include "dialect/MemoryQueries.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "passes/hopper/AccumulatorFragments.h"
#include "passes/epilogue/CoalescedElementCopy.h"
#include "passes/epilogue/EpilogueOperandChunks.h"
#include "passes/epilogue/GlobalChunkStore.h"
#include "passes/epilogue/QuantizedOutput.h"
#include "passes/common/MatrixRows.h"
#include "passes/common/SharedMemoryView.h"
#include "passes/epilogue/TransposedOperandGroups.h"
#include "passes/common/TransposedView.h"

using namespace mlir;
using namespace gemm_opt;
using namespace gemm_opt::tile;

Value TmaStoreEpilogue::index(int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

TmaStoreEpilogue TmaStoreEpilogue::atGroup(Value group, Value groupC,
                                           bool masked) const {
  TmaStoreEpilogue copy = *this;
  if (masked)
    copy.batch = group;
  copy.fused = fused.atGroup(b, loc, group, groupC);
  if (amax && groupC)
    copy.storedRows = memref::DimOp::create(b, loc, groupC, 0);
  return copy;
}

Value TmaStoreEpilogue::stagingPartOffset(Value member, int64_t round) {
  // The warpgroup's parts are consecutive; round r fills part r mod
  // stagingBuffers.
  Value part = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, member, index(plan.stagingBuffers)),
      index(round % plan.stagingBuffers));
  return arith::AddIOp::create(
      b, loc, index(plan.stagingOffset),
      arith::MulIOp::create(b, loc, part, index(plan.warpgroupStagingBytes)));
}

Value TmaStoreEpilogue::stagingPart(Value member, int64_t round) {
  int64_t elements =
      plan.warpgroupStagingBytes / getByteWidth(plan.elementTypeC);
  return viewSharedMemory(b, loc, raw, stagingPartOffset(member, round),
                          {elements}, plan.elementTypeC);
}

void TmaStoreEpilogue::forEachPanel(
    Value member, int64_t round, Value row, Value col,
    llvm::function_ref<void(Value, ArrayRef<Value>)> body) {
  for (int64_t p = 0; p < plan.panelsPerRoundC; ++p)
    atPanel(member, round, p, row, col, body);
}

void TmaStoreEpilogue::atPanel(
    Value member, int64_t round, int64_t p, Value row, Value col,
    llvm::function_ref<void(Value, ArrayRef<Value>)> body) {
  Value partOffset = stagingPartOffset(member, round);
  Value panel = viewSharedMemory(
      b, loc, raw,
      arith::AddIOp::create(b, loc, partOffset, index(p * plan.panelBytesC)),
      getTmaBoxShape(plan.boxRowsC, plan.panelColumnsC, batch),
      plan.elementTypeC);
  // Coordinates are innermost first (C's column, or a column-major C's
  // row), a batch entry last; panels lie side by side along the inner
  // dimension.
  bool columnMajor = plan.columnMajorC();
  Value inner = arith::AddIOp::create(b, loc, columnMajor ? row : col,
                                      index(p * plan.panelColumnsC));
  body(panel, getTmaCoordinates(inner, columnMajor ? col : row, batch));
}

Value TmaStoreEpilogue::swizzledIndex(Value panel, Value row, Value byteInRow,
                                      Value key) {
  Value chunk = arith::ShRUIOp::create(b, loc, byteInRow, index(4));
  Value swizzled = arith::ShLIOp::create(
      b, loc, arith::XOrIOp::create(b, loc, chunk, key), index(4));
  Value inChunk = arith::AndIOp::create(b, loc, byteInRow, index(15));
  Value bytes = arith::AddIOp::create(
      b, loc,
      arith::AddIOp::create(
          b, loc, arith::MulIOp::create(b, loc, panel, index(plan.panelBytesC)),
          arith::MulIOp::create(b, loc, row, index(128))),
      arith::OrIOp::create(b, loc, swizzled, inChunk));
  return arith::DivUIOp::create(b, loc, bytes,
                                index(getByteWidth(plan.elementTypeC)));
}

/// The most bytes of column bias per thread that loadBias() keeps in
/// registers through the main loop.
static constexpr int64_t kEarlyColumnBiasBytes = 32 * 4;

SmallVector<Value> TmaStoreEpilogue::groupColumns(Value thread, Value col,
                                                 int64_t first,
                                                 int64_t groups) {
  // The thread's first column of each 8-column group is 2·(lane mod 4).
  Value laneColumn = arith::MulIOp::create(
      b, loc, arith::RemUIOp::create(b, loc, thread, index(4)), index(2));
  SmallVector<Value> columns;
  for (int64_t g = 0; g < groups; ++g)
    columns.push_back(arith::AddIOp::create(
        b, loc, col,
        arith::AddIOp::create(b, loc, laneColumn, index(first + 8 * g))));
  return columns;
}

SmallVector<Value> TmaStoreEpilogue::loadBias(Value thread, Value rowC,
                                              Value colC) {
  if (fused.hasRowBias()) {
    SmallVector<Value> rows;
    for (Value row : getFragmentRows(b, loc, thread, plan.warpM))
      rows.push_back(arith::AddIOp::create(b, loc, rowC, row));
    return fused.loadRowBias(b, loc, rows);
  }
  if (!fused.hasColumnBias())
    return {};
  // Two entries of C's type per 8-column group stay live through the main
  // loop beside the accumulators; more than 32 registers of them (an f32
  // bias over 256 columns) made ptxas spill, so those parts read their bias
  // in the epilogue.
  int64_t bytesC = getByteWidth(plan.elementTypeC);
  if (plan.warpN / 8 * 2 * bytesC > kEarlyColumnBiasBytes)
    return {};
  // The rounds' vector reads are whole exactly where the whole part's are;
  // element reads give the same entries inside C.
  Value whole =
      fused.holdsWholeRuns(b, loc, rowC, colC, plan.warpM, plan.warpN);
  return fused.loadColumnBias(b, loc,
                              groupColumns(thread, colC, 0, plan.warpN / 8),
                              /*lanes=*/2, /*alignment=*/2 * bytesC, whole);
}

Value TmaStoreEpilogue::operandInStaging() {
  if (plan.stagesResidual())
    return mapResidual.isPresent(b, loc);
  Value hasMap = mapC.isPresent(b, loc);
  return arith::AndIOp::create(b, loc, hasMap, fused.betaIsNotZero(b, loc));
}

void TmaStoreEpilogue::expectStagedBytes(Value issuer, Value barriers,
                                         Value barrierIndex) {
  nvgpu::MBarrierArriveExpectTxOp::create(b, loc, barriers,
                                          index(plan.warpgroupStagingBytes),
                                          barrierIndex, issuer);
}

void TmaStoreEpilogue::loadStagedPanel(int64_t panel, Value member,
                                       Value issuer, Value row, Value col,
                                       Value barriers, Value barrierIndex) {
  Value descriptor =
      plan.stagesResidual() ? mapResidual.descriptor : mapC.descriptor;
  atPanel(member, /*round=*/0, panel, row, col,
          [&](Value view, ArrayRef<Value> coordinates) {
            nvgpu::TmaAsyncLoadOp::create(b, loc, view, barriers, descriptor,
                                          coordinates, barrierIndex, Value(),
                                          issuer);
          });
}

Value TmaStoreEpilogue::applyOnTranspose(const FusedEpilogue &onTranspose,
                                         Value wholeOnTranspose, Value value,
                                         Value rowInC, ArrayRef<Value> columns,
                                         ArrayRef<Value> columnBias,
                                         ArrayRef<Value> rowBias, int64_t g,
                                         int64_t r, int64_t p,
                                         const FusedEpilogue::Operands &read) {
  Type f32 = b.getF32Type();
  Value x = value;
  if (onTranspose.hasFusedOperations()) {
    Value run =
        vector::FromElementsOp::create(b, loc, VectorType::get({1}, f32), x);
    // Read already: C's column bias pair (the transpose's row bias entry
    // is element p of it) or C's row bias entry (the transpose's column
    // bias run of one).
    FusedEpilogue::Operands loaded = read;
    if (!columnBias.empty())
      loaded.bias = vector::ExtractOp::create(b, loc, columnBias[g], p);
    else if (!rowBias.empty())
      loaded.bias = vector::FromElementsOp::create(
          b, loc, VectorType::get({1}, rowBias[r].getType()), rowBias[r]);
    Value column = arith::AddIOp::create(b, loc, columns[g], index(p));
    Value applied =
        onTranspose.apply(b, loc, run, column, rowInC,
                          getByteWidth(plan.elementTypeC), wholeOnTranspose,
                          loaded);
    if (addToC)
      applied = arith::SelectOp::create(b, loc, addToC,
                                        onTranspose.scale(b, loc, run),
                                        applied);
    x = vector::ExtractOp::create(b, loc, applied, 0);
  }
  if (plan.elementTypeC != f32)
    x = arith::TruncFOp::create(b, loc, plan.elementTypeC, x);
  return x;
}

void TmaStoreEpilogue::writeStaging(Value member, Value thread, Value acc,
                                    Value rowC, Value colC, int64_t round,
                                    ArrayRef<Value> loadedBias, Value staged) {
  MLIRContext *ctx = b.getContext();
  Type f32 = b.getF32Type();
  Type elementC = plan.elementTypeC;
  int64_t bytesC = getByteWidth(elementC);
  int64_t slices = plan.warpM / 64;
  int64_t perThread = plan.warpN / 2;
  SmallVector<Value> fragments =
      extractFragments(b, loc, acc, plan.warpM, plan.warpN);

  Value part = stagingPart(member, round);
  Value lane = arith::RemUIOp::create(b, loc, thread, index(32));
  // Fragment rows are 16·warp + lane/4 (+ 8, + 64·slice): lane/4 is the
  // row modulo 8, the swizzle key.
  Value key = arith::DivUIOp::create(b, loc, lane, index(4));
  SmallVector<Value> rows = getFragmentRows(b, loc, thread, plan.warpM);
  Value laneBytes = arith::MulIOp::create(
      b, loc, arith::RemUIOp::create(b, loc, lane, index(4)),
      index(2 * bytesC));
  auto pairF32 = VectorType::get({2}, f32);
  auto pairC = VectorType::get({2}, elementC);
  // C's type from f32, with an 8-bit C's scale and the amax of D.
  QuantizedOutput output(elementC, scaleD, static_cast<bool>(amax));
  // The round's 8-column groups; `column` counts from the round's first.
  int64_t groups = plan.roundColumnsC() / 8;
  int64_t firstColumn = round * plan.roundColumnsC();
  // A fused epilogue reads its operands as vectors where the round's part
  // of C lies inside C and their rows are aligned, else element by element.
  Value roundColC = arith::AddIOp::create(b, loc, colC, index(firstColumn));
  Value whole = fused.holdsWholeRuns(b, loc, rowC, roundColC, plan.warpM,
                                     plan.roundColumnsC());
  // A column-major C's runs along a row are not contiguous: its elements
  // take the fused epilogue one at a time, on C's transpose (a row-major
  // view), where a row bias acts per column and back.
  bool columnMajor = plan.columnMajorC();
  FusedEpilogue onTranspose;
  Value wholeOnTranspose;
  if (columnMajor && fused.hasFusedOperations()) {
    onTranspose = fused.onTransposeOfC(b, loc);
    wholeOnTranspose = onTranspose.holdsWholeRuns(
        b, loc, roundColC, rowC, plan.roundColumnsC(), plan.warpM);
  }
  // The fused epilogue's operands are read at C's coordinates, from the
  // thread's first column of each group; a column bias is read for all
  // groups at once (or was, before the main loop) and applied to each
  // group's rows; a row bias read before the main loop, per row.
  SmallVector<Value> columns, columnBias, rowBias;
  if (fused.hasFusedOperations()) {
    columns = groupColumns(thread, colC, firstColumn, groups);
    if (fused.hasColumnBias() && !loadedBias.empty())
      columnBias.assign(loadedBias.begin() + firstColumn / 8,
                        loadedBias.begin() + firstColumn / 8 + groups);
    else if (fused.hasColumnBias())
      columnBias = fused.loadColumnBias(b, loc, columns, /*lanes=*/2,
                                        /*alignment=*/2 * bytesC, whole);
    else if (fused.hasRowBias())
      rowBias.assign(loadedBias.begin(), loadedBias.end());
  }
  SmallVector<Value> rowsInC;
  for (Value row : rows)
    rowsInC.push_back(arith::AddIOp::create(b, loc, rowC, row));
  // Which fragment rows are stored and so join the amax of D: a grouped
  // tile's rows past its group's end hold products of rows that are not
  // the group's (another group's tokens, or a masked entry's unused rows).
  SmallVector<Value> rowStored(rowsInC.size(), Value());
  if (storedRows)
    for (auto [stored, rowInC] : llvm::zip_equal(rowStored, rowsInC))
      stored = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, rowInC,
                                     storedRows);
  // The staging index of the thread's pair in group g on fragment row
  // `row` (of the part).
  auto stagingIndex = [&](int64_t g, Value row) {
    int64_t column = 8 * g;
    Value panel = index(column / plan.panelColumnsC);
    Value byteInRow = arith::AddIOp::create(
        b, loc, laneBytes, index((column % plan.panelColumnsC) * bytesC));
    return swizzledIndex(panel, row, byteInRow, key);
  };
  // A column-major C: the staging index of the thread's element p of the
  // pair in group g on fragment row `r` (its rows[r]): panel row = the
  // column in the round, panel = row / P, byte in the panel row = (row mod
  // P) · sizeof(C), swizzle key = column mod 8 = 2·(lane mod 4) + p. The
  // 8 rows × 4 column pairs of one store hit 32 distinct banks (f32).
  SmallVector<Value> panelOfRow, byteOfRow;
  Value laneColumn;
  if (columnMajor) {
    for (Value row : rows) {
      panelOfRow.push_back(
          arith::DivUIOp::create(b, loc, row, index(plan.panelColumnsC)));
      byteOfRow.push_back(arith::MulIOp::create(
          b, loc,
          arith::RemUIOp::create(b, loc, row, index(plan.panelColumnsC)),
          index(bytesC)));
    }
    laneColumn = arith::MulIOp::create(
        b, loc, arith::RemUIOp::create(b, loc, lane, index(4)), index(2));
  }
  auto columnStagingIndex = [&](int64_t g, int64_t r, int64_t p) {
    Value column = arith::AddIOp::create(b, loc, laneColumn, index(p));
    Value panelRow = arith::AddIOp::create(b, loc, column, index(8 * g));
    return swizzledIndex(panelOfRow[r], panelRow, byteOfRow[r], column);
  };
  // A column-major C's C (beta != 0) and residual, read for a chunk of
  // groups at a time (passes/epilogue/TransposedOperandGroups.h); the staged
  // operand from where the thread then writes D where `staged` holds.
  auto fromStagingTransposed = [&](int64_t g, int64_t r, int64_t p) -> Value {
    return memref::LoadOp::create(b, loc, part,
                                  ValueRange{columnStagingIndex(g, r, p)});
  };
  std::optional<TransposedOperandGroups> transposedGroups;
  if (columnMajor && fused.hasFusedOperations())
    transposedGroups.emplace(
        b, loc, onTranspose, rowsInC, columns, wholeOnTranspose, elementC,
        TransposedOperandGroups::StagedElements{
            staged ? plan.stagedOperand : StagedEpilogueOperand::none, staged,
            fromStagingTransposed});
  // C (beta != 0) and a residual, read ahead a chunk of groups at a time
  // (passes/epilogue/EpilogueOperandChunks.h); the staged operand from the staging
  // part where `staged` holds.
  auto fromStaging = [&](int64_t g, int64_t r) -> Value {
    return vector::LoadOp::create(b, loc, pairC, part,
                                  ValueRange{stagingIndex(g, rows[r])},
                                  /*nontemporal=*/false,
                                  llvm::MaybeAlign(2 * bytesC));
  };
  EpilogueOperandChunks chunks(
      b, loc, fused, rowsInC, columns, whole, elementC,
      {staged ? plan.stagedOperand : StagedEpilogueOperand::none, staged,
       fromStaging});
  for (int64_t g = 0; g < groups; ++g) {
    if (fused.hasFusedOperations() && !columnMajor)
      chunks.advanceTo(g);
    if (transposedGroups)
      transposedGroups->advanceTo(g);
    int64_t j = firstColumn / 8 + g;
    for (int64_t i = 0; i < slices; ++i) {
      for (int64_t h = 0; h < 2; ++h) {
        int64_t element = 4 * j + 2 * h;
        SmallVector<Value, 2> pair;
        for (int64_t p = 0; p < 2; ++p)
          pair.push_back(fragments[i * perThread + element + p]);
        if (columnMajor) {
          for (int64_t p = 0; p < 2; ++p)
            memref::StoreOp::create(
                b, loc,
                applyOnTranspose(
                    onTranspose, wholeOnTranspose, pair[p], rowsInC[2 * i + h],
                    columns, columnBias, rowBias, g, 2 * i + h, p,
                    transposedGroups ? transposedGroups->at(g, 2 * i + h, p)
                                     : FusedEpilogue::Operands()),
                part, ValueRange{columnStagingIndex(g, 2 * i + h, p)});
          continue;
        }
        Value values = vector::FromElementsOp::create(b, loc, pairF32, pair);
        Value row = rows[2 * i + h];
        if (fused.hasFusedOperations()) {
          FusedEpilogue::Operands loaded;
          loaded.bias = !columnBias.empty() ? columnBias[g]
                        : !rowBias.empty()  ? rowBias[2 * i + h]
                                            : Value();
          loaded.c = chunks.c(g, 2 * i + h);
          loaded.residual = chunks.residual(g, 2 * i + h);
          Value applied =
              fused.apply(b, loc, values, rowsInC[2 * i + h], columns[g],
                          /*alignment=*/2 * bytesC, whole, loaded);
          values = addToC ? arith::SelectOp::create(
                                b, loc, addToC, fused.scale(b, loc, values),
                                applied)
                          : applied;
        }
        values = output.convert(b, loc, values, rowStored[2 * i + h]);
        vector::StoreOp::create(b, loc, values, part,
                                ValueRange{stagingIndex(g, row)},
                                /*nontemporal=*/false,
                                llvm::MaybeAlign(2 * bytesC));
      }
    }
  }
  output.publishAmax(b, loc, amax);
  // The TMA stores read the staging part through the async proxy.
  NVVM::FenceProxyOp::create(
      b, loc, NVVM::ProxyKind::async_shared,
      NVVM::SharedSpaceAttr::get(ctx, NVVM::SharedSpace::shared_cta));
}

void TmaStoreEpilogue::storeToC(Value member, Value thread, Value issuer,
                                Value row, Value warpgroupCol, Value c,
                                int64_t round) {
  Value col = arith::AddIOp::create(b, loc, warpgroupCol,
                                    index(round * plan.roundColumnsC()));
  auto ifMap =
      scf::IfOp::create(b, loc, mapC.isPresent(b, loc), /*withElse=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifMap.thenBlock());
  {
    auto ifIssuer = scf::IfOp::create(b, loc, issuer);
    OpBuilder::InsertionGuard inner(b);
    b.setInsertionPointToStart(ifIssuer.thenBlock());
    auto storePanels = [&](bool add) {
      forEachPanel(member, round, row, col,
                   [&](Value panel, ArrayRef<Value> coordinates) {
                     if (add)
                       addPanelToC(panel, coordinates);
                     else
                       nvgpu::TmaAsyncStoreOp::create(b, loc, panel,
                                                      mapC.descriptor,
                                                      coordinates, Value());
                   });
    };
    if (!addToC) {
      storePanels(/*add=*/false);
    } else {
      auto ifAdd = scf::IfOp::create(b, loc, addToC, /*withElse=*/true);
      OpBuilder::InsertionGuard inner(b);
      b.setInsertionPointToStart(ifAdd.thenBlock());
      // The other part reached C through the generic proxy's acquire (the
      // caller's wait and barrier); the reductions are the async proxy's.
      NVVM::FenceProxyOp::create(b, loc, NVVM::ProxyKind::async_global,
                                 NVVM::SharedSpaceAttr());
      storePanels(/*add=*/true);
      b.setInsertionPointToStart(ifAdd.elseBlock());
      storePanels(/*add=*/false);
    }
    NVVM::CpAsyncBulkCommitGroupOp::create(b, loc);
  }
  b.setInsertionPointToStart(ifMap.elseBlock());
  copyByThreads(member, round, thread, row, col, c);
}

void TmaStoreEpilogue::copyByThreads(Value member, int64_t round,
                                     Value thread, Value row, Value col,
                                     Value c) {
  // The staging part holds C as stored: a column-major C's round as rows
  // of its transpose (C's columns), which is the row-major matrix the
  // chunks go to.
  bool columnMajor = plan.columnMajorC();
  int64_t storedRows = columnMajor ? plan.roundColumnsC() : plan.warpM;
  int64_t storedColumns = columnMajor ? plan.warpM : plan.roundColumnsC();
  if (columnMajor) {
    std::swap(row, col);
    c = createTransposedView(b, loc, c);
  }
  int64_t bytesC = getByteWidth(plan.elementTypeC);
  int64_t perChunk = 16 / bytesC;
  int64_t chunksPerRow = storedColumns / perChunk;
  int64_t chunksPerPanelRow = 128 / 16;
  Value part = stagingPart(member, round);
  auto copyChunks = [&] {
    RowChunkStore chunks(b, loc, c);
    auto chunkType = VectorType::get({perChunk}, plan.elementTypeC);
    for (int64_t first = 0; first < storedRows * chunksPerRow; first += 128) {
      Value chunk = arith::AddIOp::create(b, loc, thread, index(first));
      Value r = arith::DivUIOp::create(b, loc, chunk, index(chunksPerRow));
      Value cc = arith::RemUIOp::create(b, loc, chunk, index(chunksPerRow));
      Value panel =
          arith::DivUIOp::create(b, loc, cc, index(chunksPerPanelRow));
      Value byteInRow = arith::MulIOp::create(
          b, loc, arith::RemUIOp::create(b, loc, cc, index(chunksPerPanelRow)),
          index(16));
      Value key = arith::AndIOp::create(b, loc, r, index(7));
      Value values = vector::LoadOp::create(
          b, loc, chunkType, part,
          ValueRange{swizzledIndex(panel, r, byteInRow, key)});
      Value chunkRow = arith::AddIOp::create(b, loc, row, r);
      Value chunkCol = arith::AddIOp::create(
          b, loc, col, arith::MulIOp::create(b, loc, cc, index(perChunk)));
      if (!addToC) {
        chunks.store(values, chunkRow, chunkCol);
        continue;
      }
      auto ifAdd = scf::IfOp::create(b, loc, addToC, /*withElse=*/true);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(ifAdd.thenBlock());
      chunks.add(values, chunkRow, chunkCol);
      b.setInsertionPointToStart(ifAdd.elseBlock());
      chunks.store(values, chunkRow, chunkCol);
    }
  };
  // The owner of a stream-K tile adding onto C keeps the chunks (its
  // atomic adds go element by element anyway).
  if (addToC) {
    copyChunks();
    return;
  }
  auto ifVectors =
      scf::IfOp::create(b, loc, MatrixRows::get(b, loc, c).vectorOk,
                        /*withElse=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifVectors.thenBlock());
  copyChunks();
  b.setInsertionPointToStart(ifVectors.elseBlock());
  copyElementsByThreads(part, thread, row, col, c, storedRows, storedColumns);
}

void TmaStoreEpilogue::copyElementsByThreads(Value part, Value thread,
                                             Value row, Value col, Value c,
                                             int64_t storedRows,
                                             int64_t storedColumns) {
  int64_t bytesC = getByteWidth(plan.elementTypeC);
  int64_t perPanelRow = 128 / bytesC;
  copyTileByElements(
      b, loc, thread, /*threads=*/128, storedRows, storedColumns, c, row, col,
      [&](Value r, Value cc) -> Value {
        Value panel = arith::DivUIOp::create(b, loc, cc, index(perPanelRow));
        Value byteInRow = arith::MulIOp::create(
            b, loc, arith::RemUIOp::create(b, loc, cc, index(perPanelRow)),
            index(bytesC));
        Value key = arith::AndIOp::create(b, loc, r, index(7));
        return memref::LoadOp::create(
            b, loc, part, ValueRange{swizzledIndex(panel, r, byteInRow, key)});
      });
}

void TmaStoreEpilogue::addPanelToC(Value panel, ArrayRef<Value> coordinates) {
  MLIRContext *ctx = b.getContext();
  Value address = arith::IndexCastUIOp::create(
      b, loc, b.getI64Type(),
      memref::ExtractAlignedPointerAsIndexOp::create(b, loc, panel));
  Value source = LLVM::IntToPtrOp::create(
      b, loc, LLVM::LLVMPointerType::get(ctx, /*addressSpace=*/3), address);
  SmallVector<Value> box;
  for (Value coordinate : coordinates)
    box.push_back(
        arith::IndexCastOp::create(b, loc, b.getI32Type(), coordinate));
  NVVM::CpAsyncBulkTensorReduceOp::create(
      b, loc, mapC.pointer, source, NVVM::TMAReduxKind::ADD,
      NVVM::TMAStoreMode::TILE, box, /*l2CacheHint=*/Value());
}

void TmaStoreEpilogue::waitForStores(Value issuer, bool complete,
                                     int64_t pending) {
  auto ifIssuer = scf::IfOp::create(b, loc, issuer);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifIssuer.thenBlock());
  NVVM::CpAsyncBulkWaitGroupOp::create(
      b, loc, b.getI32IntegerAttr(pending),
      complete ? UnitAttr() : b.getUnitAttr());
}

void TmaStoreEpilogue::waitForRoundPart(Value issuer) {
  // Each round commits one bulk group (its stores, reductions, or none
  // where the threads copied): the part this round fills was last read
  // by the group stagingBuffers rounds back.
  waitForStores(issuer, /*complete=*/false, plan.stagingBuffers - 1);
}

void TmaStoreEpilogue::waitForStoresVisible(Value issuer) {
  auto ifIssuer = scf::IfOp::create(b, loc, issuer);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifIssuer.thenBlock());
  NVVM::CpAsyncBulkWaitGroupOp::create(b, loc, b.getI32IntegerAttr(0),
                                       UnitAttr());
  NVVM::FenceProxyOp::create(b, loc, NVVM::ProxyKind::async_global,
                             NVVM::SharedSpaceAttr());
}
