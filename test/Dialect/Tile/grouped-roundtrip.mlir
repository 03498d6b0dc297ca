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
