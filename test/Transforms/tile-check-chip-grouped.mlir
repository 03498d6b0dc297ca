// RUN: gemm-opt %s --split-input-file --verify-diagnostics \
// RUN:   --tile-check-chip="chip=sm_90a" | FileCheck %s

// Grouped GEMMs lower in both layouts: masked (group_rows) and contiguous
// (group_offsets); tile-check-chip passes them on.

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1>,
  store = #tile.store<tma>>

// CHECK-LABEL: func.func @masked(
// CHECK:         tile.gemm {{.+}} group_rows
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

// CHECK-LABEL: func.func @contiguous(
// CHECK:         tile.gemm {{.+}} group_offsets
func.func @contiguous(%a: memref<?x?xbf16>, %b: memref<?x?x?xbf16>,
                      %c: memref<?x?xbf16>, %offsets: memref<?xi32>) {
  tile.gemm %a, %b into %c group_offsets %offsets : memref<?xi32> {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?x?xbf16> into memref<?x?xbf16>
  return
}
