// REQUIRES: ptxas
// RUN: gemm-translate %s --to-ptx -o %t.ptx
// RUN: FileCheck %s --input-file %t.ptx
// RUN: FileCheck %s --input-file %t.ptx --check-prefix=COPY
// RUN: FileCheck %s --input-file %t.ptx --check-prefix=ZFILL
// RUN: FileCheck %s --input-file %t.ptx --check-prefix=ELEMENTS
// RUN: FileCheck %s --input-file %t.ptx --check-prefix=LDMATRIX
// RUN: FileCheck %s --input-file %t.ptx --check-prefix=TRANS
// RUN: FileCheck %s --input-file %t.ptx --check-prefix=MMA
// RUN: FileCheck %s --input-file %t.ptx --check-prefix=BARRIER
// RUN: FileCheck %s --input-file %t.ptx --check-prefix=REGS
// RUN: FileCheck %s --input-file %t.ptx --check-prefix=STORE
// RUN: FileCheck %s --input-file %t.ptx --check-prefix=EDGESTORE
// RUN: FileCheck %s --input-file %t.ptx --check-prefix=ELEMSTORE
// RUN: FileCheck %s --input-file %t.ptx --check-prefix=WHOLE
// ptxas accepts the PTX for the chip the schedule names.
// RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin
// The bundle says the kernel takes any shape and pitch.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: gemm-translate %s --to-bundle -o %t.dir/kernel.json
// RUN: FileCheck %s --input-file %t.dir/kernel.json --check-prefix=META

// A bf16 sm_90a schedule with ragged = true in PTX (to-ptx-sm90a.mlir has
// it without). LLVM reorders the blocks, so each instruction family is
// counted on its own, up to the second kernel of the image: the whole-tile
// variant (passes/common/WholeTileDispatch.h). The main loop comes three times
// (passes/mma_sync/CpAsyncTileCopies.h): for interior blocks, for edge blocks with
// 16-byte aligned rows and for unaligned rows.

#sched = #tile.schedule<chip = "sm_90a", block = [64, 64, 32], warp = [32, 32],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async, ragged = true>>

// CHECK:       .version 8.0
// CHECK-NEXT:  .target sm_90a
// CHECK-NEXT:  .address_size 64
// CHECK-LABEL: .visible .entry gemm_bf16_kernel(
// CHECK:       .maxntid 128, 1, 1
// CHECK-DAG:   cp.async.cg.shared.global [{{.+}}], [{{.+}}], 16;
// CHECK-DAG:   cp.async.commit_group;
// CHECK-DAG:   cp.async.wait_group 1;
// CHECK-DAG:   bar.sync 0;
// CHECK-DAG:   ldmatrix.sync.aligned.m8n8.x4.shared.b16 {{{.+}}}, [{{.+}}];
// CHECK-DAG:   ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {{{.+}}}, [{{.+}}];
// CHECK-DAG:   mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
// CHECK-DAG:   cp.async.wait_group 0;
// CHECK-DAG:   st.global.v2.b16
// CHECK:       ret;

// Each thread copies 2 A and 2 B 16-byte chunks of a K tile: 3 copy sites
// (2 prologue tiles, 1 refill per iteration) x 4 = 12 copies in each loop:
// whole chunks in the interior one, chunks with a source size (zero-filled
// past the edges) in the edge one; where rows are not aligned, 8 element
// loads a chunk at one site (that loop is not pipelined): 32.
// COPY-LABEL: .entry gemm_bf16_kernel(
// COPY-COUNT-12: cp.async.cg.shared.global [{{.+}}], [{{.+}}], 16;
// COPY-NOT:      cp.async.cg.shared.global [{{.+}}], [{{.+}}], 16;
// COPY-LABEL: .entry gemm_bf16_kernel_whole_tiles(
// ZFILL-LABEL: .entry gemm_bf16_kernel(
// ZFILL-COUNT-12: cp.async.cg.shared.global [{{.+}}], [{{.+}}], 16, %r{{[0-9]+}};
// ZFILL-NOT:      cp.async.cg.shared.global [{{.+}}], [{{.+}}], 16, %r
// ZFILL-LABEL: .entry gemm_bf16_kernel_whole_tiles(
// ELEMENTS-LABEL: .entry gemm_bf16_kernel(
// ELEMENTS-COUNT-32: ld.global.b16
// ELEMENTS-NOT:      ld.global
// ELEMENTS-LABEL: .entry gemm_bf16_kernel_whole_tiles(

