//===- TileAttrs.td - schedule attributes ------------------*- tablegen -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_DIALECT_TILEATTRS_TD
#define GEMM_OPT_DIALECT_TILEATTRS_TD

include "dialect/TileDialect.td"
include "dialect/TileEnums.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"

// A flag spelled `true` or `false`.
def Tile_BoolParameter : AttrParameter<"bool", ""> {
  let parser = "parseBoolKeyword($_parser)";
}

// The same flag, false when left out (and then not printed).
def Tile_DefaultFalseParameter : AttrParameter<"bool", ""> {
  let parser = "parseBoolKeyword($_parser)";
  let defaultValue = "false";
}


class Tile_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Tile_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

def Tile_MmaAttr : Tile_Attr<"Mma", "mma"> {
  let summary = "tensor-core instruction and its shape";
  let description = [{
    Names the instruction family that computes the innermost tile and its
    `m×n×k` shape. `sync` is the warp-level `mma.sync` of Ampere and newer
    (`m16n8k16` for f16/bf16), `wgmma` is Hopper's warpgroup-level
    asynchronous MMA, `ffma` is the plain fp32 path on the CUDA cores
    (`fma.rn.f32`), whose shape `[TM, TN, 1]` is the register tile of C one
    thread owns (TM and TN multiples of 4: 4×4 sub-tiles spread over the
    warp tile, each read from shared memory with 128-bit loads); the warp
    tile `[WM, WN]` then holds exactly 32 thread tiles. `dot` is the
    bandwidth-bound path for thin products (decode: M of a few rows) on the
    CUDA cores, which reads A and B with 16-byte loads straight from global
    memory and multiplies and adds in f32. Its shape says which way a lane's
    load runs. `[1, 1, V]`, along K (B column-major): each warp computes its
    `WM×WN` outputs as dot products, every lane reading V consecutive K
    elements of a row of A and of a column of B, and the lanes' sums meet
    through warp shuffles at the end (no shared memory). `[1, V, U]`, along
    N (B row-major): every lane reads V consecutive columns of each of U
    rows of B per step, the block's BK / U warps along K split its K steps,
    and they meet in shared memory at the end.

    Examples:
    ```mlir
    #tile.mma<sync, [16, 8, 16]>
    #tile.mma<ffma, [8, 8, 1]>
    #tile.mma<dot, [1, 1, 8]>
    #tile.mma<dot, [1, 8, 8]>
    ```
  }];
  let parameters = (ins EnumParameter<Tile_MmaKind>:$kind, "int64_t":$m,
                        "int64_t":$n, "int64_t":$k);
  let assemblyFormat = "`<` $kind `,` `[` $m `,` $n `,` $k `]` `>`";
  let genVerifyDecl = 1;
}

def Tile_ElementTypesAttr : Tile_Attr<"ElementTypes", "elements"> {
  let summary = "element types of A, B, C and the accumulator";
  let description = [{
    Example:
    ```mlir
    #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>
    ```
  }];
  let parameters = (ins "::mlir::Type":$a, "::mlir::Type":$b,
                        "::mlir::Type":$c, "::mlir::Type":$acc);
  let assemblyFormat =
      "`<` `a` `=` $a `,` `b` `=` $b `,` `c` `=` $c `,` `acc` `=` $acc `>`";
}

def Tile_SwizzleAttr : Tile_Attr<"Swizzle", "swizzle"> {
  let summary = "XOR-swizzled shared-memory layout";
  let description = [{
    The operand tile is stored as column panels `width` bytes wide; inside a
    panel, rows are `width` bytes and the 16-byte chunk index is XORed with
    the row's position in the 8-row (1024-byte for width 128) repeat, the
    pattern of the TMA swizzle modes. `ldmatrix` and `cp.async` then touch
    eight distinct 16-byte bank groups per phase; wgmma reads the same
    pattern through its matrix descriptors (a K-major operand's rows are
    BK elements of exactly `width` bytes). `width` is 32, 64 or 128 and must
    divide the operand tile's row bytes.

    Example:
    ```mlir
    #tile.swizzle<128>
    ```
  }];
  let parameters = (ins "int64_t":$width);
  let assemblyFormat = "`<` $width `>`";
  let genVerifyDecl = 1;
}

