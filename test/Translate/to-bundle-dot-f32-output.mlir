// RUN: rm -rf %t && mkdir -p %t
// RUN: gemm-translate %s --to-bundle -o %t/kernel.json
// RUN: FileCheck %s --input-file %t/kernel.json

// A dot kernel reads A and B element by element where their rows do not
// take 16-byte loads, and stores C element by element: every operand may
// sit at its own element's alignment. With 2-byte A and B that is 2 bytes,
// even into an f32 C (an f16 A with an odd pitch is fine).
#sched = #tile.schedule<chip = "sm_90a", block = [2, 4, 512], warp = [2, 1],
  mma = #tile.mma<dot, [1, 1, 8]>,
  elements = #tile.elements<a = f16, b = f16, c = f32, acc = f32>,
  smem_a = #tile.pad<0>, smem_b = #tile.pad<0>,
  pipeline = #tile.pipeline<stages = 1, load = direct>>

func.func @decode_f32_out(%a: memref<?x?xf16, strided<[?, 1], offset: ?>>,
                          %b: memref<?x?xf16, strided<[1, ?], offset: ?>>,
                          %c: memref<?x?xf32, strided<[?, 1], offset: ?>>,
                          %bias: memref<?xf32>) {
  tile.gemm %a, %b into %c bias %bias : memref<?xf32> {schedule = #sched,
      epilogue = #tile.epilogue<bias = column, activation = silu>}
      : memref<?x?xf16, strided<[?, 1], offset: ?>>,
        memref<?x?xf16, strided<[1, ?], offset: ?>>
        into memref<?x?xf32, strided<[?, 1], offset: ?>>
  return
}

// CHECK:      "epilogue": {
// CHECK:        "activation": "silu",
// CHECK-NEXT:   "alpha_beta": false,
// CHECK-NEXT:   "bias": "column",
// CHECK:      "min_alignment_bytes": 2,
// CHECK:      "requires_divisible": {
// CHECK-NEXT:   "k": 1,
// CHECK-NEXT:   "m": 1,
// CHECK-NEXT:   "n": 1
