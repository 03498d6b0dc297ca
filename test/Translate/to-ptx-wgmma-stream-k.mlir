// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t/bundle
// RUN: gemm-translate %s --to-ptx -o %t/kernel.ptx
// RUN: FileCheck %s --input-file %t/kernel.ptx
// RUN: FileCheck %s --input-file %t/kernel.ptx --check-prefix=FENCE
// RUN: %ptxas -arch=sm_90a -v %t/kernel.ptx -o %t/kernel.cubin 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PTXAS
// RUN: gemm-translate %s --to-bundle -o %t/bundle/kernel.json
// RUN: FileCheck %s --input-file %t/bundle/kernel.json --check-prefix=BUNDLE

// stream_k = 1: a persistent grid whose blocks take whole tiles for every
// whole wave and share the partial last wave's K steps evenly. A block that
// computed the rest of a tile stores its partial accumulators into its
// workspace slot and counts itself on the tile's counter (a release by one
// thread); the tile's owner waits for the count (acquire loads by one
// thread), adds the slots and stores C through TMA.

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 4, stream_k = 1>,
  store = #tile.store<tma>>

// CHECK-LABEL: .visible .entry gemm_stream_k_kernel(
// CHECK-DAG:   wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16
// The partition runs in 32 bits (runtime/LaunchGrid.cpp bounds it).
// CHECK-DAG:   div.u32
// A helper's partial tile, then one thread's release of the count.
// CHECK-DAG:   st.global.v4.b32
// CHECK-DAG:   fence.acq_rel.gpu;
// CHECK-DAG:   atom.global.add.u32
// The owner polls the counter with acquire loads, resets it and adds the
// partials.
// CHECK-DAG:   ld.acquire.gpu.global.b32
// CHECK-DAG:   atom.global.exch.b32
// CHECK-DAG:   ld.global.v4.b32
// CHECK-DAG:   cp.async.bulk.tensor.2d.global.shared::cta
// CHECK:       ret;

// No sequentially consistent fence anywhere (membar.gl is fence.sc.gpu,
// MEMBAR.SC.GPU, which every whole tile would pay after its K loop, and
// every thread of a helper after its stores) and one release fence, the
// helper's count's.
// FENCE-NOT:   membar.gl
// FENCE-NOT:   fence.sc
// FENCE:       fence.acq_rel.gpu;
// FENCE-NOT:   fence.acq_rel.gpu;
// FENCE-NOT:   membar.gl
// FENCE-NOT:   fence.sc

// No subroutine calls for 64-bit divisions, so no stack and no spills.
// PTXAS: Compiling entry function 'gemm_stream_k_kernel' for 'sm_90a'
// PTXAS-NOT: serialized
// PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads

// The launch metadata: the grid is sized by the tiles' K steps of 64, and
// the workspace buffers follow the other parameters.
// BUNDLE:      "persistent": {
// BUNDLE:        "stream_k": true
// BUNDLE:      "kind": "workspace",
// BUNDLE-NEXT: "name": "split_k_partials"
// BUNDLE:      "kind": "workspace",
// BUNDLE-NEXT: "name": "split_k_tile_counters"
func.func @gemm_stream_k(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}
