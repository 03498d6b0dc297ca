//===- Passes.td - tile dialect lowering passes ------------*- tablegen -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_PASSES_TD
#define GEMM_OPT_PASSES_PASSES_TD

include "mlir/Pass/PassBase.td"

def TileOutlineKernelPass : Pass<"tile-outline-kernel", "mlir::ModuleOp"> {
  let summary = "Moves each tile.gemm into a GPU kernel and launches it";
  let description = [{
    For every `tile.gemm` in a host function, creates a `gpu.module` holding a
    `gpu.func` kernel that takes A, B and C as strided memrefs (M, N, K and the
    leading dimensions travel inside their descriptors) and replaces the op by
    a `gpu.launch_func` over a `ceil(N/BN) × ceil(M/BM)` grid with the
    schedule's block size and dynamic shared memory.

    An mma.sync schedule with `ragged = true` gets a second kernel in the same
    `gpu.module`, `<name>_kernel_whole_tiles` (marked
    `tile.whole_tile_variant`): the schedule without `ragged`, which runs
    10-20 % faster but needs whole tiles and 16-byte aligned rows. The host
    launches it under an `scf.if` that checks M, N and K against the block
    tile and the addresses, leading dimensions and batch strides of A, B, C,
    the bias and the residual against 16 bytes, and the any-shape kernel
    otherwise (passes/common/WholeTileDispatch.h).

    With `tensor-maps-by-value`, TMA kernels are marked to take their tensor
    maps as `__grid_constant__` parameters (tile-tensor-maps-by-value) and
    C's map with an i32 after it that says whether it is there; by default
    they take pointers to maps in global memory, C's null where C cannot
    take TMA stores.
  }];
  let options = [
    Option<"tensorMapsByValue", "tensor-maps-by-value", "bool",
           /*default=*/"false",
           "TMA kernels take their tensor maps by value">
  ];
  let dependentDialects = ["mlir::gpu::GPUDialect", "mlir::arith::ArithDialect",
                           "mlir::memref::MemRefDialect", "mlir::nvgpu::NVGPUDialect",
                           "mlir::LLVM::LLVMDialect", "mlir::scf::SCFDialect"];
}

