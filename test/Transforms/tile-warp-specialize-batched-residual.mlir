// RUN: gemm-opt %s --split-input-file --tile-outline-kernel \
// RUN:   | gemm-opt --split-input-file --pass-pipeline="builtin.module(gpu.module(tile-block-tile,tile-warp-specialize,cse))" \
// RUN:   | FileCheck %s --enable-var-scope

// A batched GEMM's fused residual is a batch of matrices laid out like C
// (rank 3, C's major order, its own batch stride): the epilogue reads entry
// b's residual where it stores entry b of C, through the same kind of 2-D
// entry view (passes/epilogue/FusedEpilogue.h, readingC).

// One block per tile and entry (grid z), the vector store.

#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 64], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<vector>>

// CHECK-LABEL: gpu.func @batched_residual_kernel(
// CHECK-SAME:      %[[C:arg2]]: memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>,
// CHECK-SAME:      %[[R:arg5]]: memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>)
// CHECK:         %[[BZ:.+]] = gpu.block_id z
// CHECK:         %[[ENTRY_C:.+]] = memref.subview %[[C]][%[[BZ]], 0, 0] [1, %{{.+}}, %{{.+}}] [1, 1, 1]
// CHECK:         %[[ENTRY_R:.+]] = memref.subview %[[R]][%[[BZ]], 0, 0] [1, %{{.+}}, %{{.+}}] [1, 1, 1]
// CHECK-SAME:      to memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK:         vector.load %[[ENTRY_R]]
// CHECK:         vector.store %{{.+}}, %[[ENTRY_C]]
// CHECK-NOT:     memref.subview %[[R]]
func.func @batched_residual(%a: memref<?x?x?xbf16>, %b: memref<?x?x?xbf16>,
                            %c: memref<?x?x?xbf16>, %r: memref<?x?x?xbf16>) {
  tile.gemm %a, %b into %c residual %r : memref<?x?x?xbf16> {schedule = #sched,
      epilogue = #tile.epilogue<residual = true>}
      : memref<?x?x?xbf16>, memref<?x?x?xbf16> into memref<?x?x?xbf16>
  return
}

// -----

// A persistent grid (the tile walk picks each tile's entry) with the TMA
// store; alpha_beta reads the same entry of C.

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  store = #tile.store<tma>>

// CHECK-LABEL: gpu.func @persistent_residual_kernel(
// CHECK-SAME:      %[[C:arg2]]: memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>,
// CHECK-SAME:      %[[R:arg8]]: memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>)
// CHECK:         %[[ENTRY_C:.+]] = memref.subview %[[C]][%[[ENTRY:.+]], 0, 0] [1, %{{.+}}, %{{.+}}] [1, 1, 1]
// CHECK:         %[[ENTRY_R:.+]] = memref.subview %[[R]][%[[ENTRY]], 0, 0] [1, %{{.+}}, %{{.+}}] [1, 1, 1]
// CHECK:         vector.load %[[ENTRY_R]]
// CHECK-NOT:     memref.subview %[[R]]
func.func @persistent_residual(%a: memref<?x?x?xbf16>, %b: memref<?x?x?xbf16>,
                               %c: memref<?x?x?xbf16>, %alpha: f32, %beta: f32,
                               %r: memref<?x?x?xbf16>) {
  tile.gemm %a, %b into %c alpha %alpha beta %beta residual %r : memref<?x?x?xbf16> {schedule = #sched,
      epilogue = #tile.epilogue<alpha_beta = true, residual = true>}
      : memref<?x?x?xbf16>, memref<?x?x?xbf16> into memref<?x?x?xbf16>
  return
}
