// RUN: gemm-opt %s | gemm-opt | FileCheck %s
// RUN: gemm-opt %s --mlir-print-op-generic | gemm-opt | FileCheck %s
// RUN: gemm-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Grouped tile.gemm in both layouts survives printing and parsing, in the
// custom and in the generic form (the group operands are the last two
// operand segments).

#grouped = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1>,
  store = #tile.store<tma>>

// CHECK-LABEL: func.func @masked(
// CHECK-SAME:      %[[A:.*]]: memref<?x?x?xbf16>, %[[B:.*]]: memref<?x?x?xbf16>, %[[C:.*]]: memref<?x?x?xbf16>, %[[ROWS:.*]]: memref<?xi32>)
// CHECK:         tile.gemm %[[A]], %[[B]] into %[[C]] group_rows %[[ROWS]] : memref<?xi32> {schedule =
// CHECK-SAME:      : memref<?x?x?xbf16>, memref<?x?x?xbf16> into memref<?x?x?xbf16>
// GENERIC-LABEL: sym_name = "masked"
// GENERIC:         operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0>
func.func @masked(%a: memref<?x?x?xbf16>, %b: memref<?x?x?xbf16>,
                  %c: memref<?x?x?xbf16>, %rows: memref<?xi32>) {
  tile.gemm %a, %b into %c group_rows %rows : memref<?xi32> {schedule = #grouped}
      : memref<?x?x?xbf16>, memref<?x?x?xbf16> into memref<?x?x?xbf16>
  return
}

// B column-major (G × N × K, the weight layout of x @ W^T) and G static.
// CHECK-LABEL: func.func @contiguous(
// CHECK-SAME:      %[[A:.*]]: memref<?x?xbf16>, %[[B:.*]]: memref<8x?x?xbf16, strided<[?, 1, ?], offset: ?>>, %[[C:.*]]: memref<?x?xbf16>, %[[OFFSETS:.*]]: memref<9xi32>)
// CHECK:         tile.gemm %[[A]], %[[B]] into %[[C]] group_offsets %[[OFFSETS]] : memref<9xi32> {schedule =
// CHECK-SAME:      : memref<?x?xbf16>, memref<8x?x?xbf16, strided<[?, 1, ?], offset: ?>> into memref<?x?xbf16>
// GENERIC-LABEL: sym_name = "contiguous"
// GENERIC:         operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1>
func.func @contiguous(%a: memref<?x?xbf16>,
                      %b: memref<8x?x?xbf16, strided<[?, 1, ?], offset: ?>>,
                      %c: memref<?x?xbf16>, %offsets: memref<9xi32>) {
  tile.gemm %a, %b into %c group_offsets %offsets : memref<9xi32> {schedule = #grouped}
      : memref<?x?xbf16>, memref<8x?x?xbf16, strided<[?, 1, ?], offset: ?>> into memref<?x?xbf16>
  return
}

// FP8: the scales compose with a per-group fused epilogue (a G × N column
// bias here), and an e4m3 C takes one scale_d and one amax for all groups.

#fp8 = #tile.schedule<chip = "sm_90a", block = [128, 128, 128], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 32]>,
  elements = #tile.elements<a = f8E4M3FN, b = f8E4M3FN, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 5, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 56, consumer_registers = 224>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1>,
  store = #tile.store<tma>>

// CHECK-LABEL: func.func @fp8_bias_silu(
// CHECK:         tile.gemm %{{.*}}, %{{.*}} into %{{.*}} group_offsets %{{.*}} : memref<?xi32> bias %{{.*}} : memref<?x?xbf16> scale_a %{{.*}} : memref<?x?xf32, strided<[1, ?], offset: ?>> scale_b %{{.*}} : memref<?x?x?xf32, strided<[?, 1, ?], offset: ?>> {
// CHECK-SAME:      epilogue = #tile.epilogue<bias = column, activation = silu>
// GENERIC-LABEL: sym_name = "fp8_bias_silu"
// GENERIC:         operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 1, 0, 1, 1, 0, 0, 0, 1>
func.func @fp8_bias_silu(%a: memref<?x?xf8E4M3FN>,
                         %b: memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>>,
                         %c: memref<?x?xbf16>,
                         %scale_a: memref<?x?xf32, strided<[1, ?], offset: ?>>,
                         %scale_b: memref<?x?x?xf32, strided<[?, 1, ?], offset: ?>>,
                         %offsets: memref<?xi32>, %bias: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c group_offsets %offsets : memref<?xi32>
      bias %bias : memref<?x?xbf16>
      scale_a %scale_a : memref<?x?xf32, strided<[1, ?], offset: ?>>
      scale_b %scale_b : memref<?x?x?xf32, strided<[?, 1, ?], offset: ?>>
      {schedule = #fp8, epilogue = #tile.epilogue<bias = column, activation = silu>,
       scaling = #tile.scaling<a = block_1x128, b = block_128x128>}
      : memref<?x?xf8E4M3FN>, memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>>
        into memref<?x?xbf16>
  return
}

// The amax of D with a bf16 C, as a dense FP8 GEMM may record it.
// CHECK-LABEL: func.func @fp8_amax(
// CHECK:         tile.gemm {{.*}} group_rows %{{.*}} : memref<?xi32> scale_a %{{.*}} : memref<f32> scale_b %{{.*}} : memref<f32> amax %{{.*}} : memref<f32> {
// GENERIC-LABEL: sym_name = "fp8_amax"
// GENERIC:         operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 1, 1, 0, 1, 1, 0>
func.func @fp8_amax(%a: memref<?x?x?xf8E4M3FN>,
                    %b: memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>>,
                    %c: memref<?x?x?xbf16>, %scale_a: memref<f32>,
                    %scale_b: memref<f32>, %amax: memref<f32>,
                    %rows: memref<?xi32>) {
  tile.gemm %a, %b into %c group_rows %rows : memref<?xi32>
      scale_a %scale_a : memref<f32> scale_b %scale_b : memref<f32>
      amax %amax : memref<f32>
      {schedule = #fp8, scaling = #tile.scaling<a = tensor, b = tensor>}
      : memref<?x?x?xf8E4M3FN>, memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>>
        into memref<?x?x?xbf16>
  return
}

#fp8_out = #tile.schedule<chip = "sm_90a", block = [128, 128, 128], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 32]>,
  elements = #tile.elements<a = f8E4M3FN, b = f8E4M3FN, c = f8E4M3FN, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 5, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 56, consumer_registers = 224>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1>,
  store = #tile.store<tma>>

// An e4m3 C (masked and contiguous), an activation the one epilogue it fuses.
// CHECK-LABEL: func.func @e4m3_masked(
// CHECK:         tile.gemm {{.*}} group_rows %{{.*}} : memref<?xi32> scale_a %{{.*}} scale_b %{{.*}} scale_d %{{.*}} : memref<f32> amax %{{.*}} : memref<f32> {
// CHECK-SAME:      : memref<?x?x?xf8E4M3FN>, memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>> into memref<?x?x?xf8E4M3FN>
// GENERIC-LABEL: sym_name = "e4m3_masked"
// GENERIC:         operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 1, 1, 1, 1, 1, 0>
func.func @e4m3_masked(%a: memref<?x?x?xf8E4M3FN>,
                       %b: memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>>,
                       %c: memref<?x?x?xf8E4M3FN>,
                       %scale_a: memref<?x?x?xf32, strided<[?, 1, ?], offset: ?>>,
                       %scale_b: memref<?x?x?xf32, strided<[?, 1, ?], offset: ?>>,
                       %scale_d: memref<f32>, %amax: memref<f32>,
                       %rows: memref<?xi32>) {
  tile.gemm %a, %b into %c group_rows %rows : memref<?xi32>
      scale_a %scale_a : memref<?x?x?xf32, strided<[?, 1, ?], offset: ?>>
      scale_b %scale_b : memref<?x?x?xf32, strided<[?, 1, ?], offset: ?>>
      scale_d %scale_d : memref<f32> amax %amax : memref<f32>
      {schedule = #fp8_out, scaling = #tile.scaling<a = block_1x128, b = block_128x128>}
      : memref<?x?x?xf8E4M3FN>, memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>>
        into memref<?x?x?xf8E4M3FN>
  return
}

// CHECK-LABEL: func.func @e4m3_contiguous_relu(
// CHECK:         tile.gemm {{.*}} group_offsets %{{.*}} : memref<?xi32> scale_a %{{.*}} scale_b %{{.*}} scale_d %{{.*}} : memref<f32> {
// CHECK-SAME:      epilogue = #tile.epilogue<activation = relu>
// CHECK-SAME:      into memref<?x?xf8E4M3FN>
// GENERIC-LABEL: sym_name = "e4m3_contiguous_relu"
// GENERIC:         operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 1, 1, 1, 0, 0, 1>
func.func @e4m3_contiguous_relu(%a: memref<?x?xf8E4M3FN>,
                                %b: memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>>,
                                %c: memref<?x?xf8E4M3FN>, %scale_a: memref<f32>,
                                %scale_b: memref<?xf32>, %scale_d: memref<f32>,
                                %offsets: memref<?xi32>) {
  tile.gemm %a, %b into %c group_offsets %offsets : memref<?xi32>
      scale_a %scale_a : memref<f32> scale_b %scale_b : memref<?xf32>
      scale_d %scale_d : memref<f32>
      {schedule = #fp8_out, epilogue = #tile.epilogue<activation = relu>,
       scaling = #tile.scaling<a = tensor, b = tensor>}
      : memref<?x?xf8E4M3FN>, memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>>
        into memref<?x?xf8E4M3FN>
  return
}
