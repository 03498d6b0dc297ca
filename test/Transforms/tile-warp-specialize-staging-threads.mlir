// RUN: gemm-opt %s --split-input-file \
// RUN:   --pass-pipeline="builtin.module(tile-outline-kernel,gpu.module(tile-block-tile,tile-warp-specialize,cse))" \
// RUN:   | FileCheck %s --enable-var-scope

// tile-warp-specialize copies the f32 staging tile to C in 8-element chunks
// spread over the tile's consumer threads. Where the threads outnumber the
// chunks, or do not divide them, only as many threads copy as divide them
// (the rest skip the copy), so no thread reads past the staging tile.

// Persistent, two consumer warpgroups (256 threads), vector store: the
// staging tile holds one warpgroup's 64 rows of 16 (+8) f32, 128 chunks of
// 8, so threads 0..127 copy one chunk each. Row-major C.
#sched = #tile.schedule<chip = "sm_90a", block = [128, 16, 64], warp = [64, 16],
  mma = #tile.mma<wgmma, [64, 16, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 12, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_n, group = 1>,
  store = #tile.store<vector>>

// CHECK-LABEL: gpu.func @rows_kernel(
// CHECK:         %[[COPIES:.+]] = arith.cmpi ult, %thread_id_x, %c128 : index
// CHECK-NEXT:    scf.if %[[COPIES]] {
// CHECK:           vector.load %{{.+}} : memref<64x24xf32, #gpu.address_space<workgroup>>, vector<8xf32>
func.func @rows(%a: memref<?x?xbf16>, %b: memref<?x?xbf16, strided<[1, ?], offset: ?>>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?xbf16, strided<[1, ?], offset: ?>> into memref<?x?xbf16>
  return
}

// -----

// The same with every operand column-major (the transposed small-M problem):
// C's columns are stored from the staging tile's columns, 8 rows a chunk.
#sched = #tile.schedule<chip = "sm_90a", block = [128, 16, 64], warp = [64, 16],
  mma = #tile.mma<wgmma, [64, 16, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 12, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_n, group = 1>,
  store = #tile.store<vector>>

// CHECK-LABEL: gpu.func @columns_kernel(
// CHECK:         %[[COPIES:.+]] = arith.cmpi ult, %thread_id_x, %c128 : index
// CHECK-NEXT:    scf.if %[[COPIES]] {
// CHECK:           memref.load %{{.+}} : memref<64x24xf32, #gpu.address_space<workgroup>>
func.func @columns(%a: memref<?x?xbf16, strided<[1, ?], offset: ?>>, %b: memref<?x?xbf16, strided<[1, ?], offset: ?>>, %c: memref<?x?xbf16, strided<[1, ?], offset: ?>>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16, strided<[1, ?], offset: ?>>, memref<?x?xbf16, strided<[1, ?], offset: ?>> into memref<?x?xbf16, strided<[1, ?], offset: ?>>
  return
}

// -----

// split_k = 2 with an 8-column tile: 64 rows of 8 are 64 chunks for 128
// threads. The partial sums go to the workspace from threads 0..63 only.
#sched = #tile.schedule<chip = "sm_90a", block = [64, 8, 64], warp = [64, 8],
  mma = #tile.mma<wgmma, [64, 8, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 12, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = false, raster = along_m, group = 1, split_k = 2>,
  store = #tile.store<vector>>

// CHECK-LABEL: gpu.func @split_kernel(
// CHECK:         %[[INSIDE:.+]] = arith.cmpi ult, %thread_id_x, %c64 : index
// CHECK-NEXT:    scf.if %[[INSIDE]] {
// CHECK:           vector.load %{{.+}}[%thread_id_x, %c0] : memref<64x16xf32, #gpu.address_space<workgroup>>, vector<8xf32>
func.func @split(%a: memref<?x?xbf16>, %b: memref<?x?xbf16, strided<[1, ?], offset: ?>>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?xbf16, strided<[1, ?], offset: ?>> into memref<?x?xbf16>
  return
}
