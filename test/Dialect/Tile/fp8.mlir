// RUN: gemm-opt %s | gemm-opt | FileCheck %s

// An FP8 tile.gemm: 8-bit A and B (any mix of e4m3 and e5m2), its
// #tile.scaling (fast_accumulation printed only when true) and its scale
// operands, whose ranks follow the scaling's modes.

#fp8 = #tile.schedule<chip = "sm_90a", block = [128, 128, 128], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 32]>,
  elements = #tile.elements<a = f8E4M3FN, b = f8E5M2, c = f16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<tma>>

// CHECK-LABEL: func.func @per_tensor(
// CHECK:         tile.gemm %{{.*}}, %{{.*}} into %{{.*}} scale_a %{{.*}} : memref<f32> scale_b %{{.*}} : memref<f32>
// CHECK-SAME:      scaling = #tile.scaling<a = tensor, b = tensor, fast_accumulation = true>
func.func @per_tensor(%a: memref<?x?xf8E4M3FN>, %b: memref<?x?xf8E5M2, strided<[1, ?], offset: ?>>,
                      %c: memref<?x?xf16>, %sa: memref<f32>, %sb: memref<f32>) {
  tile.gemm %a, %b into %c scale_a %sa : memref<f32> scale_b %sb : memref<f32>
      {schedule = #fp8, scaling = #tile.scaling<fast_accumulation = true, b = tensor, a = tensor>}
      : memref<?x?xf8E4M3FN>, memref<?x?xf8E5M2, strided<[1, ?], offset: ?>> into memref<?x?xf16>
  return
}

// CHECK-LABEL: func.func @row_column(
// CHECK:         scaling = #tile.scaling<a = row, b = column>
func.func @row_column(%a: memref<?x?xf8E4M3FN>, %b: memref<?x?xf8E5M2, strided<[1, ?], offset: ?>>,
                      %c: memref<?x?xf16>, %sa: memref<?xf32>, %sb: memref<?xf32>) {
  tile.gemm %a, %b into %c scale_a %sa : memref<?xf32> scale_b %sb : memref<?xf32>
      {schedule = #fp8, scaling = #tile.scaling<a = row, b = column>}
      : memref<?x?xf8E4M3FN>, memref<?x?xf8E5M2, strided<[1, ?], offset: ?>> into memref<?x?xf16>
  return
}

// CHECK-LABEL: func.func @blocks(
// CHECK:         scaling = #tile.scaling<a = block_1x128, b = block_128x128>
func.func @blocks(%a: memref<?x?xf8E4M3FN>, %b: memref<?x?xf8E5M2, strided<[1, ?], offset: ?>>,
                  %c: memref<?x?xf16>, %sa: memref<?x?xf32, strided<[1, ?], offset: ?>>,
                  %sb: memref<?x?xf32>) {
  tile.gemm %a, %b into %c scale_a %sa : memref<?x?xf32, strided<[1, ?], offset: ?>>
      scale_b %sb : memref<?x?xf32>
      {schedule = #fp8, scaling = #tile.scaling<a = block_1x128, b = block_128x128>}
      : memref<?x?xf8E4M3FN>, memref<?x?xf8E5M2, strided<[1, ?], offset: ?>> into memref<?x?xf16>
  return
}

// How the block scales reach shared memory is the schedule's choice
// (async_scale_copies, printed only when true).
#fp8_async = #tile.schedule<chip = "sm_90a", block = [64, 128, 128], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 32]>,
  elements = #tile.elements<a = f8E4M3FN, b = f8E4M3FN, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 8, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232, async_scale_copies = true>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8, stream_k = 1>,
  store = #tile.store<tma>>

// CHECK-LABEL: func.func @blocks_async_scale_copies(
// CHECK:         #tile.warp_specialization<producer_registers = 40, consumer_registers = 232, async_scale_copies = true>
func.func @blocks_async_scale_copies(%a: memref<?x?xf8E4M3FN>, %b: memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>>,
                                     %c: memref<?x?xbf16>, %sa: memref<?x?xf32, strided<[1, ?], offset: ?>>,
                                     %sb: memref<?x?xf32, strided<[1, ?], offset: ?>>) {
  tile.gemm %a, %b into %c scale_a %sa : memref<?x?xf32, strided<[1, ?], offset: ?>>
      scale_b %sb : memref<?x?xf32, strided<[1, ?], offset: ?>>
      {schedule = #fp8_async, scaling = #tile.scaling<a = block_1x128, b = block_128x128>}
      : memref<?x?xf8E4M3FN>, memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>> into memref<?x?xbf16>
  return
}
