// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: gemm-translate %s --to-bundle -o %t/kernel.json
// RUN: FileCheck %s --input-file %t/kernel.json
// RUN: FileCheck %s --input-file %t/tf32_batched_kernel.ptx --check-prefix=PTX

// A batched tf32 GEMM with a column-major A and a row-major B: the entry
// describes one batched staging transpose (B's; A is read from registers),
// whose memrefs are 3-D and whose grid has one layer per batch entry.
// CHECK:          "staged_transposes": {
// CHECK-NOT:        "a": {
// CHECK-NEXT:       "b": {
// CHECK:              "grid": {
// CHECK:                "z": {
// CHECK-NEXT:             "extent": "batch",
// CHECK-NEXT:             "tile": 1
// CHECK:              "name": "tf32_batched_kernel_stage_b",
// CHECK-NEXT:         "parameters": [
// CHECK-NEXT:           {
// CHECK-NEXT:             "kind": "memref",
// CHECK-NEXT:             "operand": "src",
// CHECK-NEXT:             "rank": 3
// CHECK-NEXT:           },
// CHECK-NEXT:           {
// CHECK-NEXT:             "kind": "memref",
// CHECK-NEXT:             "operand": "dst",
// CHECK-NEXT:             "rank": 3

// The staging kernel takes its entry from blockIdx.z; the GEMM reads A's
// fragments from shared memory into registers.
// PTX-LABEL: .entry tf32_batched_kernel_stage_b(
// PTX:       mov.u32 %r{{[0-9]+}}, %ctaid.z;
// PTX-NOT:   .entry tf32_batched_kernel_stage_a(
// PTX:       wgmma.mma_async.sync.aligned.m64n128k8.f32.tf32.tf32 {{{.*}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd{{[0-9]+}}, p, 1, 1;

#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 32], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 8]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<vector>>

func.func @tf32_batched(%a: memref<?x?x?xf32, strided<[?, 1, ?], offset: ?>>,
    %b: memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>>,
    %c: memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?x?xf32, strided<[?, 1, ?], offset: ?>>, memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>>
        into memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>>
  return
}
