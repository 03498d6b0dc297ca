//===- TileOps.td - operations of the tile dialect ---------*- tablegen -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_DIALECT_TILEOPS_TD
#define GEMM_OPT_DIALECT_TILEOPS_TD

include "dialect/TileDialect.td"
include "dialect/TileAttrs.td"
include "dialect/TileTypes.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

class Tile_Op<string mnemonic, list<Trait> traits = []>
    : Op<Tile_Dialect, mnemonic, traits>;

// A matrix, or a batch of them (batch × rows × columns).
// Element types of A and B: 16- and 32-bit floats, and the 8-bit floats of
// FP8 GEMMs.
defvar Tile_InputElementTypes = [F16, BF16, F32, F8E4M3FN, F8E5M2];
def Tile_MatrixOrBatch : MemRefRankOf<Tile_InputElementTypes, [2, 3]>;

def Tile_GemmOp : Tile_Op<"gemm", [AttrSizedOperandSegments,
    MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "C = epilogue(A·B) on memrefs, computed as its schedule says";
  let description = [{
    Multiplies the `M×K` matrix `A` by the `K×N` matrix `B` and writes the
    `M×N` result into `C`. `M`, `N`, `K` and the leading dimensions are
    dynamic, so one compiled kernel serves every shape its block tile divides.
    The `schedule` attribute says how (see `#tile.schedule`); an op without
    one is an error.

    Each operand's memref layout is its major order: row-major with unit
    stride in the last dimension (the identity layout, or
    `strided<[?, 1], offset: ?>`), column-major with unit stride in the first
    (`strided<[1, ?], offset: ?>`, the leading dimension being the stride of
    the second); the logical shapes stay `M×K`, `K×N` and `M×N`. wgmma
    schedules take any combination (column-major A is read M-major through
    wgmma's transposed A, column-major B K-major, column-major C is written
    down its columns); mma.sync and ffma schedules, and fused epilogues for
    C, need row-major operands, and the verifier says so.

    Batched: with 3-D operands (batch × rows × columns, all three of rank 3)
    the op computes `C[b] = A[b]·B[b]` for every batch entry `b`. The first
    dimension is the batch and its stride the distance between consecutive
    entries, per operand and dynamic (`strided<[?, ?, 1], offset: ?>`
    row-major, `strided<[?, 1, ?], offset: ?>` column-major; the identity
    layout is row-major with packed entries). A batch stride of 0 for A or B
    uses one matrix for every entry (broadcast). Batched GEMMs need a wgmma
    schedule (one block per tile and batch entry along grid z, or a
    persistent grid walking the tiles of all entries) without split_k.

    Grouped (mixture of experts): `C_g = A_g·B_g` for the `G` groups of
    a batch B (`G×K×N` row-major or `G×N×K` column-major), with one group
    operand, a 1-D i32 memref in global memory that only the kernel reads
    (docs/design/grouped-gemm.md):
    - `group_rows` (masked layout): A is `G×M_max×K` and C `G×M_max×N`
      (rank 3); `group_rows[g]` (G entries) of group g's rows are valid;
    - `group_offsets` (contiguous layout): A is `T×K` and C `T×N` (rank 2)
      with the groups' rows back to back; group g's rows are
      `[group_offsets[g], group_offsets[g + 1])` (G + 1 entries).
    Rows of C outside every group (past a masked group's count) are never
    written. Grouped GEMMs take bf16, f16 or 8-bit inputs (scaled as below;
    a contiguous GEMM's `scale_b` may hold each group's scales, a leading G
    dimension, while its `scale_a` covers the T rows of all groups),
    row-major A and C, and a warp-specialized wgmma schedule on a
    persistent grid of single blocks with `#tile.store<tma>`, without
    split_k or stream_k. A grouped GEMM's fused epilogue applies per group,
    after an FP8 GEMM's scales: `bias = column` is a `G×N` memref (row g is
    group g's bias), `bias = row` follows C's rows (`G×M_max` masked, `T`
    entries contiguous), and the residual has C's shape. An FP8 grouped
    GEMM may write an e4m3 C (below) with one `scale_d` for all groups;
    its `amax` is the largest |D| over the rows the groups store.

    The op states what is computed, the schedule only how. A fused epilogue
    (`epilogue = #tile.epilogue<alpha_beta = true, bias = row, activation =
    ..., residual = true>`) takes its operands here, each present exactly
    when the epilogue asks for it: `alpha` and `beta` (f32 scalars;
    `beta` scales C's old value), `bias` (a vector of C's element type, M
    entries for `bias = row`, N for `column`, one vector for every batch
    entry; a grouped GEMM's may hold one per group, as above) and
    `residual` (an `M×N` matrix of C's element type and major order; for
    batched operands a batch of them, rank 3 like C, entry `b` added to
    `C[b]`, a batch stride of 0 adding one matrix to every entry).

    FP8: A and B of `f8E4M3FN` or `f8E5M2` (not both `f8E5M2`), C of bf16,
    f16 or f32, accumulated in f32. The op then declares its scales with
    `scaling = #tile.scaling<...>` and takes them as operands `scale_a` and
    `scale_b` (f32; see `#tile.scaling` for their shapes). wgmma reads 8-bit
    operands only K-major: A row-major and B column-major (B stored N×K, the
    layout of a weight `W` in `x @ W^T`). A batched FP8 GEMM (3-D A, B and
    C) takes each scale operand either with its mode's shape, shared by
    every batch entry, or with one more, leading dimension: the scales of
    entry `b` at index `b` (`memref<?xf32>` of per-entry scalars,
    `memref<?x?xf32>` of per-entry row or column vectors, rank 3 for block
    scales), any batch stride (0 included).

    FP8 output: an FP8 GEMM may write C as `f8E4M3FN`. It then takes
    `scale_d` (`memref<f32>`, one f32 in device memory) and stores
    `saturate(D · scale_d)` rounded to nearest even, where D is the f32
    result after the epilogue; values beyond ±448 become ±448, as
    cuBLASLt's `CUBLASLT_MATMUL_DESC_D_SCALE_POINTER` does. An FP8 GEMM of
    any C type may take `amax` (`memref<f32>`), which receives the largest
    |D| over all of C, before `scale_d` (cuBLASLt's
    `CUBLASLT_MATMUL_DESC_AMAX_D_POINTER`); a NaN in D makes it NaN. The
    kernel combines its blocks' maxima into `amax` with atomic maxima, so
    the caller zeroes it before every launch (the runtime's launch path
    does, on the launch stream: KernelArguments::prepare). An 8-bit C is
    written by TMA stores (`#tile.store<tma>`), takes at most an activation
    as its fused epilogue (a bias, a residual or beta would be 8-bit too),
    and, like `amax`, no split_k or stream_k (their partial sums would be
    quantized and measured before they are added). Neither is taken by a
    batched GEMM (one `scale_d` for every entry would be ambiguous); a
    grouped GEMM's groups are rows of one output and share them.

    Examples:
    ```mlir
    tile.gemm %a, %b into %c {schedule = #sched}
        : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
    // A column-major (M-major), B and C row-major: "TN" in BLAS terms.
    tile.gemm %a, %b into %c {schedule = #wgmma}
        : memref<?x?xbf16, strided<[1, ?], offset: ?>>, memref<?x?xbf16>
          into memref<?x?xbf16>
    tile.gemm %a, %b into %c alpha %alpha beta %beta bias %bias : memref<?xbf16>
        {schedule = #sched,
         epilogue = #tile.epilogue<alpha_beta = true, bias = column>}
        : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
    // FP8 with per-row scales of A and per-column scales of B.
    tile.gemm %a, %b into %c scale_a %sa : memref<?xf32>
        scale_b %sb : memref<?xf32>
        {schedule = #fp8, scaling = #tile.scaling<a = row, b = column>}
        : memref<?x?xf8E4M3FN>, memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>>
          into memref<?x?xbf16>
    // FP8 output: e4m3 C times scale_d, saturated, and the amax of D.
    tile.gemm %a, %b into %c scale_a %sa : memref<f32> scale_b %sb : memref<f32>
        scale_d %sd : memref<f32> amax %amax : memref<f32>
        {schedule = #fp8, scaling = #tile.scaling<a = tensor, b = tensor>}
        : memref<?x?xf8E4M3FN>, memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>>
          into memref<?x?xf8E4M3FN>
    // A batch of row-major GEMMs with per-operand batch strides.
    tile.gemm %a, %b into %c {schedule = #wgmma}
        : memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>,
          memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>
          into memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>
    // A batch of FP8 GEMMs with one scalar scale per entry of A and one
    // for all of B.
    tile.gemm %a, %b into %c scale_a %sa : memref<?xf32>
        scale_b %sb : memref<f32>
        {schedule = #fp8, scaling = #tile.scaling<a = tensor, b = tensor>}
        : memref<?x?x?xf8E4M3FN>,
          memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>>
          into memref<?x?x?xbf16>
    // Grouped, masked: group g's first rows[g] rows of A[g] and C[g].
    tile.gemm %a, %b into %c group_rows %rows : memref<?xi32>
        {schedule = #grouped}
        : memref<?x?x?xbf16>, memref<?x?x?xbf16> into memref<?x?x?xbf16>
    // Grouped, contiguous: group g's rows [offsets[g], offsets[g + 1]) of
    // A and C, with its weights B[g] stored N×K.
    tile.gemm %a, %b into %c group_offsets %offsets : memref<?xi32>
        {schedule = #grouped}
        : memref<?x?xbf16>, memref<?x?x?xbf16, strided<[?, 1, ?], offset: ?>>
          into memref<?x?xbf16>
    ```
  }];
  let arguments = (ins Arg<Tile_MatrixOrBatch, "A", [MemRead]>:$a,
                       Arg<Tile_MatrixOrBatch, "B", [MemRead]>:$b,
                       Arg<Tile_MatrixOrBatch, "C", [MemRead, MemWrite]>:$c,
                       Optional<F32>:$alpha,
                       Optional<F32>:$beta,
                       Arg<Optional<MemRefRankOf<[F16, BF16, F32], [1, 2]>>,
                           "bias", [MemRead]>:$bias,
                       Arg<Optional<Tile_MatrixOrBatch>, "residual", [MemRead]>:$residual,
                       Arg<Optional<MemRefRankOf<[F32], [0, 1, 2, 3]>>,
                           "scale_a", [MemRead]>:$scale_a,
                       Arg<Optional<MemRefRankOf<[F32], [0, 1, 2, 3]>>,
                           "scale_b", [MemRead]>:$scale_b,
                       Arg<Optional<MemRefRankOf<[F32], [0]>>,
                           "scale_d", [MemRead]>:$scale_d,
                       Arg<Optional<MemRefRankOf<[F32], [0]>>,
                           "amax", [MemRead, MemWrite]>:$amax,
                       Arg<Optional<AnyMemRef>, "valid rows per group",
                           [MemRead]>:$group_rows,
                       Arg<Optional<AnyMemRef>, "first row of each group",
                           [MemRead]>:$group_offsets,
                       OptionalAttr<Tile_ScheduleAttr>:$schedule,
                       OptionalAttr<Tile_EpilogueAttr>:$epilogue,
                       OptionalAttr<Tile_ScalingAttr>:$scaling);
  let assemblyFormat = [{
    $a `,` $b `into` $c
    (`group_rows` $group_rows^ `:` type($group_rows))?
    (`group_offsets` $group_offsets^ `:` type($group_offsets))?
    (`alpha` $alpha^)? (`beta` $beta^)?
    (`bias` $bias^ `:` type($bias))?
    (`residual` $residual^ `:` type($residual))?
    (`scale_a` $scale_a^ `:` type($scale_a))?
    (`scale_b` $scale_b^ `:` type($scale_b))?
    (`scale_d` $scale_d^ `:` type($scale_d))?
    (`amax` $amax^ `:` type($amax))?
    attr-dict `:` type($a) `,` type($b) `into` type($c)
  }];
  let builders = [
    OpBuilder<(ins "::mlir::Value":$a, "::mlir::Value":$b, "::mlir::Value":$c,
                   "ScheduleAttr":$schedule), [{
      build($_builder, $_state, a, b, c, /*alpha=*/nullptr, /*beta=*/nullptr,
            /*bias=*/nullptr, /*residual=*/nullptr, /*scale_a=*/nullptr,
            /*scale_b=*/nullptr, /*scale_d=*/nullptr, /*amax=*/nullptr,
            /*group_rows=*/nullptr, /*group_offsets=*/nullptr, schedule,
            /*epilogue=*/nullptr,
            /*scaling=*/nullptr);
    }]>
  ];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// Whether the operands are batches of matrices (rank 3).
    bool isBatched() { return getC().getType().getRank() == 3; }
    /// Whether the op is a grouped GEMM (dialect/GroupedGemmVerifier.h):
    /// masked (`group_rows`) or contiguous (`group_offsets`).
    bool isGrouped() { return getGroupRows() || getGroupOffsets(); }
    /// Whether A and B are 8-bit floats (the op then has a #tile.scaling).
    bool hasEightBitInputs();
    /// Whether anything beyond the conversion to C's type is fused.
    bool hasFusedEpilogue() {
      return getEpilogueAttr() && getEpilogueAttr().hasFusedOperations();
    }
  }];
}