// One K step's fragments are 2 A ldmatrix.x4 and 2 B ldmatrix.x4.trans per
// warp, loaded at 3 sites: step 0 of tile 0 before the loop, step 1 of tile t
// and (guarded) step 0 of tile t + 1 in the loop: 3 x 4 = 12 in each of the
// two pipelined loops, 6 of them transposed, and 2 x 4 in the unaligned
// loop (one site per K step): 32, 16 transposed.
// LDMATRIX-LABEL: .entry gemm_bf16_kernel(
// LDMATRIX-COUNT-32: ldmatrix.sync.aligned.m8n8.x4{{(.trans)?}}.shared.b16
// LDMATRIX-NOT:      ldmatrix
// LDMATRIX-LABEL: .entry gemm_bf16_kernel_whole_tiles(
// TRANS-LABEL: .entry gemm_bf16_kernel(
// TRANS-COUNT-16: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// TRANS-NOT:      ldmatrix.sync.aligned.m8n8.x4.trans
// TRANS-LABEL: .entry gemm_bf16_kernel_whole_tiles(

// 2 K steps x (2 x 4) m16n8k16 tiles per warp = 16 a loop.
// MMA-LABEL: .entry gemm_bf16_kernel(
// MMA-COUNT-48: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
// MMA-NOT:      mma.sync
// MMA-LABEL: .entry gemm_bf16_kernel_whole_tiles(

// One barrier before each pipelined loop and one at the last K step of
// each tile; the unaligned loop's two per tile.
// BARRIER-LABEL: .entry gemm_bf16_kernel(
// BARRIER-COUNT-6: bar.sync 0;
// BARRIER-NOT:     bar.sync
// BARRIER-LABEL: .entry gemm_bf16_kernel_whole_tiles(

// The entry-block allocas of fragments and accumulators became registers:
// no local memory.
// REGS:     .entry gemm_bf16_kernel(
// REGS-NOT: .local

// A thread's 16 pairs of C: one 4-byte vector store each where the block's
// tile lies inside C and C's rows are 16-byte aligned; elsewhere a pair
// inside C and aligned takes one 4-byte store, any other pair's elements
// one 2-byte store each where they lie inside C.
// META:      "min_alignment_bytes": 2,
// META:      "ptxas_info": "{{.*}} 0 bytes spill stores, 0 bytes spill loads
// META:      "requires_divisible": {
// META-NEXT:   "k": 1,
// META-NEXT:   "m": 1,
// META-NEXT:   "n": 1
// META:      "whole_tile_variant": {
// META-NEXT:   "dynamic_shared_memory_bytes": 24576,
// META-NEXT:   "min_alignment_bytes": 16,
// META-NEXT:   "name": "gemm_bf16_kernel_whole_tiles",
// META-NEXT:   "requires_divisible": {
// META-NEXT:     "k": 32,
// META-NEXT:     "m": 64,
// META-NEXT:     "n": 64

// STORE-LABEL: .entry gemm_bf16_kernel(
// STORE-COUNT-16: st.global.v2.b16
// STORE-NOT:      st.global.v2
// STORE-LABEL: .entry gemm_bf16_kernel_whole_tiles(
// EDGESTORE-LABEL: .entry gemm_bf16_kernel(
// EDGESTORE-COUNT-16: st.global.b32
// EDGESTORE-NOT:      st.global.b32
// EDGESTORE-LABEL: .entry gemm_bf16_kernel_whole_tiles(
// ELEMSTORE-LABEL: .entry gemm_bf16_kernel(
// ELEMSTORE-COUNT-32: st.global.b16
// ELEMSTORE-NOT:      st.global.b16
// ELEMSTORE-LABEL: .entry gemm_bf16_kernel_whole_tiles(
// The whole-tile variant is the kernel of the schedule without ragged
// (to-ptx-sm90a.mlir): one pipelined loop of whole 16-byte copies, 16
// vector stores of C, no element loads or stores, no local memory.
// WHOLE-LABEL: .entry gemm_bf16_kernel_whole_tiles(
// WHOLE-COUNT-12: cp.async.cg.shared.global [{{.+}}], [{{.+}}], 16;
// WHOLE-NOT:      cp.async.cg.shared.global [{{.+}}], [{{.+}}], 16, %r
// WHOLE-NOT:      ld.global
// WHOLE-NOT:      .local
// WHOLE-COUNT-16: st.global.v2.b16
// WHOLE-NOT:      st.global.b16
// WHOLE-NOT:      st.global.b32
// WHOLE:          ret;
func.func @gemm_bf16(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}
