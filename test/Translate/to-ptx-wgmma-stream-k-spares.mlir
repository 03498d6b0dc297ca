// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t/bundle
// RUN: gemm-translate %s --to-ptx -o %t/kernel.ptx
// RUN: FileCheck %s --input-file %t/kernel.ptx
// RUN: FileCheck %s --input-file %t/kernel.ptx --check-prefix=FENCE
// RUN: %ptxas -arch=sm_90a -v %t/kernel.ptx -o %t/kernel.cubin 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PTXAS
// RUN: gemm-translate %s --to-bundle -o %t/bundle/kernel.json
// RUN: FileCheck %s --input-file %t/bundle/kernel.json --check-prefix=BUNDLE

// stream_k = spares: the partial last wave's tiles stay with their blocks,
// which compute them from K step h on; the blocks that wave would leave idle
// compute the first h steps of those tiles after their own whole tiles
// (passes/hopper/StreamKPartition.h)
// and hand them over through the same workspace, counter and
// release/acquire fixup as stream_k = 1 (to-ptx-wgmma-stream-k.mlir), with
// 4 stages and the TMA store in 2 rounds.

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 4, stream_k = spares>,
  store = #tile.store<tma, rounds = 2>>

// CHECK-LABEL: .visible .entry gemm_stream_k_spares_kernel(
// CHECK-DAG:   wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16
// The partition runs in 32 bits: h = (K + 2 - 4n) / (n + 1).
// CHECK-DAG:   div.u32
// A spare's head, then one thread's release of the count.
// CHECK-DAG:   st.global.v4.b32
// CHECK-DAG:   fence.acq_rel.gpu;
// CHECK-DAG:   atom.global.add.u32
// The owner polls the counter with acquire loads, resets it and adds the
// head.
// CHECK-DAG:   ld.acquire.gpu.global.b32
// CHECK-DAG:   atom.global.exch.b32
// CHECK-DAG:   ld.global.v4.b32
// CHECK-DAG:   cp.async.bulk.tensor.2d.global.shared::cta
// CHECK:       ret;

// FENCE-NOT:   membar.gl
// FENCE-NOT:   fence.sc
// FENCE:       fence.acq_rel.gpu;
// FENCE-NOT:   fence.acq_rel.gpu;

// PTXAS: Compiling entry function 'gemm_stream_k_spares_kernel' for 'sm_90a'
// PTXAS-NOT: serialized
// PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads

// BUNDLE:      "persistent": {
// BUNDLE:        "stream_k": true
// BUNDLE:      "kind": "workspace",
// BUNDLE-NEXT: "name": "split_k_partials"
// BUNDLE:      "kind": "workspace",
// BUNDLE-NEXT: "name": "split_k_tile_counters"
func.func @gemm_stream_k_spares(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}