def TileExchangeOperandsPass
    : Pass<"tile-exchange-operands", "mlir::ModuleOp"> {
  let summary = "Runs tf32 GEMMs on row-major A and B, and ffma GEMMs into "
                "a column-major C, as C^T = B^T·A^T";
  let description = [{
    tf32 wgmma reads B only K-major from shared memory, and ffma (SIMT)
    kernels write C only row-major. For a host `tile.gemm` with f32 inputs
    on a wgmma schedule with row-major A and B that fuses no residual, or
    one on an ffma schedule into a column-major C, this pass computes the
    same result as `C^T = B^T·A^T`: it makes the GEMM read
    `memref.transpose` views of B (as A), A (as B), C and the residual
    (tf32: both column-major, A read from registers and B K-major; ffma:
    C^T row-major), gives its schedule the bias on the other side (a row of
    C is a column of C^T), and marks it `tile.exchanged_operands`.
    Nothing is copied. A GEMM whose exchanged form its schedule cannot take
    (the op's verifier says so) keeps its operands; a tf32 GEMM's row-major
    B then gets a staged copy (`tile-stage-transposed-operands`). The
    kernel and its bundle entry (`"source_layouts"`) record the exchange.
  }];
  let dependentDialects = ["mlir::memref::MemRefDialect"];
}

def TileStageTransposedOperandsPass
    : Pass<"tile-stage-transposed-operands", "mlir::ModuleOp"> {
  let summary = "Gives tf32 GEMMs a K-major copy of a row-major B";
  let description = [{
    tf32 wgmma reads only K-major operands from shared memory; a
    column-major A is read from registers instead, but B has no register
    form. For a host `tile.gemm` with f32 inputs on a wgmma schedule whose B
    is row-major, this pass allocates a device buffer, fills it with B's
    K-major copy by a `tile.transpose` (marked `tile.staged_operand = "b"`;
    its rows padded to 16 bytes so TMA can read them) and lets the GEMM read
    the copy; the buffer is freed after the GEMM. A batched B gets a batch of
    copies. `tile-outline-kernel` puts that transpose's kernel into the
    GEMM's `gpu.module` and the bundle describes it inside the GEMM's entry
    (`"staged_transposes"`), so the runtime refreshes the copy before each
    launch.
  }];
  let dependentDialects = ["mlir::gpu::GPUDialect", "mlir::arith::ArithDialect",
                           "mlir::memref::MemRefDialect"];
}

def TileBlockTilePass : Pass<"tile-block-tile"> {
  let summary = "Splits a kernel's tile.gemm into its block tile and K loop";
  let description = [{
    Inside a kernel, replaces `tile.gemm` by the work of one thread block: the
    `BM×BN` tile of C picked by the block index, a zero accumulator, an
    `scf.for` over K in steps of BK whose body multiplies the block's A and B
    tiles (`tile.block_mma` on views of global memory), and the store of the
    accumulator (`tile.store_accumulator`).
  }];
  let dependentDialects = ["mlir::gpu::GPUDialect", "mlir::arith::ArithDialect",
                           "mlir::memref::MemRefDialect", "mlir::scf::SCFDialect"];
}

def TilePipelineCopiesPass : Pass<"tile-pipeline-copies"> {
  let summary = "Stages A and B tiles through shared memory with a cp.async pipeline";
  let description = [{
    Rewrites each K loop whose `tile.block_mma` reads global memory into a
    multi-stage software pipeline: `stages` shared buffers per operand
    (`tile.alloc_shared`), a prologue that starts the copies of the first
    `stages - 1` K tiles, and a loop over K tiles that, per K step of the
    MMA (unrolled), loads the operand fragments of the next step
    (`tile.load_fragments`) before multiplying the current one
    (`tile.mma_fragments`). The last step of tile `t` waits for tile `t+1`,
    synchronizes the block and loads tile `t+1`'s first step, so the
    barrier never starves the tensor cores; the first step starts the copy of
    tile `t + stages - 1` into the buffer tile `t - 1` freed. Each thread
    copies 16-byte chunks with `nvgpu.device_async_copy` (cp.async.cg),
    consecutive threads taking consecutive chunks of a row so global reads
    coalesce.
  }];
  let dependentDialects = ["mlir::gpu::GPUDialect", "mlir::arith::ArithDialect",
                           "mlir::memref::MemRefDialect", "mlir::scf::SCFDialect",
                           "mlir::nvgpu::NVGPUDialect", "mlir::NVVM::NVVMDialect",
                           "mlir::vector::VectorDialect"];
}

def TileWarpSpecializePass : Pass<"tile-warp-specialize"> {
  let summary = "Lowers wgmma schedules to a warp-specialized TMA/wgmma kernel";
  let description = [{
    Rewrites the block-tiled K loop of a `#tile.mma<wgmma, ...>` schedule
    into Hopper's warp-specialized main loop: a producer warpgroup (its
    registers reduced with setmaxnreg) waits on `empty` mbarriers and issues
    TMA loads of A and B into 128-byte-swizzled stages that complete on
    `full` mbarriers; consumer warpgroups (registers raised) wait on them and
    run `nvgpu.warpgroup.mma` straight from shared memory, releasing each
    stage once its wgmma group has retired; the epilogue stages the f32
    accumulators through shared memory and writes C with 16-byte stores.
    The kernel takes the tensor maps of A and B as pointer arguments
    (tile-outline-kernel adds them). mma.sync schedules are left alone.

    Each operand's major order (the kernel's `tile.layouts`) picks its TMA
    boxes and wgmma operand form (passes/hopper/WgmmaStageOperands.h): column-major
    A is loaded in 64-row M-major panels and read transposed, column-major B
    in one K-major box and read non-transposed; any pair but row-major A and
    B is issued as single m64nNk16 `nvvm.wgmma.mma_async` instructions whose
    descriptors step as the layout says. A column-major C is written down
    its columns (passes/epilogue/StagingColumnStore.h).
  }];
  // LLVM: the fused GELU's llvm.intr.tanh (passes/epilogue/FusedEpilogue.cpp) and
  // the stream-K counter's fence and acquire loads (passes/hopper/StreamKFixup.cpp).
  let dependentDialects = ["mlir::gpu::GPUDialect", "mlir::arith::ArithDialect",
                           "mlir::memref::MemRefDialect", "mlir::scf::SCFDialect",
                           "mlir::vector::VectorDialect", "mlir::math::MathDialect",
                           "mlir::nvgpu::NVGPUDialect", "mlir::NVVM::NVVMDialect",
                           "mlir::LLVM::LLVMDialect"];
}

