//===- TmaStoreEpilogue.h - wgmma accumulators to C by TMA stores -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The `#tile.store<tma>` epilogue of a warp-specialized wgmma kernel. Each
// consumer warpgroup handles its own WM×WN part of the tile, with no
// synchronization beyond its own 128 threads once the main loop is over:
//
//   1. its threads apply the fused epilogue (passes/epilogue/FusedEpilogue.h) to
//      their accumulator fragments in registers, convert them to C's type
//      and write them, two elements (4 bytes for bf16/f16) at a time, into the
//      warpgroup's part of a staging tile in shared memory: WN/P panels of
//      WM rows × 128 bytes (P = 128 / sizeof(C) columns), each 128-byte
//      swizzled (16-byte chunk c of row r at chunk c ^ (r mod 8)), so the
//      8 rows × 4 threads of one fragment store hit 32 distinct banks;
//   2. every thread fences its writes for the async proxy
//      (fence.proxy.async.shared::cta) and the warpgroup synchronizes;
//   3. one thread issues a TMA store (cp.async.bulk.tensor.2d.global.
//      shared::cta) per panel and commits them as one bulk group; TMA clips
//      rows and columns past C's edges, so ragged tiles need no predicates.
//      The stores run while the warpgroup goes on with its next tile; only
//      before it writes the staging part again does that thread wait until
//      the stores have read it (cp.async.bulk.wait_group.read 0).
//
// With `#tile.store<tma, rounds = R>` the staging part holds WN/R columns: steps 1-3
// run R times per tile, round r on the columns [r·WN/R, (r+1)·WN/R) of the
// warpgroup's part, each after the wait for the previous round's stores.
// With `staging_buffers = 2` the warpgroup has two parts and round r fills
// part r mod 2, waiting only for the stores of round r - 2 (wait_group.read
// 1): its writes overlap the TMA reads of round r - 1.
//
// A column-major C is stored as its transpose (M innermost), and so is the
// staging part: WM/P panels side by side along M, each with the round's
// WN/R columns of C as its 128-byte rows (P rows of C each; the TMA box is
// P × WN/R). A thread's fragment pair (row, col) and (row, col + 1) lies in
// two panel rows, so it writes them one element at a time: panel row
// `col`, chunk (row mod P)·sizeof(C)/16 swizzled with col mod 8, which for
// the 8 rows × 4 column pairs of one warp's store hits 32 distinct banks
// (f32; bf16 shares words, never banks). A fused epilogue takes each
// element on its own, on C's transpose (FusedEpilogue::onTransposeOfC),
// where C's columns are rows and a row bias acts per column.
//
// The accumulator is read fragment by fragment (passes/
// AccumulatorFragments.h).
//
// A stream-K owner whose tile's head a spare stored into C already adds its
// part onto C instead (addingToC): the same staging, TMA reductions
// (cp.reduce.async.bulk.tensor .add) instead of stores.
//
// C's tensor map is a kernel argument the runtime sets per launch; it is a
// null pointer when C's address or pitch is not one TMA can take (not a
// multiple of 16 bytes), or when its rows are padded and not a multiple of
// 16 bytes long (a TMA store writes a row's last 16 bytes whole:
// runtime/KernelArguments.h). Then the warpgroup's threads copy the
// staging part to C themselves: 16 bytes per thread and step where C's
// rows (a column-major C's columns) allow it, element by element at C's
// edges (passes/epilogue/GlobalChunkStore.h).
//
// One fused epilogue operand may come into the staging part by TMA while the
// tile's main loop runs (HopperKernelPlan::stagedOperand): C with
// alpha_beta, else a residual, whose tensor map describes it as C's does C.
// Each thread then reads its pairs of it (a column-major C's elements) from
// where it writes its pairs of D (each location is read and then written by
// one thread). Where the map is
// not there (a launch whose address or pitch TMA cannot take) or C is not
// read (beta = 0), the threads read the operand from global memory instead.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_HOPPER_TMASTOREEPILOGUE_H
#define GEMM_OPT_PASSES_HOPPER_TMASTOREEPILOGUE_H