def Tile_AllocAccumulatorOp : Tile_Op<"alloc_accumulator", [
    MemoryEffects<[MemAlloc, MemWrite]>]> {
  let summary = "a zero-filled block accumulator";
  let description = [{
    Example:
    ```mlir
    %acc = tile.alloc_accumulator {schedule = #sched} : !tile.accumulator<[128, 256], f32>
    ```
  }];
  let arguments = (ins Tile_ScheduleAttr:$schedule);
  let results = (outs Tile_AccumulatorType:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
}

def Tile_BlockMmaOp : Tile_Op<"block_mma", [
    MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "acc += A_tile · B_tile for one K step of a thread block";
  let description = [{
    Accumulates the product of a `BM×BK` tile of A and a `BK×BN` tile of B
    into the block accumulator. Before pipelining the tiles are views of
    global memory; after, they are stages of shared-memory buffers.

    Example:
    ```mlir
    tile.block_mma %acc, %at, %bt {schedule = #sched}
        : !tile.accumulator<[128, 256], f32>, memref<128x32xbf16, strided<[?, 1], offset: ?>>,
          memref<32x256xbf16, strided<[?, 1], offset: ?>>
    ```
  }];
  let arguments = (ins Tile_AccumulatorType:$acc,
                       MemRefRankOf<Tile_InputElementTypes, [2]>:$a,
                       MemRefRankOf<Tile_InputElementTypes, [2]>:$b,
                       Tile_ScheduleAttr:$schedule);
  let assemblyFormat = [{
    $acc `,` $a `,` $b attr-dict `:` qualified(type($acc)) `,` type($a) `,` type($b)
  }];
}

def Tile_AllocFragmentsOp : Tile_Op<"alloc_fragments", [
    MemoryEffects<[MemAlloc]>]> {
  let summary = "operand fragment registers for every K step of a block tile";
  let description = [{
    Example:
    ```mlir
    %frags = tile.alloc_fragments {schedule = #sched} : !tile.fragments<2, bf16>
    ```
  }];
  let arguments = (ins Tile_ScheduleAttr:$schedule);
  let results = (outs Tile_FragmentsType:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
}

def Tile_LoadFragmentsOp : Tile_Op<"load_fragments", [
    MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "loads the operand fragments of one K step from shared memory";
  let description = [{
    Each warp loads, from the `BM×BK` A tile and `BK×BN` B tile in shared
    memory, the operands of its MMAs for K step `kstep` (columns
    `kstep·MMA_K ..` of A, rows of B) into slot `kstep` of `fragments`.

    Example:
    ```mlir
    tile.load_fragments %frags, %sa, %sb {kstep = 1 : i64, schedule = #sched}
        : !tile.fragments<2, bf16>, memref<128x32xbf16, strided<[32, 1], offset: ?>, #gpu.address_space<workgroup>>,
          memref<32x128xbf16, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>
    ```
  }];
  let arguments = (ins Tile_FragmentsType:$fragments,
                       MemRefRankOf<[F16, BF16, F32], [2]>:$a,
                       MemRefRankOf<[F16, BF16, F32], [2]>:$b,
                       I64Attr:$kstep,
                       Tile_ScheduleAttr:$schedule);
  let hasVerifier = 1;
  let assemblyFormat = [{
    $fragments `,` $a `,` $b attr-dict `:` qualified(type($fragments)) `,`
    type($a) `,` type($b)
  }];
}

def Tile_MmaFragmentsOp : Tile_Op<"mma_fragments", [
    MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "acc += the MMAs of one K step, from loaded fragments";
  let description = [{
    Example:
    ```mlir
    tile.mma_fragments %acc, %frags {kstep = 0 : i64, schedule = #sched}
        : !tile.accumulator<[128, 128], f32>, !tile.fragments<2, bf16>
    ```
  }];
  let arguments = (ins Tile_AccumulatorType:$acc,
                       Tile_FragmentsType:$fragments,
                       I64Attr:$kstep,
                       Tile_ScheduleAttr:$schedule);
  let hasVerifier = 1;
  let assemblyFormat = [{
    $acc `,` $fragments attr-dict `:` qualified(type($acc)) `,`
    qualified(type($fragments))
  }];
}

def Tile_StoreAccumulatorOp : Tile_Op<"store_accumulator", [
    MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "writes the block accumulator into its C tile";
  let description = [{
    Example:
    ```mlir
    tile.store_accumulator %acc, %ct {schedule = #sched}
        : !tile.accumulator<[128, 256], f32>, memref<128x256xbf16, strided<[?, 1], offset: ?>>
    ```
  }];
  // C of an FP8 GEMM may be e4m3 (its quantized output).
  let arguments = (ins Tile_AccumulatorType:$acc,
                       MemRefRankOf<[F16, BF16, F32, F8E4M3FN], [2]>:$c,
                       Tile_ScheduleAttr:$schedule);
  let assemblyFormat = [{
    $acc `,` $c attr-dict `:` qualified(type($acc)) `,` type($c)
  }];
}

def Tile_AllocSharedOp : Tile_Op<"alloc_shared", [
    MemoryEffects<[MemAlloc]>]> {
  let summary = "the stage buffers of one operand in shared memory";
  let description = [{
    A `stages×rows×cols` buffer in workgroup memory, indexed logically. The
    `layout` (`#tile.swizzle` or `#tile.pad`) says how logical indices map to
    shared-memory addresses; the shared-layout pass applies it to every access
    and carves the buffer out of the kernel's dynamic shared memory at
    `offset` bytes.

    Example:
    ```mlir
    %sa = tile.alloc_shared {layout = #tile.swizzle<64>, offset = 0}
        : memref<4x128x32xbf16, #gpu.address_space<workgroup>>
    ```
  }];
  let arguments = (ins AnyAttr:$layout, I64Attr:$offset);
  let results = (outs MemRefRankOf<Tile_InputElementTypes, [3]>:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def Tile_StoreFragmentsOp : Tile_Op<"store_fragments", [
    MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "writes this thread's MMA accumulator fragments into C";
  let description = [{
    `fragments` is the thread's `(WM/16)×(WN/8)×4` accumulator buffer in the
    `mma.sync` m16n8 layout: element `[i, j, r]` is row
    `warpRow + 16·i + lane/4 + 8·(r/2)`, column `warpCol + 8·j + 2·(lane%4) + r%2`
    of the block's C tile.

    Example:
    ```mlir
    tile.store_fragments %frags, %ct {schedule = #sched}
        : memref<4x8x4xf32>, memref<128x256xbf16, strided<[?, 1], offset: ?>>
    ```
  }];
  let arguments = (ins MemRefRankOf<[F32], [3]>:$fragments,
                       MemRefRankOf<[F16, BF16, F32], [2]>:$c,
                       Tile_ScheduleAttr:$schedule);
  let assemblyFormat = [{
    $fragments `,` $c attr-dict `:` type($fragments) `,` type($c)
  }];
}

include "dialect/TransposeOps.td"
include "dialect/CopyOps.td"

#endif // GEMM_OPT_DIALECT_TILEOPS_TD
