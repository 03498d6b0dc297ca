//===- WgmmaStageOperands.h - A and B in a stage, for each major order -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// How one pipeline stage of the warp-specialized wgmma kernel holds A and B
// in swizzled shared memory, for each operand's major order, and the two
// things that touch it: the producer's TMA loads and the consumers' wgmma.
// Each operand's rows are one swizzle width W (smem_a / smem_b: 32, 64 or
// 128 bytes; the examples below say 128, i.e. 64 bf16 or 32 f32):
//
//   A row-major (K-major): one BM×BK box, rows of W bytes; wgmma reads A
//     non-transposed.
//   A column-major (M-major, W = 128): BM/64 boxes of BK rows × 64
//     M-elements (128 bytes), one per 64 rows of the tile; wgmma reads A
//     transposed.
//   B row-major (N-major): BN/P boxes of BK rows × P N-elements (P = W /
//     element size); wgmma reads B transposed (as it always has).
//   B column-major (K-major): one BN×BK box, rows of W bytes; wgmma reads
//     B non-transposed.
//
// nvgpu.warpgroup.generate.descriptor takes only the 128-byte swizzle, so
// describeTile builds the 32- and 64-byte descriptors itself.
//
// With both operands row-major, one nvgpu.warpgroup.mma per stage does the
// work (upstream iterates its descriptors for exactly that pair). For any
// other pair, upstream's iteration is wrong (it always steps A by 32 bytes
// per K step and B by 16 rows) and nvgpu.warpgroup.mma refuses transposed A
// with K-major B, so the stage is issued here as nvvm.wgmma.mma_async
// instructions, m64nNk16 each, with descriptors stepped as the layout says:
// a K-major operand 16 elements (32 bytes) along its 128-byte rows per K
// step, an MN-major one 16 rows (2 KiB); 64 rows of A are the next 64 rows
// (K-major) or the next panel (M-major). One fence, commit and wait group
// per stage, as nvgpu.warpgroup.mma emits.
//
// f32 inputs (tf32) always take that path: tf32 wgmma reads only K-major
// operands from shared memory, m64nNk8 per instruction, still 32 bytes of K
// per step; a 128-byte row holds BK = 32. B must be column-major (the
// verifier insists; a host GEMM stages a K-major copy of a row-major B). A
// column-major A is loaded as M-major panels like any other type's, and
// read from registers instead (HopperKernelPlan::registerSourcedA): before
// a stage's instructions each thread loads its fragment of every m64k8
// slice of A from the swizzled panels (4 f32 per instruction: rows g and
// g + 8 of its warp's 16, K columns t and t + 4, g = lane / 4, t = lane % 4)
// and the instruction takes them as its A registers. MLIR 22's
// nvvm.wgmma.mma_async has no register-A form, so that one instruction is
// emitted as llvm.inline_asm the way NVVM lowers its own wgmma op. The
// fragment loads read the same bytes wgmma would (2-way bank conflicts:
// lanes t and t ^ 1 read the same 32 bytes of two swizzled rows). A wgmma
// reads its A registers until a wait_group retires its group (PTX ISA), so
// the K loop around these stages runs two per iteration (passes/
// WgmmaMainLoop.cpp, buildSteps): ptxas keeps the fragments of straight-
// line steps apart, not those of one loop step and the next.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_HOPPER_WGMMASTAGEOPERANDS_H
#define GEMM_OPT_PASSES_HOPPER_WGMMASTAGEOPERANDS_H

#include "passes/hopper/BatchedTmaLoad.h"
#include "passes/hopper/HopperKernelPlan.h"

namespace gemm_opt {

class WgmmaStageOperands {
public:
  /// `sharedMemory` is the kernel's dynamic shared memory (i8, workgroup).
  /// `columns` (0: the warpgroup tile's WN) is how many columns of the
  /// warpgroup tile one multiply covers, the N of its instructions: a
  /// promoting FP8 loop multiplies WN in pieces, each into an accumulator of
  /// its own (passes/hopper/PromotingMainLoop.h).
  WgmmaStageOperands(mlir::OpBuilder &b, mlir::Location loc,
                     const HopperKernelPlan &plan, mlir::Value sharedMemory,
                     int64_t columns = 0)
      : b(b), loc(loc), plan(plan), sharedMemory(sharedMemory),
        columns(columns ? columns : plan.warpN) {}

