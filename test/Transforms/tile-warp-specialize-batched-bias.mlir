// RUN: gemm-opt %s --tile-outline-kernel \
// RUN:   | gemm-opt --pass-pipeline="builtin.module(gpu.module(tile-block-tile,tile-warp-specialize,cse))" \
// RUN:   | FileCheck %s --enable-var-scope

// A persistent batched GEMM with the TMA store reads its column bias before
// each tile's main loop (TmaStoreEpilogue::loadBias), with 2-element vector
// loads where the tile's runs lie inside C. That test asks the tile's batch
// entry, an M × N view of C: its rows against C's dimension 1 and its
// columns against dimension 2, not the batch count and M of the 3-D C
// (which let a large batch with M > N read the bias past N).

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  store = #tile.store<tma>>

// CHECK-LABEL: gpu.func @persistent_bias_kernel(
// CHECK-SAME:      %[[C:arg2]]: memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>
// CHECK-DAG:     %[[ROWS:.+]] = memref.dim %[[C]], %c1
// CHECK-DAG:     %[[COLS:.+]] = memref.dim %[[C]], %c2
// CHECK:         arith.cmpi ule, %{{.+}}, %[[ROWS]] : index
// CHECK-NEXT:    %[[COL_END:.+]] = arith.addi %{{.+}}, %c256 : index
// CHECK-NEXT:    arith.cmpi ule, %[[COL_END]], %[[COLS]] : index
// CHECK-NEXT:    arith.andi
// CHECK:         memref.extract_strided_metadata %{{.+}} : memref<?xbf16, strided<[1], offset: ?>>
func.func @persistent_bias(%a: memref<?x?x?xbf16>, %b: memref<?x?x?xbf16>,
                           %c: memref<?x?x?xbf16>, %bias: memref<?xbf16>) {
  tile.gemm %a, %b into %c bias %bias : memref<?xbf16> {schedule = #sched,
      epilogue = #tile.epilogue<bias = column>}
      : memref<?x?x?xbf16>, memref<?x?x?xbf16> into memref<?x?x?xbf16>
  return
}