#include "passes/hopper/BatchedTmaLoad.h"
#include "passes/epilogue/FusedEpilogue.h"
#include "passes/hopper/HopperKernelPlan.h"
#include "passes/hopper/OptionalTensorMap.h"

namespace gemm_opt {

class TmaStoreEpilogue {
public:
  /// `raw` is the kernel's dynamic shared memory, `mapC` C's tensor map:
  /// where it is not there, C's address or pitch rules out TMA stores and
  /// the threads store C (TmaDescriptorArguments). `mapResidual` is the
  /// residual's where the plan stages it (else empty).
  TmaStoreEpilogue(mlir::OpBuilder &b, mlir::Location loc,
                   const HopperKernelPlan &plan, FusedEpilogue fused,
                   mlir::Value raw, OptionalTensorMap mapC,
                   OptionalTensorMap mapResidual = {})
      : b(b), loc(loc), plan(plan), fused(fused), raw(raw), mapC(mapC),
        mapResidual(mapResidual) {}

  /// The same epilogue for a batched kernel: C's tensor map is 3-D and the
  /// TMA stores go to batch entry `entry` (passes/hopper/BatchedTmaLoad.h), whose
  /// 2-D view of C, `entryC`, a fused epilogue reads (a batched residual
  /// at the same entry).
  TmaStoreEpilogue atBatchEntry(mlir::Value entry, mlir::Value entryC) const {
    TmaStoreEpilogue copy = *this;
    copy.batch = entry;
    copy.fused = fused.readingC(b, loc, entryC);
    return copy;
  }

  /// The same epilogue for a grouped GEMM's tile of group `group`
  /// (passes/hopper/GroupedTileWalk.h): the fused epilogue reads the
  /// group's bias and, through `groupC` (the C the tile is stored into, cut
  /// at the group's end), its C and residual (FusedEpilogue::atGroup; a
  /// null `groupC`: the bias alone, for loadBias()). With `masked`, the TMA
  /// stores go to C's batch entry `group`. The amax of D takes only the
  /// rows of `groupC`: those past the group's end are never stored.
  TmaStoreEpilogue atGroup(mlir::Value group, mlir::Value groupC,
                           bool masked) const;

  /// The same epilogue for a tile that its TMA stores may write only
  /// where `tileFits` (an i1): else the threads copy the staging tile into
  /// the C view they are given, which ends where the tile's group does.
  TmaStoreEpilogue storingByTmaWhere(mlir::Value tileFits) const {
    TmaStoreEpilogue copy = *this;
    copy.mapC.tileFits = tileFits;
    return copy;
  }

  /// The same epilogue for the owner of a stream-K tile whose other part
  /// is already in C (HopperKernelPlan::streamKSumsInC): where `addToC`
  /// (i1) holds, the staging part takes only the scaled accumulators
  /// (FusedEpilogue::scale) and goes onto C by TMA reductions (add), or by
  /// the threads' atomic adds without a tensor map. A null `addToC`: never.
  TmaStoreEpilogue addingToC(mlir::Value addToC) const {
    TmaStoreEpilogue copy = *this;
    copy.addToC = addToC;
    return copy;
  }

  /// The same epilogue for an FP8 GEMM's output: an 8-bit C stored as
  /// saturate(D · scaleD) (`scaleD` the loaded f32, or null), and the amax
  /// of D maxed into `amax` (memref<f32>, or null) by every round
  /// (passes/epilogue/QuantizedOutput.h).
  TmaStoreEpilogue quantizingOutput(mlir::Value scaleD,
                                    mlir::Value amax) const {
    TmaStoreEpilogue copy = *this;
    copy.scaleD = scaleD;
    copy.amax = amax;
    return copy;
  }

  /// The bias entries that writeStaging() adds, in every round, to the
  /// thread's (`thread` of 128) accumulators of a warpgroup part whose
  /// origin in C is (row, col), in the bias's type: a column bias's pair of
  /// entries per 8-column group, or a row bias's entry per fragment row
  /// (two per 64-row slice). Empty without a bias, or when a column bias
  /// would take more than 32 registers (then writeStaging() reads it). A
  /// caller loads them before the tile's main loop so that their latency
  /// hides behind it: read after the main loop, the loads (L2 hits at best,
  /// behind the main loop's TMA traffic) held up every tile's epilogue,
  /// all tiles' at once on a stream-K grid.
  llvm::SmallVector<mlir::Value> loadBias(mlir::Value thread, mlir::Value row,
                                          mlir::Value col);

