// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t/bundle %t/example
// RUN: gemm-translate %s --to-ptx -o %t/kernel.ptx
// RUN: FileCheck %s --input-file %t/kernel.ptx
// RUN: grep -o "cp.async.bulk.tensor.[0-9]d[^ ]*" %t/kernel.ptx | sort -u \
// RUN:   | FileCheck %s --check-prefix=TMA
// RUN: %ptxas -arch=sm_90a -v %t/kernel.ptx -o %t/kernel.cubin 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PTXAS
// RUN: gemm-translate %s --to-bundle -o %t/bundle/kernel.json
// RUN: FileCheck %s --input-file %t/bundle/kernel.json --check-prefix=BUNDLE
// The example (persistent grid, TMA epilogue stores) stores C through a 3-D
// map as well, and its persistent grid counts the tiles of every entry.
// RUN: gemm-translate %examples/gemm_bf16_wgmma_batched_sm90.mlir --to-bundle -o %t/example/kernel.json
// RUN: grep -o "cp.async.bulk.tensor.[0-9]d[^ ]*" %t/example/gemm_bf16_wgmma_batched_kernel.ptx \
// RUN:   | sort -u | FileCheck %s --check-prefix=EXAMPLE
// RUN: FileCheck %s --input-file %t/example/kernel.json --check-prefix=EXAMPLE-BUNDLE

// A batched bf16 wgmma schedule (block [128, 256, 64], 4 stages, vector
// epilogue store; bench/schedules/wgmma_bf16_128x256x64_s4_batched.mlir) in
// PTX: A, B and C are rank-3 memrefs (9 parameters each: sizes batch, rows,
// columns; strides batch stride, rows, columns), the block's batch entry is
// %ctaid.z, and each TMA load of A and B is 3-D with the entry (or 0 where
// the operand's batch stride, parameter 6 for A and 15 for B, is 0) as its
// last coordinate.

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<vector>>

// CHECK-LABEL: .visible .entry gemm_batched_kernel(
// The TMA descriptors of A and B follow the three 9-parameter memrefs.
// CHECK:       .param .u64 .ptr .align 1 gemm_batched_kernel_param_27,
// CHECK-NEXT:  .param .u64 .ptr .align 1 gemm_batched_kernel_param_28
// CHECK-NEXT:  )
// CHECK:       mov.u32 %r[[Z:[0-9]+]], %ctaid.z;
// CHECK-DAG:   ld.param.b64 %rd[[STRIDE_A:[0-9]+]], [gemm_batched_kernel_param_6];
// CHECK-DAG:   ld.param.b64 %rd[[STRIDE_B:[0-9]+]], [gemm_batched_kernel_param_15];
// CHECK-DAG:   setp.eq.b64 %p[[BCAST_A:[0-9]+]], %rd[[STRIDE_A]], 0;
// CHECK-DAG:   setp.eq.b64 %p[[BCAST_B:[0-9]+]], %rd[[STRIDE_B]], 0;
// CHECK-DAG:   selp.b32 %r[[ENTRY_A:[0-9]+]], 0, %r{{[0-9]+}}, %p[[BCAST_A]];
// CHECK-DAG:   selp.b32 %r[[ENTRY_B:[0-9]+]], 0, %r{{[0-9]+}}, %p[[BCAST_B]];
// CHECK:       cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes [%rd{{[0-9]+}}], [%rd{{[0-9]+}}, {%r{{[0-9]+}},%r{{[0-9]+}},%r[[ENTRY_A]]} ]
// CHECK:       cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes [%rd{{[0-9]+}}], [%rd{{[0-9]+}}, {%r{{[0-9]+}},%r{{[0-9]+}},%r[[ENTRY_B]]} ]
// C's entry: its batch stride (parameter 24) moves the epilogue's base.
// CHECK:       ld.param.b64 %rd{{[0-9]+}}, [gemm_batched_kernel_param_24];
// CHECK:       st.global.v4.b32

// Every TMA load is the 3-D one; no 2-D map is left.
// TMA-NOT: {{.}}
// TMA:     {{^}}cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes{{$}}
// TMA-NOT: {{.}}

// PTXAS: Compiling entry function 'gemm_batched_kernel' for 'sm_90a'
// PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads

