// RUN: gemm-opt %s --split-input-file --verify-diagnostics \
// RUN:   --pass-pipeline="builtin.module(tile-outline-kernel,gpu.module(tile-block-tile))" \
// RUN:   | FileCheck %s

// tile-block-tile gives a masked grouped GEMM (a batch over its groups) the
// batch entry blockIdx.z, which tile-warp-specialize's grouped walk then
// replaces; a contiguous one (B a batch, A and C matrices) takes the entry
// of B alone, and A's and C's tiles are views of the matrices.

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1>,
  store = #tile.store<tma>>

// CHECK-LABEL: gpu.func @masked_kernel(
// CHECK-SAME:      %[[A:[^:]+]]: memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>,
// CHECK:         %[[Z:.+]] = gpu.block_id  z
// CHECK:         memref.subview %[[A]][%[[Z]], 0, 0]
// CHECK:         tile.block_mma
// CHECK:         tile.store_accumulator
func.func @masked(%a: memref<?x?x?xbf16>, %b: memref<?x?x?xbf16>,
                  %c: memref<?x?x?xbf16>, %rows: memref<?xi32>) {
  tile.gemm %a, %b into %c group_rows %rows : memref<?xi32> {schedule = #sched}
      : memref<?x?x?xbf16>, memref<?x?x?xbf16> into memref<?x?x?xbf16>
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1>,
  store = #tile.store<tma>>

// CHECK-LABEL: gpu.func @contiguous_kernel(
// CHECK-SAME:      %[[A:[^:]+]]: memref<?x?xbf16, strided<[?, 1], offset: ?>>,
// CHECK-SAME:      %[[B:[^:]+]]: memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>,
// CHECK-SAME:      %[[C:[^:]+]]: memref<?x?xbf16, strided<[?, 1], offset: ?>>,
// CHECK:         %[[Z:.+]] = gpu.block_id  z
// CHECK:         %[[ENTRY:.+]] = memref.subview %[[B]][%[[Z]], 0, 0]
// CHECK:         scf.for
// CHECK:           memref.subview %[[A]][
// CHECK:           memref.subview %[[ENTRY]][
// CHECK:           tile.block_mma
// CHECK:         memref.subview %[[C]][
// CHECK:         tile.store_accumulator
func.func @contiguous(%a: memref<?x?xbf16>, %b: memref<?x?x?xbf16>,
                      %c: memref<?x?xbf16>, %offsets: memref<?xi32>) {
  tile.gemm %a, %b into %c group_offsets %offsets : memref<?xi32> {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?x?xbf16> into memref<?x?xbf16>
  return
}