def TileSimtMmaPass : Pass<"tile-simt-mma"> {
  let summary = "Lowers ffma schedules to an SGEMM main loop on the CUDA cores";
  let description = [{
    Rewrites the block-tiled K loop of a `#tile.mma<ffma, [TM, TN, 1]>`
    schedule (f32 A, B, C) into a software-pipelined SIMT main loop: each
    thread accumulates a TM×TN register tile, made of 4×4 sub-tiles spread
    over the warp tile (lanes interleaved in pairs so that every 128-bit
    fragment load takes 2 shared-memory cycles), with `fma.rn.f32` outer
    products; per K step it reads its A and B fragments with 128-bit
    shared-memory loads from A stored transposed (BK rows of BM) and B
    stored as it is, and the next K step's fragments load while the current
    one multiplies. With 2 stages A is loaded with 128-bit global loads and
    stored element-wise, B copied with 16-byte cp.async; with more, A is
    copied element by element with 4-byte cp.async into its transposed
    place and S-1 K tiles are in flight. One barrier per K tile, before its
    last K step's FMAs; the epilogue writes C from registers with 128-bit
    stores. Thread tiles of 128 or more accumulators order each K step's FMAs
    in 2×2 blocks for FFMA operand reuse, which only ptxas -O1 keeps: their
    kernels get `tile.ptxas_opt_level = 1 : i32`, which gemm-translate and
    the JIT follow. Other schedules are left alone.
  }];
  let options = [
    Option<"fmaOrder", "fma-order", "std::string", /*default=*/"\"auto\"",
           "Order of a K step's FMAs: auto (2x2 blocks, marked for ptxas -O1, "
           "for tiles of 128 or more accumulators, else rows), rows or "
           "blocks (experiments)">
  ];
  let dependentDialects = ["mlir::gpu::GPUDialect", "mlir::arith::ArithDialect",
                           "mlir::memref::MemRefDialect", "mlir::scf::SCFDialect",
                           "mlir::vector::VectorDialect", "mlir::nvgpu::NVGPUDialect",
                           "mlir::NVVM::NVVMDialect", "mlir::LLVM::LLVMDialect",
                           "mlir::math::MathDialect"];
}

def TileDotProductsPass : Pass<"tile-dot-products"> {
  let summary = "Lowers dot schedules to kernels that stream B for thin GEMMs";
  let description = [{
    Rewrites the block-tiled K loop of a `#tile.mma<dot, ...>` schedule
    (bf16 or f16 A and B, f32 accumulation) into a kernel bound by the
    bandwidth of reading B, for decode's GEMMs.

    Along K, `[1, 1, V]` (A row-major, B column-major): each warp owns
    BM×WN outputs, and each lane reads V consecutive K elements of every
    row of A and column of B it needs with one 16-byte global load
    (BK/(32·V) of them per column in flight), multiplies and adds them in
    f32 and, after K, sums its accumulators with the other lanes' through
    xor shuffles; lane t stores output t through the fused epilogue. No
    shared memory.

    Along N, `[1, V, U]` (A and B row-major): each lane owns V consecutive
    columns of all BM rows and reads them from U rows of B per step with
    16-byte loads; the block's BK / U warps along K split each step, meet
    in shared memory, and with split_k the blocks of a tile meet in the
    split-K workspace; the tile goes to C through the fused epilogue.

    Rows whose base, pitch or length do not take 16-byte loads go element
    by element. Other schedules are left alone.
  }];
  let dependentDialects = ["mlir::gpu::GPUDialect", "mlir::arith::ArithDialect",
                           "mlir::memref::MemRefDialect", "mlir::scf::SCFDialect",
                           "mlir::vector::VectorDialect", "mlir::math::MathDialect"];
}

