// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t/bundle
// RUN: gemm-translate %s --to-ptx -o %t/kernel.ptx
// RUN: FileCheck %s --input-file %t/kernel.ptx
// RUN: grep -o "cp.async.bulk.tensor.[0-9]d[^ ]*" %t/kernel.ptx | sort -u \
// RUN:   | FileCheck %s --check-prefix=TMA
// RUN: %ptxas -arch=sm_90a -v %t/kernel.ptx -o %t/kernel.cubin 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PTXAS --implicit-check-not=C7520
// RUN: gemm-translate %s --to-bundle -o %t/bundle/kernel.json
// RUN: FileCheck %s --input-file %t/bundle/kernel.json --check-prefix=BUNDLE

// A grouped bf16 wgmma GEMM in the contiguous layout (the schedule of
// bench/schedules/wgmma_bf16_128x256x64_s3_persistent_tma_grouped_contiguous_nt)
// in PTX: the G + 1 offsets are the last parameters, each warp scans the
// groups 32 at a time, A and C go through 2-D tensor maps and B, the batch
// of the groups' weights stored N × K, through a 3-D one; a tile that its
// group's end cuts is stored by the threads (st.global). ptxas keeps it free
// of spills and of wgmma serialization (C7520). The bundle lists B as a
// rank-3 memref with a map one group deep, and no staging copy of B.

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1>,
  store = #tile.store<tma>>

// CHECK-LABEL: .visible .entry grouped_contiguous_kernel(
// CHECK-DAG:   shfl.sync.up.b32
// CHECK-DAG:   vote.sync.ballot.b32
// CHECK-DAG:   popc.b32
// CHECK-DAG:   wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16
// CHECK-DAG:   st.global.v4.b32

// TMA-NOT: {{.}}
// TMA:     {{^}}cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group{{$}}
// TMA:     {{^}}cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes{{$}}
// TMA:     {{^}}cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes{{$}}
// TMA-NOT: {{.}}

// PTXAS: Compiling entry function 'grouped_contiguous_kernel' for 'sm_90a'
// PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads

// BUNDLE:      "grouped": "contiguous",
// BUNDLE:      "name": "grouped_contiguous_kernel",
// BUNDLE:      "operand": "a",
// BUNDLE-NEXT: "rank": 2
// BUNDLE:      "operand": "b",
// BUNDLE-NEXT: "rank": 3
// BUNDLE:      "operand": "c",
// BUNDLE-NEXT: "rank": 2
// BUNDLE:      "box": [
// BUNDLE-NEXT:   64,
// BUNDLE-NEXT:   128
// BUNDLE-NEXT: ],
// BUNDLE:      "operand": "a",
// BUNDLE:      "box": [
// BUNDLE-NEXT:   64,
// BUNDLE-NEXT:   256,
// BUNDLE-NEXT:   1
// BUNDLE-NEXT: ],
// BUNDLE:      "operand": "b",
// BUNDLE:      "operand": "group_offsets",
// BUNDLE-NEXT: "rank": 1
// BUNDLE:      "staged_copies": {
// BUNDLE-NEXT:   "a": {
// BUNDLE-NOT:    "b": {
// BUNDLE:      "tile":
func.func @grouped_contiguous(%a: memref<?x?xbf16>,
                              %b: memref<?x?x?xbf16, strided<[?, 1, ?], offset: ?>>,
                              %c: memref<?x?xbf16>, %offsets: memref<?xi32>) {
  tile.gemm %a, %b into %c group_offsets %offsets : memref<?xi32> {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?x?xbf16, strided<[?, 1, ?], offset: ?>>
        into memref<?x?xbf16>
  return
}
