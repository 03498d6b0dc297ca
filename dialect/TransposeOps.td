//===- TransposeOps.td - the layout-conversion op and its schedule -*- tablegen -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// `tile.transpose` writes a row-major matrix in the other major order:
// dst[j][i] = src[i][j]. Included by TileOps.td, so its attribute and op are
// generated with the rest of the dialect.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_DIALECT_TRANSPOSEOPS_TD
#define GEMM_OPT_DIALECT_TRANSPOSEOPS_TD

include "dialect/TileAttrs.td"

def Tile_TransposeScheduleAttr
    : Tile_Attr<"TransposeSchedule", "transpose_schedule"> {
  let summary = "how a transpose maps onto a GPU";
  let description = [{
    - `chip`: target, `sm_80` … `sm_90a`;
    - `tile = [TR, TC]`: the `TR×TC` tile of `src` one thread block moves
      (it becomes a `TC×TR` tile of `dst`);
    - `threads = [TX, TY]`: the block's `TX·TY` threads (a multiple of 32).
      In both phases `TX` threads lie along the contiguous dimension, each
      moving `vector` consecutive elements, and `TY` along the other: the
      load phase reads `TY` rows × `TX·vector` columns of `src` per step,
      the store phase writes `TY` rows × `TX·vector` columns of `dst`;
    - `smem`: layout of the `TR×TC` staging tile in shared memory.
      `#tile.pad<P>` stores rows of `TC + P` elements; `#tile.swizzle<W>`
      stores rows unpadded and XORs the column index with
      `row mod (W / sizeof(element))`;
    - `vector`: elements per global access (1, 2, 4 or 8; at most 16
      bytes). Interior tiles of suitably aligned matrices use `vector`-wide
      loads and stores; edge tiles and unaligned matrices fall back to
      predicated element accesses, so any shape works.

    With f32, `vector = 4`, `TX = 8` (a warp spans 4 rows of 32 words in
    each phase) and either an odd row length (`#tile.pad<1>` with `TC` a
    multiple of 32) or `#tile.swizzle<128>`, the shared-memory stores of the
    load phase and the loads of the store phase touch 32 distinct banks.

    Example:
    ```mlir
    #tile.transpose_schedule<chip = "sm_90a", tile = [64, 64], threads = [8, 32],
                             smem = #tile.pad<1>, vector = 4>
    ```
  }];
  let parameters = (ins
    StringRefParameter<"target chip">:$chip,
    ArrayRefParameter<"int64_t", "TR, TC">:$tile,
    ArrayRefParameter<"int64_t", "TX, TY">:$threads,
    "::mlir::Attribute":$smem,
    "int64_t":$vector);
  let assemblyFormat = [{
    `<` `chip` `=` $chip `,` `tile` `=` `[` $tile `]` `,`
        `threads` `=` `[` $threads `]` `,` `smem` `=` $smem `,`
        `vector` `=` $vector `>`
  }];
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    int64_t getTileRows() const { return getTile()[0]; }
    int64_t getTileCols() const { return getTile()[1]; }
    int64_t getThreadsX() const { return getThreads()[0]; }
    int64_t getThreadsY() const { return getThreads()[1]; }
    int64_t getThreadCount() const { return getThreadsX() * getThreadsY(); }
    /// Elements of one stored row of the staging tile (padding included).
    int64_t getStagingRowElements() const;
    /// Bytes of the staging tile for elements of `elementType`: the
    /// kernel's dynamic shared memory.
    int64_t getSharedMemoryBytes(::mlir::Type elementType) const;
    /// For #tile.swizzle<W>: W / sizeof(element) - 1, the mask of the row
    /// bits XORed into the column; 0 for #tile.pad.
    int64_t getSwizzleMask(::mlir::Type elementType) const;
  }];
}

// A matrix, or a batch of them (batch × rows × columns).
def Tile_RowMajorMatrix
    : MemRefRankOf<[F16, BF16, F32, F8E4M3FN, F8E5M2], [2, 3]>;

def Tile_TransposeOp : Tile_Op<"transpose", [
    MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "dst = srcᵀ, staged through shared memory as its schedule says";
  let description = [{
    Writes the `M×N` matrix `src` transposed into the `N×M` matrix `dst`:
    `dst[j][i] = src[i][j]`. Both are row-major (unit stride in the last
    dimension) with dynamic extents and leading dimensions, of one element
    type (f32, bf16 or f16). The `schedule` (`#tile.transpose_schedule`)
    says how; an op without one is an error. Any `M, N ≥ 1` works: edge
    tiles are predicated.

    Batched form: `src` is `B×M×N` and `dst` `B×N×M` (3-D memrefs, any
    batch strides, 0 included): each of the `B` entries is transposed on
    its own, `dst[b][j][i] = src[b][i][j]`; the kernel runs the entries
    along grid z.

    Example:
    ```mlir
    tile.transpose %src into %dst {schedule = #sched}
        : memref<?x?xf32> into memref<?x?xf32>
    tile.transpose %batch into %batchT {schedule = #sched}
        : memref<?x?x?xf32> into memref<?x?x?xf32>
    ```
  }];
  let arguments = (ins Arg<Tile_RowMajorMatrix, "src", [MemRead]>:$src,
                       Arg<Tile_RowMajorMatrix, "dst", [MemWrite]>:$dst,
                       OptionalAttr<Tile_TransposeScheduleAttr>:$schedule);
  let assemblyFormat = [{
    $src `into` $dst attr-dict `:` type($src) `into` type($dst)
  }];
  let hasVerifier = 1;
}

#endif // GEMM_OPT_DIALECT_TRANSPOSEOPS_TD
