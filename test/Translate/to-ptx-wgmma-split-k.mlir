// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t/bundle
// RUN: gemm-translate %s --to-ptx -o %t/kernel.ptx
// RUN: FileCheck %s --input-file %t/kernel.ptx
// RUN: %ptxas -arch=sm_90a -v %t/kernel.ptx -o %t/kernel.cubin 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PTXAS
// RUN: gemm-translate %s --to-bundle -o %t/bundle/kernel.json
// RUN: FileCheck %s --input-file %t/bundle/kernel.json --check-prefix=BUNDLE

// split_k = 4: four blocks (grid z) share each 128 x 256 tile of C, each
// taking a quarter of the K tiles; they store their partial tiles into
// their fp32 workspace slices, and the last one of a tile (counted on its
// counter) sums the four slices and stores C.

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = false, raster = along_n, group = 1, split_k = 4>,
  store = #tile.store<vector>>

// CHECK-LABEL: .visible .entry gemm_split_k_kernel(
// The split is the block's z index.
// CHECK-DAG:   mov.u32 {{.+}}, %ctaid.z;
// CHECK-DAG:   wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16
// The partial tile into the slice, then a GPU-wide fence before counting.
// CHECK-DAG:   st.global.v4.b32
// CHECK-DAG:   membar.gl;
// CHECK-DAG:   atom.global.add.u32
// The last block sums the slices and resets the counter.
// CHECK-DAG:   ld.global.v4.b32
// CHECK-DAG:   atom.global.exch.b32
// CHECK-DAG:   st.global.v4.b32
// CHECK:       ret;

// PTXAS: Compiling entry function 'gemm_split_k_kernel' for 'sm_90a'
// PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads

// The launch metadata: z = 4 blocks per tile and the two workspace
// buffers after the other parameters; 16 more bytes of shared memory for
// the "last block" flag.
// BUNDLE:      "dynamic_shared_memory_bytes": 196624,
// BUNDLE:      "z": 4
// BUNDLE:      "kind": "workspace",
// BUNDLE-NEXT: "name": "split_k_partials"
// BUNDLE:      "kind": "workspace",
// BUNDLE-NEXT: "name": "split_k_tile_counters"
func.func @gemm_split_k(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}