def TileWarpMmaPass : Pass<"tile-warp-mma"> {
  let summary = "Lowers block MMAs to per-warp ldmatrix and mma.sync";
  let description = [{
    Distributes the block accumulator over the warps (`WM×WN` each) and
    lowers `tile.load_fragments` to `nvgpu.ldmatrix` (A plain, B transposed,
    four 8×8 matrices per instruction), `tile.mma_fragments` to
    `nvvm.mma.sync` m16n8k16 with f32 accumulation, and `tile.block_mma` to
    both. Accumulators and operand fragments live in private buffers at the
    top of the kernel, indexed only by constants, which LLVM promotes to
    registers. `tile.store_accumulator` becomes `tile.store_fragments`.
  }];
  let dependentDialects = ["mlir::gpu::GPUDialect", "mlir::arith::ArithDialect",
                           "mlir::memref::MemRefDialect", "mlir::vector::VectorDialect",
                           "mlir::nvgpu::NVGPUDialect", "mlir::NVVM::NVVMDialect",
                           "mlir::LLVM::LLVMDialect"];
}

def TileLowerEpiloguePass : Pass<"tile-lower-epilogue"> {
  let summary = "Stores accumulator fragments into C";
  let description = [{
    Lowers `tile.store_fragments`: each thread converts its f32 accumulators
    to C's element type and writes pairs of adjacent columns with one vector
    store each.
  }];
  // LLVM: the fused GELU's llvm.intr.tanh (passes/epilogue/FusedEpilogue.cpp) and
  // the stream-K counter's fence and acquire loads (passes/hopper/StreamKFixup.cpp).
  let dependentDialects = ["mlir::gpu::GPUDialect", "mlir::arith::ArithDialect",
                           "mlir::memref::MemRefDialect", "mlir::vector::VectorDialect",
                           "mlir::math::MathDialect", "mlir::LLVM::LLVMDialect",
                           "mlir::scf::SCFDialect"];
}

def TileSharedLayoutPass : Pass<"tile-shared-layout"> {
  let summary = "Applies the shared-memory layouts (swizzle or padding)";
  let description = [{
    Places every `tile.alloc_shared` buffer in the kernel's dynamic shared
    memory and rewrites each `nvgpu.device_async_copy` and `nvgpu.ldmatrix`
    that indexes it logically (`[stage, row, col]`) into a flat index through
    the buffer's layout: `#tile.swizzle<W>` XORs the 16-byte chunk index with
    the row's place in the 8-row repeat inside `W`-byte column panels;
    `#tile.pad<P>` adds `P` elements to every row.
  }];
  let dependentDialects = ["mlir::gpu::GPUDialect", "mlir::arith::ArithDialect",
                           "mlir::memref::MemRefDialect"];
}

