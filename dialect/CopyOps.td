//===- CopyOps.td - the matrix copy op and its schedule -----*- tablegen -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// `tile.copy` writes a row-major matrix into another of the same extents and
// any leading dimension: dst[i][j] = src[i][j]. The runtime uses it to give
// TMA a copy of an operand whose rows are not 16-byte aligned (a pitch of
// 4095 bf16) in a buffer whose rows are. Included by TileOps.td, so its
// attribute and op are generated with the rest of the dialect.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_DIALECT_COPYOPS_TD
#define GEMM_OPT_DIALECT_COPYOPS_TD

include "dialect/TileAttrs.td"

def Tile_CopyScheduleAttr : Tile_Attr<"CopySchedule", "copy_schedule"> {
  let summary = "how a matrix copy maps onto a GPU";
  let description = [{
    - `chip`: target, `sm_80` … `sm_90a`;
    - `tile = [TR, TC]`: the `TR×TC` tile one thread block copies; blocks
      run along the rows in grid x (any number of rows) and along the
      columns in grid y;
    - `threads = [TX, TY]`: the block's `TX·TY` threads (a multiple of 32).
      `TX` threads lie along a row, each moving `vector` consecutive
      elements, and `TY` along the columns: a step copies `TY` rows ×
      `TX·vector` columns, so `TY` divides `TR` and `TX·vector` divides
      `TC`;
    - `vector`: elements per global access (1, 2, 4 or 8; at most 16
      bytes).

    Per block: where the block's tile lies inside src and src is aligned
    for `vector`-wide accesses (pointer, offset, leading dimension), each
    thread loads `vector` consecutive elements at once and stores them at
    once where dst is aligned too (element by element where it is not).
    Elsewhere the copy goes element by element with the warp's lanes on
    consecutive elements, so that each warp access is one contiguous run
    (a copy from rows that take no vectors), predicated on row and column
    at the matrix's edges.

    Example:
    ```mlir
    #tile.copy_schedule<chip = "sm_90a", tile = [32, 256], threads = [32, 8],
                        vector = 8>
    ```
  }];
  let parameters = (ins
    StringRefParameter<"target chip">:$chip,
    ArrayRefParameter<"int64_t", "TR, TC">:$tile,
    ArrayRefParameter<"int64_t", "TX, TY">:$threads,
    "int64_t":$vector);
  let assemblyFormat = [{
    `<` `chip` `=` $chip `,` `tile` `=` `[` $tile `]` `,`
        `threads` `=` `[` $threads `]` `,` `vector` `=` $vector `>`
  }];
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    int64_t getTileRows() const { return getTile()[0]; }
    int64_t getTileCols() const { return getTile()[1]; }
    int64_t getThreadsX() const { return getThreads()[0]; }
    int64_t getThreadsY() const { return getThreads()[1]; }
    int64_t getThreadCount() const { return getThreadsX() * getThreadsY(); }
  }];
}

def Tile_CopyOp : Tile_Op<"copy", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "dst = src, between leading dimensions, as its schedule says";
  let description = [{
    Copies the `M×N` matrix `src` into the `M×N` matrix `dst`:
    `dst[i][j] = src[i][j]`. Both are row-major (unit stride in the last
    dimension) with dynamic extents and leading dimensions, of one element
    type (f32, bf16 or f16). The `schedule` (`#tile.copy_schedule`) says
    how; an op without one is an error. Any `M, N ≥ 1` and any alignment of
    either matrix works.

    Batched form: `src` and `dst` are `B×M×N` (3-D memrefs, any batch
    strides, 0 included for src): each entry is copied, the kernel runs
    the entries along grid z.

    Example:
    ```mlir
    tile.copy %b into %padded {schedule = #sched}
        : memref<?x?xbf16, strided<[?, 1], offset: ?>> into memref<?x?xbf16>
    ```
  }];
  let arguments = (ins Arg<Tile_RowMajorMatrix, "src", [MemRead]>:$src,
                       Arg<Tile_RowMajorMatrix, "dst", [MemWrite]>:$dst,
                       OptionalAttr<Tile_CopyScheduleAttr>:$schedule);
  let assemblyFormat = [{
    $src `into` $dst attr-dict `:` type($src) `into` type($dst)
  }];
  let hasVerifier = 1;
}

#endif // GEMM_OPT_DIALECT_COPYOPS_TD