def Tile_PadAttr : Tile_Attr<"Pad", "pad"> {
  let summary = "row-padded shared-memory layout";
  let description = [{
    The operand tile is stored row-major with `elements` extra elements at the
    end of each row, which shifts consecutive rows across banks. Rows must
    stay 16-byte aligned for `cp.async` and `ldmatrix`.

    Example:
    ```mlir
    #tile.pad<8>
    ```
  }];
  let parameters = (ins "int64_t":$elements);
  let assemblyFormat = "`<` $elements `>`";
  let genVerifyDecl = 1;
}

def Tile_PipelineAttr : Tile_Attr<"Pipeline", "pipeline"> {
  let summary = "software pipeline of the K loop";
  let description = [{
    `stages` shared-memory buffers per operand; while the tensor cores work on
    one, the copies for the next `stages - 1` K tiles are in flight. `load`
    says how operands move from global to shared memory: `cp_async`, `tma`,
    or `direct` for `dot` schedules, whose threads load A and B straight into
    registers (one stage, no shared memory; BK sets how many 16-byte loads
    each lane has in flight).

    `ragged = true` (mma.sync schedules only) makes the kernel take any M,
    N, K >= 1 and any row pitch: its K loop comes three times, and each block
    takes one by a uniform branch (plain 16-byte cp.async copies where its
    tiles lie inside A and B, copies that zero-fill past the edges in other
    blocks whose rows are 16-byte aligned, element loads where they are not),
    and edge blocks store C element by element inside it. The loops beside
    it cost the interior loop 10-20 % (ptxas schedules it worse), so the
    schedule also compiles its whole-tile variant (this schedule without
    `ragged`) into the same image, which the host and the runtime launch
    where the block tile divides the shape and the operands are 16-byte
    aligned (ScheduleAttr::getWholeTileVariant). Without it an mma.sync
    kernel takes whole tiles and 16-byte aligned rows only. wgmma and ffma
    kernels take any shape and pitch without it.

    Example:
    ```mlir
    #tile.pipeline<stages = 4, load = cp_async>
    #tile.pipeline<stages = 4, load = cp_async, ragged = true>
    ```
  }];
  let parameters = (ins "int64_t":$stages, EnumParameter<Tile_LoadKind>:$load,
                        Tile_DefaultFalseParameter:$ragged);
  let assemblyFormat = [{
    `<` `stages` `=` $stages `,` `load` `=` $load
        (`,` `ragged` `=` $ragged^)? `>`
  }];
  let genVerifyDecl = 1;
}

def Tile_WarpSpecializationAttr
    : Tile_Attr<"WarpSpecialization", "warp_specialization"> {
  let summary = "producer and consumer warpgroups, with register reallocation";
  let description = [{
    Splits the block into one producer warpgroup (128 threads), one warp of
    which issues the TMA loads of A and B, and `(BM/WM)·(BN/WN)` consumer
    warpgroups that run wgmma. Per stage, the producer waits on the stage's
    "empty" mbarrier, loads it and the TMA transaction count completes its
    "full" mbarrier; the consumers wait on "full", multiply and arrive on
    "empty". At kernel entry the producer shrinks its registers to
    `producer_registers` per thread and the consumers grow theirs to
    `consumer_registers` (`setmaxnreg`), so the accumulators fit without
    spilling. Each count is a multiple of 8 between 24 and 256.

    `consumer_groups` (default 1) is how many sets of those consumer
    warpgroups the block holds. With 2 ("ping-pong", needs a persistent
    grid) the sets take the block's tiles in turns: while one set runs the
    epilogue of its tile, the other runs the main loop of the next, so the
    tensor cores do not wait for the epilogue. The turns are ordered by
    named barriers; the stages and the epilogue's staging tile are shared.

    `async_scale_copies` (default false) is how a block-scaled FP8 GEMM's
    second producer warp fills the block-scale ring. With false it loads a
    step's scales into registers before it waits for the stage, so they are
    stored the moment the stage is free: the fastest when the pipeline runs
    full. With true it copies them by cp.async straight into shared memory
    after the wait, and the copies' completion arrives on the stage's "full"
    barrier: no step waits for the previous step's loads, which is what a
    short K range (stream-K, few tiles) needs to fill its stages quickly.

    Example:
    ```mlir
    #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>
    #tile.warp_specialization<producer_registers = 40, consumer_registers = 232,
                              consumer_groups = 2>
    ```
  }];
  let parameters = (ins "int64_t":$producer_registers,
                        "int64_t":$consumer_registers,
                        DefaultValuedParameter<"int64_t", "1">:$consumer_groups,
                        Tile_DefaultFalseParameter:$async_scale_copies);
  let assemblyFormat = [{
    `<` struct($producer_registers, $consumer_registers, $consumer_groups,
               $async_scale_copies) `>`
  }];
  let genVerifyDecl = 1;
}