  /// Whether the plan's staged operand (HopperKernelPlan::stagedOperand)
  /// comes into the staging part this launch (an i1, uniform over the
  /// kernel): C where it has a tensor map and beta is not 0, a residual
  /// where it has a tensor map. writeStaging() then reads it from there.
  mlir::Value operandInStaging();

  /// The number of TMA boxes (panels) of a warpgroup's staging part: the
  /// loads of a staged operand's part, loadStagedPanel().
  int64_t getStagedPanelCount() const { return plan.panelsPerRoundC; }

  /// The issuing thread (`issuer`) expects the bytes of the `member`-th
  /// warpgroup's staging part on barrier `barrierIndex` of `barriers`:
  /// the part's loadStagedPanel() complete it.
  void expectStagedBytes(mlir::Value issuer, mlir::Value barriers,
                         mlir::Value barrierIndex);

  /// The issuing thread (`issuer`) loads panel `panel` of the staged
  /// operand's part of the `member`-th warpgroup (origin (row, col) in C)
  /// into its staging part by TMA, on barrier `barrierIndex` of
  /// `barriers`. The caller issues them where operandInStaging() holds,
  /// once the previous tile's stores have read the part.
  void loadStagedPanel(int64_t panel, mlir::Value member, mlir::Value issuer,
                       mlir::Value row, mlir::Value col, mlir::Value barriers,
                       mlir::Value barrierIndex);

  /// Step 1: the warpgroup's threads (`thread` of 128) write round `round`
  /// of the `member`-th warpgroup's accumulator `acc` (WM×WN, f32), whose
  /// origin in C is (row, col), into its staging part: the fused epilogue
  /// applied to each pair of elements in registers, then converted to C's
  /// type. Then they fence the writes for the TMA stores. The caller
  /// synchronizes the warpgroup before (the part is free) and after.
  /// `loadedBias` is loadBias() for the same part, or empty: the round
  /// reads its bias itself. Where `staged` (i1, or null: never) holds,
  /// the staged operand is in the staging part already (loadStagedPanel(),
  /// waited for), each pair read where the thread then writes D.
  void writeStaging(mlir::Value member, mlir::Value thread, mlir::Value acc,
                    mlir::Value row, mlir::Value col, int64_t round = 0,
                    llvm::ArrayRef<mlir::Value> loadedBias = {},
                    mlir::Value staged = {});

  /// Step 3: stores the `member`-th staging part, round `round` of the
  /// warpgroup's part of C whose origin is (row, col): TMA stores issued by
  /// the thread where `issuer` holds, or, without a tensor map for C, a
  /// copy by all 128 threads of the warpgroup.
  void storeToC(mlir::Value member, mlir::Value thread, mlir::Value issuer,
                mlir::Value row, mlir::Value col, mlir::Value c,
                int64_t round = 0);

  /// The issuing thread waits until its TMA stores, all but the `pending`
  /// most recent rounds' groups, have read their staging parts; with
  /// `complete`, until they have also written C (before the block exits).
  void waitForStores(mlir::Value issuer, bool complete = false,
                     int64_t pending = 0);

  /// Before a round writes its staging part: the issuing thread waits until
  /// the stores that last read that part are done reading it (the previous
  /// round's, or with staging_buffers = 2 the one before it).
  void waitForRoundPart(mlir::Value issuer);

