// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t/bundle
// RUN: gemm-translate %s --to-ptx -o %t/kernel.ptx
// RUN: FileCheck %s --input-file %t/kernel.ptx
// RUN: grep -o "wgmma.mma_async[^ ]*" %t/kernel.ptx | sort -u \
// RUN:   | FileCheck %s --check-prefix=WGMMA
// RUN: FileCheck %s --input-file %t/kernel.ptx --check-prefix=BARRIER
// RUN: FileCheck %s --input-file %t/kernel.ptx --check-prefix=STORE
// RUN: FileCheck %s --input-file %t/kernel.ptx --check-prefix=SCALAR
// RUN: %ptxas -arch=sm_90a -v %t/kernel.ptx -o %t/kernel.cubin 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PTXAS
// RUN: gemm-translate %s --to-bundle -o %t/bundle/kernel.json
// RUN: FileCheck %s --input-file %t/bundle/kernel.json --check-prefix=BUNDLE

// A persistent warp-specialized bf16 wgmma schedule (the schedule of
// bench/schedules/wgmma_bf16_128x256x64_s3_persistent.mlir: block
// [128, 256, 64], warpgroup [64, 256], 3 stages, raster along M in groups of
// 8) in PTX: each block loops over the tiles ctaid.x + i nctaid.x, 2 consumer
// warpgroups in one group and 1 producer. LLVM reorders, unrolls and peels
// the loops, so each instruction family is checked on its own.

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  store = #tile.store<vector>>

// CHECK:       .target sm_90a
// CHECK-LABEL: .visible .entry gemm_persistent_kernel(
// CHECK:       .maxntid 384, 1, 1
// CHECK-DAG:   mbarrier.init.shared.b64
// CHECK-DAG:   mov.u32 {{.+}}, %ctaid.x;
// CHECK-DAG:   mov.u32 {{.+}}, %nctaid.x;
// CHECK-DAG:   setmaxnreg.dec.sync.aligned.u32 40;
// CHECK-DAG:   mbarrier.try_wait.parity.shared.b64
// CHECK-DAG:   mbarrier.arrive.expect_tx.shared.b64
// CHECK-DAG:   cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes
// CHECK-DAG:   setmaxnreg.inc.sync.aligned.u32 232;
// CHECK-DAG:   wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16
// CHECK-DAG:   wgmma.wait_group.sync.aligned 1;
// CHECK-DAG:   @%p{{[0-9]+}} mbarrier.arrive.expect_tx.shared.b64 _, [%r{{[0-9]+}}], %r{{[0-9]+}};
// CHECK-DAG:   wgmma.wait_group.sync.aligned 0;
// CHECK-DAG:   ret;

// Every wgmma is the m64n256k16 bf16 instruction with f32 accumulators.
// WGMMA-NOT: {{.}}
// WGMMA:     {{^}}wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16{{$}}
// WGMMA-NOT: {{.}}

// One block-wide barrier after the mbarrier initialization; per tile, the
// two warpgroups take turns through the 64-row staging tile, each slice
// between two of named barrier 1 of the 256 consumer threads. One consumer
// group: no turns, so no bar.arrive.
// BARRIER:         bar.sync 0;
// BARRIER-COUNT-4: bar.sync 1, 256;
// BARRIER-NOT:     bar.sync
// BARRIER-NOT:     bar.arrive

// Per tile, two slices of 64 x 256 bf16 outputs, 8 per 16-byte store, over
// 256 consumer threads: 2 x 8 stores.
// STORE-COUNT-16: st.global.v4.b32
// Chunks that cross C's edge (ragged shapes) fall back to 8 bounds-checked
// 2-byte stores each; rows that cannot take 16-byte stores at all are
// copied element by element, consecutive threads on consecutive elements,
// four per loop step (passes/epilogue/CoalescedElementCopy.h): 8 (4 for each of the two 64-row slices) more.
// STORE-NOT:       st.global.v4
// STORE:           .entry gemm_persistent_kernel_stage_copy(
// SCALAR-COUNT-136: st.global.b16
// SCALAR-NOT:       st.global.b16
// SCALAR:           .entry gemm_persistent_kernel_stage_copy(

// PTXAS: Compiling entry function 'gemm_persistent_kernel' for 'sm_90a'
// PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads

// The launch metadata: a persistent grid (the runtime launches
// min(tiles, SMs x ctas_per_sm) blocks) over 128 x 256 tiles; 3 stages x
// (128x64 + 64x256) bf16 = 147456 bytes plus the 64 x (256 + 8) f32 staging
// tile after them, 67584 bytes.
// BUNDLE:      "block": [
// BUNDLE-NEXT:   384,
// BUNDLE-NEXT:   1,
// BUNDLE-NEXT:   1
// BUNDLE-NEXT: ],
// BUNDLE-NEXT: "chip": "sm_90a",
// BUNDLE:      "dynamic_shared_memory_bytes": 215040,
// BUNDLE-NEXT: "grid": {
// BUNDLE-NEXT:   "persistent": {
// BUNDLE-NEXT:     "ctas_per_sm": 1
// BUNDLE-NEXT:   },
// BUNDLE-NEXT:   "tiles": {
// BUNDLE-NEXT:     "m": 128,
// BUNDLE-NEXT:     "n": 256
// BUNDLE-NEXT:   }
// BUNDLE-NEXT: },
// Any M, N, K and any pitch, as for every wgmma kernel.
// BUNDLE:      "min_alignment_bytes": 2,
// BUNDLE-NEXT: "name": "gemm_persistent_kernel",
// BUNDLE:      "ptxas_info": "{{.*}}Compiling entry function 'gemm_persistent_kernel' for 'sm_90a'{{.*}} bytes stack frame, 0 bytes spill stores, 0 bytes spill loads{{.*}}",
// BUNDLE-NEXT:      "ptxas_opt_level": 3,
// BUNDLE-NEXT: "requires_divisible": {
// BUNDLE-NEXT:   "k": 1,
// BUNDLE-NEXT:   "m": 1,
// BUNDLE-NEXT:   "n": 1
// BUNDLE-NEXT: },
// BUNDLE-NEXT: "staged_copies": {
// BUNDLE-NEXT:   "a": {
// BUNDLE:          "name": "gemm_persistent_kernel_stage_copy",
// BUNDLE:        "b": {
// BUNDLE:          "name": "gemm_persistent_kernel_stage_copy",
// BUNDLE:          "vector_elements": 8
// BUNDLE-NEXT:   }
// BUNDLE-NEXT: },
// BUNDLE-NEXT: "tile": {
// BUNDLE-NEXT:   "k": 64,
// BUNDLE-NEXT:   "m": 128,
// BUNDLE-NEXT:   "n": 256
// BUNDLE-NEXT: },
func.func @gemm_persistent(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}