def TileCheckChipPass : Pass<"tile-check-chip", "mlir::ModuleOp"> {
  let summary = "Checks that each schedule can be compiled for the target";
  let description = [{
    The op verifier accepts every schedule that is possible on its chip; this
    pass, the first of `lower-to-nvvm`, checks that each `tile.gemm` schedule
    can be compiled for the target, and reports at the op what cannot:

    - when `chip` is set, the schedule must name that chip: a schedule tuned
      and verified for one chip is not silently compiled for another (an
      empty `chip` accepts a schedule for any chip);
    - whatever `chip` is, the schedule must use only features the lowering
      implements. Not yet implemented, each reported as "<feature> lowering
      is not implemented yet": wgmma, TMA loads, warp specialization,
      thread-block clusters, persistent grids, grid rasterization other than
      row-major (`raster = along_n, group = 1`) and `tma` or `vector`
      epilogue stores.
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"\"",
           "Chip the compilation targets; empty accepts a schedule for any chip">
  ];
}

def TileAttachTargetPass : Pass<"tile-attach-target", "mlir::ModuleOp"> {
  let summary = "Attaches an NVVM target to each kernel module";
  let description = [{
    Gives every `gpu.module` holding a tile kernel an `#nvvm.target` for its
    schedule's chip (or `chip`, when set), with the PTX version that chip
    needs unless `features` names one.
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"\"",
           "Chip to target; empty takes each kernel's schedule">,
    Option<"features", "features", "std::string", /*default=*/"\"\"",
           "PTX features, e.g. +ptx80; empty picks the chip's minimum">,
    Option<"optLevel", "opt-level", "int", /*default=*/"3",
           "LLVM optimization level">
  ];
  let dependentDialects = ["mlir::NVVM::NVVMDialect"];
}

def TileTransposePass : Pass<"tile-transpose"> {
  let summary = "Lowers a kernel's tile.transpose through a shared-memory tile";
  let description = [{
    Inside a kernel made by `tile-outline-kernel`, replaces `tile.transpose`
    by the work of one thread block: coalesced loads of its `TR×TC` src tile
    (vector loads where the tile is inside the matrix and the matrices are
    aligned, predicated element loads elsewhere) into a staging tile in
    dynamic shared memory laid out by the schedule's `smem` (#tile.pad or
    #tile.swizzle), a `gpu.barrier`, and coalesced stores of the transposed
    tile into dst, read along the staging tile's columns.
  }];
  let dependentDialects = ["mlir::gpu::GPUDialect", "mlir::arith::ArithDialect",
                           "mlir::memref::MemRefDialect", "mlir::scf::SCFDialect",
                           "mlir::vector::VectorDialect"];
}

def TileCopyPass : Pass<"tile-copy"> {
  let summary = "Lowers a kernel's tile.copy to one block's loads and stores";
  let description = [{
    Inside a kernel made by `tile-outline-kernel`, replaces `tile.copy` by
    the work of one thread block: all of its threads' loads of its `TR×TC`
    src tile, then all of their stores into dst. Each side uses vector
    accesses where the tile lies inside the matrix and the matrix is
    aligned for them, element accesses where it is not, and predicated
    element accesses at the matrix's edges.
  }];
  let dependentDialects = ["mlir::gpu::GPUDialect", "mlir::arith::ArithDialect",
                           "mlir::memref::MemRefDialect", "mlir::scf::SCFDialect",
                           "mlir::vector::VectorDialect"];
}

def TileExternDynamicSharedPass
    : Pass<"tile-extern-dynamic-shared", "mlir::gpu::GPUModuleOp"> {
  let summary = "Makes the dynamic shared memory symbol an extern array";
  let description = [{
    `convert-gpu-to-nvvm` lowers `gpu.dynamic_shared_memory` to a zero-sized
    `llvm.mlir.global internal @__dynamic_shmem__N` in address space 3. The
    NVPTX backend demotes such an internal global into the kernel as a
    one-byte *static* `.shared` variable, laid out among the others (the
    mbarriers): the dynamic data then starts at that byte and overlaps
    them. This pass gives those globals external linkage, which NVPTX emits
    as `.extern .shared .align 1024 .b8 __dynamic_shmem__N[]`, the dynamic
    region after all static shared memory, aligned for 128-byte swizzles
    (1024-byte atoms).
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
}

def TileTensorMapsByValuePass
    : Pass<"tile-tensor-maps-by-value", "mlir::gpu::GPUModuleOp"> {
  let summary = "Passes the kernels' tensor maps as __grid_constant__ "
                "parameters";
  let description = [{
    tile-outline-kernel gives TMA kernels their tensor maps as `!llvm.ptr`
    arguments and, with its `tensor-maps-by-value`, records in
    `tile.tensor_map_arguments` which arguments of the kernel's LLVM
    function they become. After `convert-gpu-to-nvvm` this pass makes each
    of them a 128-byte, 64-byte aligned `byval`
    parameter marked `nvvm.grid_constant` (CUDA's
    `__grid_constant__ const CUtensorMap`): the launch copies the map's
    bytes into the kernel's parameters, and the kernel addresses them
    through a generic pointer into parameter space (`cvta.param`), which
    TMA instructions and `prefetch.tensormap` take. No launch then needs the
    maps in device memory. Kernels without the attribute keep their
    pointers (lower-to-nvvm's default: the by-value kernels measured 0-1%
    slower).

    A kernel with the attribute whose listed arguments are not pointers is
    an error.
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect",
                           "mlir::NVVM::NVVMDialect"];
}

#endif // GEMM_OPT_PASSES_PASSES_TD
