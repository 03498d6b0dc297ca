// RUN: gemm-opt %s | gemm-opt | FileCheck %s

// An FP8 GEMM's output: an e4m3 C with its output scale (scale_d), and the
// amax of D, which any FP8 GEMM may record (here with a bf16 C).

#e4m3 = #tile.schedule<chip = "sm_90a", block = [128, 128, 128], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 32]>,
  elements = #tile.elements<a = f8E4M3FN, b = f8E4M3FN, c = f8E4M3FN, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<tma>>

#bf16 = #tile.schedule<chip = "sm_90a", block = [128, 128, 128], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 32]>,
  elements = #tile.elements<a = f8E4M3FN, b = f8E4M3FN, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<tma>>

// CHECK-LABEL: func.func @e4m3_output(
// CHECK:         tile.gemm %{{[a-z0-9]+}}, %{{[a-z0-9]+}} into %{{[a-z0-9]+}} scale_a %{{[a-z0-9]+}} : memref<f32> scale_b %{{[a-z0-9]+}} : memref<f32>
// CHECK-SAME:      scale_d %{{[a-z0-9]+}} : memref<f32> amax %{{[a-z0-9]+}} : memref<f32>
// CHECK-SAME:      into memref<?x?xf8E4M3FN>
func.func @e4m3_output(%a: memref<?x?xf8E4M3FN>, %b: memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>>,
                       %c: memref<?x?xf8E4M3FN>, %sa: memref<f32>, %sb: memref<f32>,
                       %sd: memref<f32>, %amax: memref<f32>) {
  tile.gemm %a, %b into %c scale_a %sa : memref<f32> scale_b %sb : memref<f32>
      scale_d %sd : memref<f32> amax %amax : memref<f32>
      {schedule = #e4m3, scaling = #tile.scaling<a = tensor, b = tensor>}
      : memref<?x?xf8E4M3FN>, memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>> into memref<?x?xf8E4M3FN>
  return
}

// CHECK-LABEL: func.func @e4m3_output_without_amax(
// CHECK:         scale_d %{{[a-z0-9]+}} : memref<f32> {
// CHECK-NOT:     amax
func.func @e4m3_output_without_amax(%a: memref<?x?xf8E4M3FN>, %b: memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>>,
                                    %c: memref<?x?xf8E4M3FN>, %sa: memref<?xf32>, %sb: memref<?xf32>,
                                    %sd: memref<f32>) {
  tile.gemm %a, %b into %c scale_a %sa : memref<?xf32> scale_b %sb : memref<?xf32>
      scale_d %sd : memref<f32>
      {schedule = #e4m3, scaling = #tile.scaling<a = row, b = column>}
      : memref<?x?xf8E4M3FN>, memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>> into memref<?x?xf8E4M3FN>
  return
}

// CHECK-LABEL: func.func @bf16_output_with_amax(
// CHECK:         scale_b %{{[a-z0-9]+}} : memref<f32> amax %{{[a-z0-9]+}} : memref<f32>
// CHECK-SAME:      into memref<?x?xbf16>
func.func @bf16_output_with_amax(%a: memref<?x?xf8E4M3FN>, %b: memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>>,
                                 %c: memref<?x?xbf16>, %sa: memref<f32>, %sb: memref<f32>,
                                 %amax: memref<f32>) {
  tile.gemm %a, %b into %c scale_a %sa : memref<f32> scale_b %sb : memref<f32>
      amax %amax : memref<f32>
      {schedule = #bf16, scaling = #tile.scaling<a = tensor, b = tensor>}
      : memref<?x?xf8E4M3FN>, memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>> into memref<?x?xbf16>
  return
}