// EXAMPLE-NOT: {{.}}
// EXAMPLE:     {{^}}cp.async.bulk.tensor.3d.global.shared::cta.tile.bulk_group{{$}}
// EXAMPLE-NEXT: {{^}}cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes{{$}}
// EXAMPLE-NOT: {{.}}
// EXAMPLE-BUNDLE:      "batch": {
// EXAMPLE-BUNDLE-NEXT:   "strided": true
// EXAMPLE-BUNDLE:      "tiles": {
// EXAMPLE-BUNDLE-NEXT:   "batch": 1,
// EXAMPLE-BUNDLE-NEXT:   "m": 128,
// EXAMPLE-BUNDLE-NEXT:   "n": 256
// The maps of A, B and (#tile.store<tma>) C, one entry deep; C's is one
// warpgroup's 64 rows x 64 columns.
// EXAMPLE-BUNDLE:      "box": [
// EXAMPLE-BUNDLE-NEXT:   64,
// EXAMPLE-BUNDLE-NEXT:   128,
// EXAMPLE-BUNDLE-NEXT:   1
// EXAMPLE-BUNDLE:      "box": [
// EXAMPLE-BUNDLE-NEXT:   64,
// EXAMPLE-BUNDLE-NEXT:   64,
// EXAMPLE-BUNDLE-NEXT:   1
// EXAMPLE-BUNDLE:      "box": [
// EXAMPLE-BUNDLE-NEXT:   64,
// EXAMPLE-BUNDLE-NEXT:   64,
// EXAMPLE-BUNDLE-NEXT:   1
// EXAMPLE-BUNDLE-NEXT: ],
// EXAMPLE-BUNDLE-NEXT: "kind": "tma",
// EXAMPLE-BUNDLE-NEXT: "l2_promotion": 0,
// EXAMPLE-BUNDLE-NEXT: "null_when_unaligned": true,
// EXAMPLE-BUNDLE-NEXT: "oob_fill": "zero",
// EXAMPLE-BUNDLE-NEXT: "operand": "c",

// The launch metadata: "batch": {"strided": true}, rank-3 memrefs, boxes
// [inner, outer, 1] and the batch count along grid z.
// BUNDLE:      "batch": {
// BUNDLE-NEXT:   "strided": true
// BUNDLE-NEXT: },
// BUNDLE:      "grid": {
// BUNDLE-NEXT:   "x": {
// BUNDLE-NEXT:     "extent": "n",
// BUNDLE-NEXT:     "tile": 256
// BUNDLE-NEXT:   },
// BUNDLE-NEXT:   "y": {
// BUNDLE-NEXT:     "extent": "m",
// BUNDLE-NEXT:     "tile": 128
// BUNDLE-NEXT:   },
// BUNDLE-NEXT:   "z": {
// BUNDLE-NEXT:     "extent": "batch",
// BUNDLE-NEXT:     "tile": 1
// BUNDLE-NEXT:   }
// BUNDLE-NEXT: },
// BUNDLE:      "parameters": [
// BUNDLE-NEXT:   {
// BUNDLE-NEXT:     "kind": "memref",
// BUNDLE-NEXT:     "operand": "a",
// BUNDLE-NEXT:     "rank": 3
// BUNDLE-NEXT:   },
// BUNDLE-NEXT:   {
// BUNDLE-NEXT:     "kind": "memref",
// BUNDLE-NEXT:     "operand": "b",
// BUNDLE-NEXT:     "rank": 3
// BUNDLE-NEXT:   },
// BUNDLE-NEXT:   {
// BUNDLE-NEXT:     "kind": "memref",
// BUNDLE-NEXT:     "operand": "c",
// BUNDLE-NEXT:     "rank": 3
// BUNDLE-NEXT:   },
// BUNDLE-NEXT:   {
// BUNDLE-NEXT:     "box": [
// BUNDLE-NEXT:       64,
// BUNDLE-NEXT:       128,
// BUNDLE-NEXT:       1
// BUNDLE-NEXT:     ],
// BUNDLE-NEXT:     "kind": "tma",
// BUNDLE:          "operand": "a",
// BUNDLE:          "box": [
// BUNDLE-NEXT:       64,
// BUNDLE-NEXT:       64,
// BUNDLE-NEXT:       1
// BUNDLE-NEXT:     ],
// BUNDLE-NEXT:     "kind": "tma",
// BUNDLE:          "operand": "b",
// BUNDLE:      "ptxas_info": "{{.*}} 0 bytes spill stores, 0 bytes spill loads{{.*}}",
func.func @gemm_batched(
    %a: memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>,
    %b: memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>,
    %c: memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>,
        memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>
        into memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>
  return
}
