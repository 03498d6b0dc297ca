// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: gemm-translate %s --to-bundle -o %t/kernel.json
// RUN: FileCheck %s --input-file %t/kernel.json
// RUN: FileCheck %s --input-file %t/tf32_row_major_b_kernel.ptx --check-prefix=PTX

// A tf32 GEMM with a row-major B (and a residual, which needs a row-major
// C and so keeps tile-exchange-operands from running it as
// C^T = B^T·A^T; see to-bundle-exchanged-operands.mlir): one bundle entry
// whose "layouts" are the
// problem's (B row-major), whose tensor map reads B's K-major copy (box
// [32, 128]: 32 f32 of K by 128 columns of B, as for a column-major B) and
// which describes the transpose that writes the copy; that kernel is in the
// same image and has no entry of its own.
// CHECK:      "kernels": [
// CHECK-NEXT:   {
// CHECK:          "cubin": "tf32_row_major_b_kernel.cubin",
// CHECK:          "layouts": {
// CHECK-NEXT:       "a": "row",
// CHECK-NEXT:       "b": "row",
// CHECK-NEXT:       "c": "row"
// CHECK:          "name": "tf32_row_major_b_kernel",
// CHECK:          "box": [
// CHECK-NEXT:       32,
// CHECK-NEXT:       128
// CHECK-NEXT:     ],
// CHECK-NEXT:     "kind": "tma",
// CHECK:          "operand": "a",
// CHECK:          "box": [
// CHECK-NEXT:       32,
// CHECK-NEXT:       128
// CHECK-NEXT:     ],
// CHECK-NEXT:     "kind": "tma",
// CHECK:          "operand": "b",
// CHECK:          "staged_transposes": {
// CHECK-NEXT:       "b": {
// CHECK:              "kind": "transpose",
// CHECK:              "name": "tf32_row_major_b_kernel_stage_b",
// CHECK:              "types": {
// CHECK-NEXT:           "dst": "f32",
// CHECK-NEXT:           "src": "f32"
// CHECK:              "vector_elements": 4
// CHECK-NEXT:       }
// CHECK-NEXT:     },
// CHECK-NOT:  "name":
// CHECK:      ]

// PTX-DAG: .entry tf32_row_major_b_kernel_stage_b(
// PTX-DAG: .entry tf32_row_major_b_kernel(
// PTX-DAG: wgmma.mma_async.sync.aligned.m64n128k8.f32.tf32.tf32

#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 32], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 8]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<vector>>

func.func @tf32_row_major_b(%a: memref<?x?xf32>, %b: memref<?x?xf32>,
    %c: memref<?x?xf32>, %residual: memref<?x?xf32>) {
  tile.gemm %a, %b into %c residual %residual : memref<?x?xf32> {schedule = #sched,
      epilogue = #tile.epilogue<residual = true>}
      : memref<?x?xf32>, memref<?x?xf32> into memref<?x?xf32>
  return
}