def Tile_GridAttr : Tile_Attr<"Grid", "grid"> {
  let summary = "launch order of the block tiles, and persistence";
  let description = [{
    `raster` and `group` order the tiles of C for L2 reuse. Tiles are taken
    in strips `group` tiles wide: with `along_m` a strip spans `group` block
    columns and advances along M, visiting its `group` tiles of one block row
    before the next row, and strips follow each other along N; `along_n` is
    the same with M and N swapped. Blocks running at the same time then share
    rows of A and columns of B, which stay in L2. With `group = 1`, `along_m`
    is column-major tile order and `along_n` row-major, the order of a plain
    `ceil(N/BN) × ceil(M/BM)` grid.

    `persistent = true` launches as many blocks (or clusters) as fit on the
    SMs, a count the runtime computes from the device's SM count, and each
    block loops over tiles in that order, so that one tile's epilogue
    overlaps the next tile's loads. `persistent = false` launches one block
    per tile.

    `split_k = S` (default 1; wgmma or ffma, one block per tile) launches S
    blocks per tile of C along the grid's z dimension, each computing the
    product over its 1/S of the K tiles, for shapes with too few tiles of C
    to fill the GPU. Each block stores its partial tile into its own fp32
    slice of a workspace and counts itself on the tile's counter; the last
    block of a tile sums the slices, applies the epilogue, stores C and
    leaves the counter at zero for the next launch. An ffma kernel's threads
    hold their accumulators at fixed positions of the tile, so each stores
    and sums its own positions, without shared memory.

    `stream_k = W` (W = 1 or 2; persistent wgmma grids, one consumer group,
    no clusters) balances the last tiles over all blocks along K: when the
    tiles do not divide into whole waves, the blocks first take whole tiles
    (data-parallel) for all but the last W waves — with W = 1 only the
    partial last wave is balanced (unless it is at least 3/4 full: then it
    stays whole, as a split tile's partial store and reload cost more than
    the few idle blocks), with W = 2 also the whole wave before it — then
    the remaining tiles' K steps are cut into one contiguous range
    per block, so every block does the same number of K steps. A tile split between blocks is
    finished by the block that computed its last K steps: the others store
    their partial accumulators into an fp32 workspace and count themselves
    on the tile's counter; it waits for the count, adds the partials to its
    accumulators and runs the epilogue. (The blocks of a persistent grid are
    all resident at once, so the wait always ends.)

    `stream_k = spares` balances only the partial last wave, and only with
    the blocks it leaves idle: each of its tiles stays with the block that
    would take it whole, which computes it from K step h on, and the spare
    blocks compute the first h steps of those tiles after their own whole
    tiles (h balances a spare's heads and partial stores against an owner's
    shorter tile; passes/hopper/StreamKPartition.h). So only the spares store
    partials and each owner reloads one; with `stream_k = 1` every block of
    the last wave stores one and reloads one.

    Example:
    ```mlir
    #tile.grid<persistent = true, raster = along_m, group = 8>
    #tile.grid<persistent = false, raster = along_n, group = 1, split_k = 4>
    #tile.grid<persistent = true, raster = along_m, group = 8, stream_k = 1>
    #tile.grid<persistent = true, raster = along_m, group = 4, stream_k = spares>
    ```
  }];
  let parameters = (ins Tile_BoolParameter:$persistent,
                        EnumParameter<Tile_RasterOrder>:$raster,
                        "int64_t":$group,
                        DefaultValuedParameter<"int64_t", "1">:$splitK,
                        DefaultValuedParameter<"int64_t", "0">:$streamK,
                        DefaultValuedParameter<"bool", "false">:$streamKSpares);
  // `<persistent = P, raster = R, group = G (, split_k = S)?
  //   (, stream_k = W|spares)?>`: GridAttrAssembly.cpp (spares: streamK = 1
  //   and streamKSpares).
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def Tile_ClusterAttr : Tile_Attr<"Cluster", "cluster"> {
  let summary = "thread-block cluster shape and TMA multicast";
  let description = [{
    Blocks are launched in clusters of `[M, N]` blocks (M along the block
    rows of C, N along its block columns) that run at the same time on one
    GPC and can reach each other's shared memory. With `multicast = true`,
    the blocks of a cluster that need the same operand tile load it once:
    the `N` blocks of a cluster row share their A tile and the `M` blocks of
    a cluster column share their B tile; each block loads a slice and the
    TMA multicast writes it to every block that needs it. Each extent is at
    least 1, a cluster has at most 8 blocks (the portable cluster size), and
    multicast needs a cluster of more than one block.

    Example:
    ```mlir
    #tile.cluster<[2, 1], multicast = true>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"int64_t", "M, N">:$shape,
                        Tile_BoolParameter:$multicast);
  let assemblyFormat = "`<` `[` $shape `]` `,` `multicast` `=` $multicast `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Blocks in one cluster.
    int64_t getSize() const;
  }];
}

def Tile_StoreAttr : Tile_Attr<"Store", "store"> {
  let summary = "how the accumulator tile reaches C";
  let description = [{
    The store strategy of a schedule: how each block writes its tile of C.
    It says nothing about what is computed on the way (that is the op's
    `#tile.epilogue`), so one schedule serves every epilogue.

    - `tma`: the accumulators, converted to C's element type (after the
      op's fused epilogue, if any), go to a `BM×BN` staging tile in shared
      memory, which TMA stores write to C (a column-major C down its
      columns: the staging tile holds C's transpose). wgmma schedules only.
    - `vector`: the same staging tile (f32), written to C by all threads
      with coalesced 16-byte vector stores.
    - `direct`: each thread stores its accumulator fragments straight from
      registers. A schedule without `store` stores `direct`.

    The staging tile takes `BM·BN·sizeof(C)` bytes of shared memory. With
    `rounds = R` (`tma` only, default 1) it takes 1/R of that: each
    consumer warpgroup stores its `WM×WN` part of C in R rounds of `WN/R`
    columns, writing the next round only once the previous round's TMA
    stores have read the staging part (`cp.async.bulk.wait_group.read`).
    That is what lets a persistent grid, whose staging tile cannot reuse
    the stages, keep an f32 C of a 128×256 tile (128 KiB) next to 3 stages.
    R must divide the warpgroup's 128-byte column panels of C
    (`WN·sizeof(C)/128`). With `staging_buffers = 2` (`tma` with an even
    number of rounds) each warpgroup has two such parts and the rounds
    alternate between them: a round waits only for the stores of the round
    before the previous one, so its writes overlap the previous round's
    TMA reads (the staging takes twice the bytes of one round).

    Constraints: `rounds` at least 1 and above 1 only with `tma`;
    `staging_buffers` 1 or 2, and 2 only with an even `rounds`. The op's
    verifier checks the store against the MMA kind, the layouts and the
    shared-memory budget.

    Examples:
    ```mlir
    #tile.store<tma>
    #tile.store<tma, rounds = 2>
    #tile.store<tma, rounds = 8, staging_buffers = 2>
    #tile.store<vector>
    ```
  }];
  let parameters = (ins
    EnumParameter<Tile_EpilogueStore>:$kind,
    DefaultValuedParameter<"int64_t", "1">:$rounds,
    DefaultValuedParameter<"int64_t", "1">:$staging_buffers);
  let assemblyFormat = [{
    `<` $kind (`,` struct($rounds, $staging_buffers)^)? `>`
  }];
  let genVerifyDecl = 1;
  let builders = [
    AttrBuilder<(ins "EpilogueStore":$kind), [{
      return $_get($_ctxt, kind, 1, 1);
    }]>
  ];
}

def Tile_EpilogueAttr : Tile_Attr<"Epilogue", "epilogue"> {
  let summary = "element-wise operations fused into the GEMM's store of C";
  let description = [{
    What `tile.gemm` computes on its way to C, beyond the conversion of the
    f32 accumulator to C's element type. It belongs to the op, not to the
    schedule: the schedule's `#tile.store` says how C is written, whatever
    the epilogue.

    Fields, any subset, in any order in the text (printed in this order,
    only when set; at least one is given):

    - `alpha_beta = true`: scale by the f32 scalars alpha and beta, reading
      C's old value in place (`alpha·acc + beta·C`);
    - `bias = row | column`: add a bias vector of C's element type, indexed
      by C's row (M entries) or column (N entries);
    - `activation = relu | gelu_tanh | gelu_erf | silu`;
    - `residual = true`: add an M×N matrix of C's element type and major
      order (the runtime passes it with C's leading dimension) after the
      activation; for batched operands one such matrix per batch entry
      (the runtime passes it with C's batch stride too).

    All math is in f32, in this order, before the one rounding to C's type:

        D = activation(alpha·acc + beta·C + bias) + residual

    (without `alpha_beta`, alpha = 1 and beta = 0 and C is not read). Each
    field asks for an operand of `tile.gemm` (`alpha`, `beta`, `bias`,
    `residual`), which becomes a kernel argument after the existing ones.
    GELU: `gelu_tanh` is 0.5·x·(1 + tanh(√(2/π)·(x + 0.044715·x³))),
    `gelu_erf` 0.5·x·(1 + erf(x/√2)); SiLU is x·sigmoid(x).

    Precision: the activations' absolute error is at most a fixed fraction
    of |x|: 2^-22 for `gelu_erf` (libdevice's erff, as PyTorch computes
    it; below x ≈ -5.5, where GELU is under 1e-7 in magnitude, the f32 sum
    1 + erf rounds to 0), 2^-12 for `gelu_tanh` and SiLU, which use
    `tanh.approx.f32` (relative error up to about 2^-11). The runtime's
    checks allow for exactly this (runtime/ToleranceFactor.h).

    Constraints (checked by the op's verifier): each field's operand is
    present exactly when the field is set; a fused epilogue into a
    column-major C needs a staging store (`#tile.store<tma>` or
    `<vector>`) unless the schedule is ffma.

    Examples:
    ```mlir
    #tile.epilogue<bias = column, activation = gelu_tanh>
    #tile.epilogue<alpha_beta = true, bias = row, activation = silu,
                   residual = true>
    ```
  }];
  let parameters = (ins
    DefaultValuedParameter<"bool", "false">:$alphaBeta,
    DefaultValuedParameter<"EpilogueBias", "EpilogueBias::none">:$bias,
    DefaultValuedParameter<"EpilogueActivation",
                           "EpilogueActivation::none">:$activation,
    DefaultValuedParameter<"bool", "false">:$residual);
  // `<field = value (, field = value)*>`: EpilogueAttrAssembly.cpp.
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    /// Whether anything beyond the conversion to C's type is fused.
    bool hasFusedOperations() const {
      return getAlphaBeta() || getBias() != EpilogueBias::none ||
             getActivation() != EpilogueActivation::none || getResidual();
    }
    /// The same epilogue computed as C^T = B^T·A^T
    /// (tile-exchange-operands): a bias per row of C is one per column of
    /// C^T and back; everything else is the same.
    EpilogueAttr getForTransposedProblem() const;
  }];
}

def Tile_ScalingAttr : Tile_Attr<"Scaling", "scaling"> {
  let summary = "how an 8-bit GEMM's f32 scales multiply its product";
  let description = [{
    What an FP8 `tile.gemm` (A and B `f8E4M3FN` or `f8E5M2`) computes before
    its epilogue. A and B hold quantized values; `scale_a` and `scale_b`
    (f32, operands of the op) say what each stands for:

        acc[i][j] = Σ_kb sa(i, kb) · sb(kb, j) · Σ_{k in kb} A[i][k]·B[k][j]

    over the K blocks `kb` of 128 elements, where

    - `a = tensor`: `sa` is one scalar, `scale_a : memref<f32>`;
    - `a = row`: `sa(i) = scale_a[i]`, `memref<?xf32>` of M entries;
    - `a = block_1x128`: `sa(i, kb) = scale_a[i, kb]`, an M × ⌈K/128⌉
      `memref<?x?xf32>` (DeepSeek-V3's activation scales; store it
      M-contiguous, `strided<[1, ?], offset: ?>`, as PyTorch does);
    - `b = tensor`: one scalar;
    - `b = column`: `sb(j) = scale_b[j]`, N entries;
    - `b = block_128x128`: `sb(kb, j) = scale_b[kb, j / 128]`, a ⌈K/128⌉ ×
      ⌈N/128⌉ `memref<?x?xf32>` (a weight's scales; stored as the
      ⌈N/128⌉ × ⌈K/128⌉ row-major array beside an N×K weight, that is
      `strided<[1, ?], offset: ?>`).

    Batched GEMMs (3-D A, B and C) compute `C[b]` from `A[b]`, `B[b]` and
    the scales of entry `b`. Each scale operand either has the shape above
    and serves every entry (weights quantized once), or has a leading batch
    dimension and gives each entry its own (as batched attention quantizes
    each head's tensors): `scale_a : memref<?xf32>` of one scalar per entry
    (`a = tensor`), `memref<?x?xf32>` batch × M (`row`), batch × M ×
    ⌈K/128⌉ (`block_1x128`); likewise batch × N and batch × ⌈K/128⌉ ×
    ⌈N/128⌉ for B. The batch stride is a dynamic stride of the operand, so
    a stride of 0 shares one set too.

    `fast_accumulation` (default false) is about precision, so it is part of
    what is computed: wgmma sums 8-bit products in an accumulator of about
    22 significant bits. With `false` the partial sums of every 128 K
    elements are added into separate f32 registers (multiplied by their
    scales on the way where the scales are per block); with `true` the
    accumulator alone sums all of K, as cuBLASLt's
    `CUBLASLT_MATMUL_DESC_FAST_ACCUM` does. Block scales always promote
    every 128 K elements, so they take `fast_accumulation = false`.

    The epilogue then applies to `acc` as for any GEMM (cuBLASLt's
    `D = alpha·scale_a·scale_b·(A·B) + beta·C`, plus bias and activation).

    The output side is the op's too, not the scaling's: an `f8E4M3FN` C
    takes `scale_d` and holds `saturate(D · scale_d)`, and `amax` receives
    max |D| before `scale_d` (see `tile.gemm`; cuBLASLt's D scale and amax
    pointers). amax is maxed into atomically: zero it before each launch.

    Examples:
    ```mlir
    #tile.scaling<a = tensor, b = tensor>
    #tile.scaling<a = tensor, b = tensor, fast_accumulation = true>
    #tile.scaling<a = row, b = column>
    #tile.scaling<a = block_1x128, b = block_128x128>
    ```
  }];
  let parameters = (ins
    EnumParameter<Tile_ScaleA>:$a,
    EnumParameter<Tile_ScaleB>:$b,
    DefaultValuedParameter<"bool", "false">:$fast_accumulation);
  let assemblyFormat = [{
    `<` struct($a, $b, $fast_accumulation) `>`
  }];
  let extraClassDeclaration = [{
    /// Whether the kernel adds every 128 K elements' partial sums into
    /// separate f32 registers (with their scales, for block scales).
    bool promotesPartialSums() const {
      return !getFastAccumulation() || hasBlockScales();
    }
    /// Whether either operand is scaled per 128 K elements.
    bool hasBlockScales() const {
      return getA() == ScaleA::block_1x128 || getB() == ScaleB::block_128x128;
    }
  }];
}

def Tile_ScheduleAttr : Tile_Attr<"Schedule", "schedule"> {
  let summary = "how a GEMM maps onto a GPU";
  let description = [{
    The whole schedule of a GEMM, from the grid down to the tensor-core
    instruction:

    - `chip`: target, `sm_80` … `sm_90a`;
    - `block = [BM, BN, BK]`: the C tile of one thread block and its K step;
    - `warp = [WM, WN]`: the C tile of one warp (`mma.sync`: the block has
      `(BM/WM)·(BN/WN)` warps) or of one warpgroup of 4 warps (`wgmma`: that
      many warpgroups);
    - `mma`: the tensor-core instruction and shape;
    - `elements`: element types of A, B, C and the accumulator;
    - `smem_a`, `smem_b`: shared-memory layout of each operand tile
      (`#tile.swizzle<bytes>` or `#tile.pad<elements>`);
    - `pipeline`: number of stages and how operands are loaded.

    Optional trailing fields, in this order, each printed only when set:

    - `specialization`: a producer warpgroup feeds consumer warpgroups
      (`#tile.warp_specialization`); without it every warp loads and
      computes;
    - `grid`: tile launch order and persistence (`#tile.grid`); without it,
      one block per tile in row-major tile order;
    - `cluster`: thread-block clusters and TMA multicast (`#tile.cluster`);
      without it, clusters of one block;
    - `store`: how the accumulators reach C (`#tile.store`); without it,
      `direct`.

    What the GEMM computes (element types aside) is not here: the fused
    epilogue is the op's `#tile.epilogue`, so one schedule serves many
    epilogues.

    Examples:
    ```mlir
    #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 64],
                   mma = #tile.mma<sync, [16, 8, 16]>,
                   elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
                   smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
                   pipeline = #tile.pipeline<stages = 4, load = cp_async>>

    #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
                   mma = #tile.mma<wgmma, [64, 256, 16]>,
                   elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
                   smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
                   pipeline = #tile.pipeline<stages = 3, load = tma>,
                   specialization = #tile.warp_specialization<producer_registers = 40,
                                                              consumer_registers = 232>,
                   grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
                   cluster = #tile.cluster<[2, 1], multicast = true>,
                   store = #tile.store<tma>>
    ```
  }];
  let parameters = (ins
    StringRefParameter<"target chip">:$chip,
    ArrayRefParameter<"int64_t", "BM, BN, BK">:$block,
    ArrayRefParameter<"int64_t", "WM, WN">:$warp,
    "MmaAttr":$mma,
    "ElementTypesAttr":$elements,
    "::mlir::Attribute":$smemA,
    "::mlir::Attribute":$smemB,
    "PipelineAttr":$pipeline,
    OptionalParameter<"WarpSpecializationAttr",
                      "producer/consumer warpgroups">:$specialization,
    OptionalParameter<"GridAttr", "tile order, persistence">:$grid,
    OptionalParameter<"ClusterAttr", "block clusters">:$cluster,
    OptionalParameter<"StoreAttr", "how C is stored">:$store);
  // `<chip = ..., block = [..], warp = [..], mma = ..., elements = ...,
  //   smem_a = ..., smem_b = ..., pipeline = ... (, optional field = ...)*>`
  // (the optional fields in any order): ScheduleAttrAssembly.cpp, which also
  // records where each field was written (ScheduleFieldLocations.h).
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    int64_t getBlockM() const { return getBlock()[0]; }
    int64_t getBlockN() const { return getBlock()[1]; }
    int64_t getBlockK() const { return getBlock()[2]; }
    int64_t getWarpM() const { return getWarp()[0]; }
    int64_t getWarpN() const { return getWarp()[1]; }
    /// Warps (mma.sync) or warpgroups (wgmma) along M and N.
    int64_t getWarpsM() const { return getBlockM() / getWarpM(); }
    int64_t getWarpsN() const { return getBlockN() / getWarpN(); }
    // What kernels of the schedule need (threads, shared memory, staging)
    // is an analysis of it: dialect/ScheduleResources.h.
    int64_t getStages() const { return getPipeline().getStages(); }
    bool isWgmma() const { return getMma().getKind() == MmaKind::wgmma; }
    bool isFfma() const { return getMma().getKind() == MmaKind::ffma; }
    bool isDot() const { return getMma().getKind() == MmaKind::dot; }
    /// Whether kernels of this schedule take any M, N, K >= 1 and any row
    /// pitch: wgmma (TMA fills past the edges; the runtime stages operands
    /// TMA cannot read), ffma (a guarded main loop for edge blocks and
    /// unaligned rows) and mma.sync with `ragged = true` (PipelineAttr).
    /// Other mma.sync kernels need whole tiles and 16-byte rows.
    bool takesAnyShape() const {
      return isWgmma() || isFfma() || isDot() || getPipeline().getRagged();
    }
    /// Whether kernels of this schedule come with a whole-tile variant,
    /// which the host and the runtime launch instead of the any-shape
    /// kernel where the tiles divide the problem and every operand is
    /// 16-byte aligned: an mma.sync schedule with `ragged = true` (its
    /// variant, the schedule without it, is 10-20 % faster there) and an
    /// ffma one (its variant holds only the interior main loop, none
    /// guarded beside it: fewer registers, 0.3-1 %).
    bool hasWholeTileVariant() const {
      return isFfma() || (!isWgmma() && getPipeline().getRagged());
    }
    /// The schedule of the whole-tile variant: an mma.sync schedule without
    /// `ragged = true`; an ffma schedule as it is (tile-outline-kernel marks
    /// the variant's kernel, and tile-simt-mma gives it the interior loop
    /// only).
    ScheduleAttr getWholeTileVariant() const;
    bool isTma() const { return getPipeline().getLoad() == LoadKind::tma; }
    bool isWarpSpecialized() const { return bool(getSpecialization()); }
    bool isPersistent() const { return getGrid() && getGrid().getPersistent(); }
    /// The launch order; a schedule without `grid` launches tiles row-major.
    RasterOrder getRasterOrder() const;
    int64_t getRasterGroup() const;
    /// Blocks that share one tile of C along K; 1 without `split_k`.
    int64_t getSplitK() const { return getGrid() ? getGrid().getSplitK() : 1; }
    /// Whether the persistent grid balances its last tiles along K.
    bool isStreamK() const { return getStreamKWaves() > 0; }
    /// The waves balanced along K under `stream_k`; 0 without it.
    int64_t getStreamKWaves() const {
      return getGrid() ? getGrid().getStreamK() : 0;
    }
    /// Whether `stream_k = spares`: the partial last wave's idle blocks
    /// compute the first K steps of its tiles.
    bool isStreamKBySpares() const {
      return getGrid() && getGrid().getStreamKSpares();
    }
    /// Whether kernels of this schedule take an fp32 workspace and per-tile
    /// counters (split_k or stream_k).
    bool hasKWorkspace() const { return getSplitK() > 1 || isStreamK(); }
    /// Blocks per cluster along M and N; [1, 1] without `cluster`.
    std::array<int64_t, 2> getClusterShape() const;
    int64_t getClusterSize() const;
    bool isMulticast() const { return getCluster() && getCluster().getMulticast(); }
    /// How C is stored; `direct` without `store`.
    EpilogueStore getEpilogueStore() const;
    /// Rounds in which each consumer warpgroup TMA-stores its part of C
    /// through a staging tile of 1/rounds of it; 1 without `store`.
    int64_t getEpilogueStoreRounds() const;
    /// Staging parts per consumer warpgroup the rounds alternate between.
    int64_t getEpilogueStagingBuffers() const;
    /// Sets of consumer warpgroups that take tiles in turns (the
    /// specialization's consumer_groups; 1 without specialization).
    int64_t getConsumerGroups() const;
  }];
}

#endif // GEMM_OPT_DIALECT_TILEATTRS_TD
