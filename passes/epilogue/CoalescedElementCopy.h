//===- CoalescedElementCopy.h - a staged tile to C, one element a thread -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The epilogues copy a tile staged in shared memory to C in 16-byte chunks
// where C's rows take vectors. Where they do not (C's address or pitch is
// not a multiple of 16 bytes, e.g. a packed C with an odd N), the copy
// goes element by element, and the threads then take consecutive elements
// (thread t: elements t, t + T, t + 2T, ... of the tile, row by row), so a
// warp's 32 stores are one contiguous run of C. Had each thread kept its
// 16-byte chunk and stored its elements one by one, a warp's store would
// spread over 32 chunks, 512 bytes with two-byte elements, and write each
// 32-byte sector in eight partial pieces (about a quarter of the bf16
// example's time at 4097×4095×4096).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_EPILOGUE_COALESCEDELEMENTCOPY_H
#define GEMM_OPT_PASSES_EPILOGUE_COALESCEDELEMENTCOPY_H

#include "mlir/IR/Builders.h"

namespace gemm_opt {

/// Copies a `rows` × `columns` tile to `matrix` (2-D, unit stride along
/// its second index) at (rowBase, colBase): `threads` threads, `thread`
/// being this one, each taking every `threads`-th element of the tile in
/// row-major order, up to four per step of an scf.for. `load(r, c)` builds
/// the tile's element at (r, c) in the matrix's element type (every load
/// of a step is built before its stores); the element is stored only where
/// it lies inside the matrix.
void copyTileByElements(
    mlir::OpBuilder &b, mlir::Location loc, mlir::Value thread,
    int64_t threads, int64_t rows, int64_t columns, mlir::Value matrix,
    mlir::Value rowBase, mlir::Value colBase,
    llvm::function_ref<mlir::Value(mlir::Value r, mlir::Value c)> load);

/// The same copy with the loads built a step at a time: `loadStep(r, c)`
/// builds the elements at (r[e], c[e]) of the tile for all e of the step at
/// once (so that what each element reads can issue together, e.g. a fused
/// epilogue's operands, passes/epilogue/FusedChunkCopy.h).
void copyTileByElementSteps(
    mlir::OpBuilder &b, mlir::Location loc, mlir::Value thread, int64_t threads,
    int64_t rows, int64_t columns, mlir::Value matrix, mlir::Value rowBase,
    mlir::Value colBase,
    llvm::function_ref<llvm::SmallVector<mlir::Value>(
        llvm::ArrayRef<mlir::Value> r, llvm::ArrayRef<mlir::Value> c)>
        loadStep);

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_EPILOGUE_COALESCEDELEMENTCOPY_H
