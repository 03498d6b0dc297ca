// RUN: gemm-opt %s | gemm-opt | FileCheck %s

// Batched FP8 GEMMs (3-D A, B and C): each scale operand has its mode's
// shape, shared by every batch entry, or one more, leading dimension with
// the scales of each entry.

#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 128], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 32]>,
  elements = #tile.elements<a = f8E4M3FN, b = f8E4M3FN, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  store = #tile.store<tma>>

// CHECK-LABEL: func.func @tensor_per_entry(
// CHECK:         tile.gemm %{{.*}}, %{{.*}} into %{{.*}} scale_a %{{.*}} : memref<?xf32> scale_b %{{.*}} : memref<f32>
// CHECK-SAME:      scaling = #tile.scaling<a = tensor, b = tensor>
func.func @tensor_per_entry(%a: memref<?x?x?xf8E4M3FN>, %b: memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>>, %c: memref<?x?x?xbf16>, %sa: memref<?xf32>, %sb: memref<f32>) {
  tile.gemm %a, %b into %c scale_a %sa : memref<?xf32> scale_b %sb : memref<f32>
      {schedule = #sched, scaling = #tile.scaling<a = tensor, b = tensor>}
      : memref<?x?x?xf8E4M3FN>, memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>> into memref<?x?x?xbf16>
  return
}

// CHECK-LABEL: func.func @row_column_per_entry(
// CHECK:         scale_a %{{.*}} : memref<4x?xf32> scale_b %{{.*}} : memref<?x?xf32, strided<[?, 1], offset: ?>>
// CHECK-SAME:      scaling = #tile.scaling<a = row, b = column>
func.func @row_column_per_entry(%a: memref<4x?x?xf8E4M3FN>, %b: memref<4x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>>,
                                %c: memref<4x?x?xbf16>, %sa: memref<4x?xf32>,
                                %sb: memref<?x?xf32, strided<[?, 1], offset: ?>>) {
  tile.gemm %a, %b into %c scale_a %sa : memref<4x?xf32>
      scale_b %sb : memref<?x?xf32, strided<[?, 1], offset: ?>>
      {schedule = #sched, scaling = #tile.scaling<a = row, b = column>}
      : memref<4x?x?xf8E4M3FN>, memref<4x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>> into memref<4x?x?xbf16>
  return
}

// Per-entry block scales of the activations, one weight's block scales
// shared by every entry.
// CHECK-LABEL: func.func @blocks(
// CHECK:         scale_a %{{.*}} : memref<?x?x?xf32, strided<[?, 1, ?], offset: ?>> scale_b %{{.*}} : memref<?x?xf32, strided<[1, ?], offset: ?>>
// CHECK-SAME:      scaling = #tile.scaling<a = block_1x128, b = block_128x128>
func.func @blocks(%a: memref<?x?x?xf8E4M3FN>, %b: memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>>, %c: memref<?x?x?xbf16>, %sa: memref<?x?x?xf32, strided<[?, 1, ?], offset: ?>>,
                  %sb: memref<?x?xf32, strided<[1, ?], offset: ?>>) {
  tile.gemm %a, %b into %c scale_a %sa : memref<?x?x?xf32, strided<[?, 1, ?], offset: ?>>
      scale_b %sb : memref<?x?xf32, strided<[1, ?], offset: ?>>
      {schedule = #sched, scaling = #tile.scaling<a = block_1x128, b = block_128x128>}
      : memref<?x?x?xf8E4M3FN>, memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>> into memref<?x?x?xbf16>
  return
}