  /// Issues (under `predicate`) the TMA loads of the A and B tiles at K
  /// offset `k` of the C tile at (rowBase, colBase) into `stage`, completing
  /// on barrier `stage` of `full`. A batched kernel's 3-D maps take each
  /// operand's batch coordinate from `batch` (passes/hopper/BatchedTmaLoad.h).
  void load(mlir::Value stage, mlir::Value k, mlir::Value rowBase,
            mlir::Value colBase, mlir::Value descA, mlir::Value descB,
            mlir::Value full, mlir::Value predicate,
            TmaBatchCoordinates batch = {});

  /// The accumulator type of one multiply: WM × `columns`.
  mlir::nvgpu::WarpgroupAccumulatorType getAccumulatorType();

  /// acc += the wgmmas of `stage` for the warpgroup tile at (row, col) of
  /// the block tile; returns the new accumulator with this stage's wgmma
  /// group possibly in flight (wait group 1: the previous stage's retired).
  /// With `overwrite`, the stage's first instruction of each 64-row slice
  /// writes its accumulator instead of adding to it (scale-d = 0) and `acc`
  /// is never read: no instruction zeroes the registers between the
  /// wgmmas (ptxas injects warpgroup.arrive / wait where one does).
  mlir::Value multiply(mlir::Value stage, mlir::Value row, mlir::Value col,
                       mlir::Value acc, mlir::Value descA, mlir::Value descB,
                       bool overwrite = false);

private:
  mlir::Value index(int64_t v);
  /// A `shape` view of `elementType` (null: A's) at `byteOffset` of shared
  /// memory.
  mlir::Value view(mlir::Value byteOffset, llvm::ArrayRef<int64_t> shape,
                   mlir::Type elementType = {});
  /// Byte offsets in shared memory of the stage's A and B tiles of the
  /// warpgroup tile at (row, col).
  mlir::Value warpTileOffsetA(mlir::Value stage, mlir::Value row);
  mlir::Value warpTileOffsetB(mlir::Value stage, mlir::Value col);
  /// The descriptor (nvgpu's, or an i64 where nvgpu's op takes only the
  /// 128-byte swizzle) of `tile`, a stage's operand at its warpgroup tile,
  /// swizzled in rows of `swizzleBytes`, loaded by TMA map `descriptor`,
  /// whose panels of an MN-major operand lie `panelBytes` apart.
  mlir::Value describeTile(mlir::Value tile, mlir::Value descriptor,
                           int64_t swizzleBytes, int64_t panelBytes);
  /// The stage's instructions; `matrixA` is null with registerSourcedA,
  /// whose fragments are read from `offsetA` (the warpgroup tile's A).
  mlir::Value multiplyInstructions(mlir::Value acc, mlir::Value matrixA,
                                   mlir::Value offsetA, mlir::Value matrixB,
                                   bool overwrite);
  /// registerSourcedA: byte offsets, from a 64-row slice's first panel at
  /// K step 0, of the thread's 4 fragment entries (rows g, g + 8 by K
  /// columns t, t + 4 of its warp's 16 rows), swizzle applied.
  llvm::SmallVector<mlir::Value, 4> getFragmentOffsetsA();
  /// registerSourcedA: the thread's 4 fragment entries (i32 bit patterns)
  /// of the m64k8 instruction `byteOffset` bytes into `tileA` (an f32 view
  /// of the warpgroup tile of A; the offset of its slice and K step, as a
  /// descriptor would be advanced).
  llvm::SmallVector<mlir::Value, 4>
  loadFragmentA(mlir::Value tileA, llvm::ArrayRef<mlir::Value> offsets,
                int64_t byteOffset);
  /// One m64nNk8 tf32 wgmma with A from `fragment` and B from descriptor
  /// `descriptorB`, accumulating into `acc` (a struct of N/2 f32), or with
  /// `overwrite` writing it (scale-d = 0).
  mlir::Value registerAInstruction(mlir::Value acc,
                                   llvm::ArrayRef<mlir::Value> fragment,
                                   mlir::Value descriptorB, bool overwrite);

  mlir::OpBuilder &b;
  mlir::Location loc;
  const HopperKernelPlan &plan;
  mlir::Value sharedMemory;
  int64_t columns;
};

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_HOPPER_WGMMASTAGEOPERANDS_H