  /// The issuing thread waits until its TMA stores have written C and
  /// orders those writes before its later generic-proxy accesses (a
  /// release that publishes them to another block follows the caller's
  /// barrier).
  void waitForStoresVisible(mlir::Value issuer);

private:
  mlir::Value index(int64_t v);
  /// The thread's first column in C of each of the `groups` 8-column
  /// groups from column `first` of the part whose origin in C is `col`.
  llvm::SmallVector<mlir::Value> groupColumns(mlir::Value thread,
                                              mlir::Value col, int64_t first,
                                              int64_t groups);
  /// The byte offset of the `member`-th warpgroup's staging part that
  /// round `round` fills (HopperKernelPlan::stagingBuffers).
  mlir::Value stagingPartOffset(mlir::Value member, int64_t round);
  /// That staging part as a 1-D memref of C's type.
  mlir::Value stagingPart(mlir::Value member, int64_t round);
  /// For each panel of round `round` in the `member`-th warpgroup's
  /// staging part: `body` with its TMA box view and the coordinates of its
  /// box in C, whose origin for the round is (row, col).
  void forEachPanel(
      mlir::Value member, int64_t round, mlir::Value row, mlir::Value col,
      llvm::function_ref<void(mlir::Value, llvm::ArrayRef<mlir::Value>)> body);
  /// Panel `panel` of forEachPanel(): `body` with its view and coordinates.
  void atPanel(
      mlir::Value member, int64_t round, int64_t panel, mlir::Value row,
      mlir::Value col,
      llvm::function_ref<void(mlir::Value, llvm::ArrayRef<mlir::Value>)> body);
  /// The element index in a staging part of (row, byte in the 128-byte
  /// panel row) of `panel`, with the 128-byte swizzle applied.
  /// `key` is row mod 8.
  mlir::Value swizzledIndex(mlir::Value panel, mlir::Value row,
                            mlir::Value byteInRow, mlir::Value key);
  /// A column-major C's element (rowInC, columns[g] + p) of fragment row
  /// `r`, `value` (f32): the fused epilogue applied to it alone on C's
  /// transpose (`onTranspose`, whose runs hold where `wholeOnTranspose`),
  /// with the bias writeStaging() read already (`columnBias` pairs per
  /// group or `rowBias` entries per fragment row, either may be empty) and
  /// C's and the residual's elements where `read` holds them (vector<1 x
  /// C's type>; else apply() reads them), converted to C's type.
  mlir::Value applyOnTranspose(const FusedEpilogue &onTranspose,
                               mlir::Value wholeOnTranspose, mlir::Value value,
                               mlir::Value rowInC,
                               llvm::ArrayRef<mlir::Value> columns,
                               llvm::ArrayRef<mlir::Value> columnBias,
                               llvm::ArrayRef<mlir::Value> rowBias, int64_t g,
                               int64_t r, int64_t p,
                               const FusedEpilogue::Operands &read = {});
  /// TMA-reduces (adds) staging panel `panel` onto C's box at
  /// `coordinates` (getTmaCoordinates order).
  void addPanelToC(mlir::Value panel, llvm::ArrayRef<mlir::Value> coordinates);
  /// Copies the staging part (the round's columns, whose origin in C is
  /// (row, col)) to C with the warpgroup's threads (adds it onto C where
  /// addToC holds): 16-byte chunks where C's rows take them, else
  /// copyElementsByThreads.
  void copyByThreads(mlir::Value member, int64_t round, mlir::Value thread,
                     mlir::Value row, mlir::Value col, mlir::Value c);
  /// The copy for rows that take no vectors (C's address or pitch not a
  /// multiple of 16 bytes): element by element, consecutive threads on
  /// consecutive elements (passes/epilogue/CoalescedElementCopy.h). `part` is the
  /// staging part, `storedRows` × `storedColumns` as stored, whose origin
  /// in `c` (C, or a column-major C's transpose) is (row, col).
  void copyElementsByThreads(mlir::Value part, mlir::Value thread,
                             mlir::Value row, mlir::Value col, mlir::Value c,
                             int64_t storedRows, int64_t storedColumns);

  mlir::OpBuilder &b;
  mlir::Location loc;
  const HopperKernelPlan &plan;
  FusedEpilogue fused;
  mlir::Value raw;
  OptionalTensorMap mapC, mapResidual;
  /// A batched kernel's batch entry (the third store coordinate), or null.
  mlir::Value batch;
  /// Whether the stores add onto C (i1), or null: they never do.
  mlir::Value addToC;
  /// An 8-bit C's output scale (f32) and the amax memref, or null.
  mlir::Value scaleD, amax;
  /// With amax, a grouped tile's rows of C that are stored (index: the
  /// group's end, counted from C's row 0), or null: all rows.
  mlir::Value storedRows;
};

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_HOPPER_TMASTOREEPILOGUE_H
