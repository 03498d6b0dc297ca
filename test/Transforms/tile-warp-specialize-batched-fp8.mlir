// RUN: gemm-opt %s --split-input-file --tile-outline-kernel | FileCheck %s --check-prefix=OUTLINE
// RUN: gemm-opt %s --split-input-file \
// RUN:   --pass-pipeline="builtin.module(tile-outline-kernel,gpu.module(tile-block-tile,tile-warp-specialize,cse))" \
// RUN:   | FileCheck %s --enable-var-scope

// Batched FP8 GEMMs. tile-outline-kernel passes a scale operand with a
// batch dimension (each entry's scales) as a memref with a dynamic batch
// stride and records it in tile.per_entry_scales; tile-warp-specialize
// reads the scales of a tile's batch entry through a rank-reducing
// memref.subview at that entry, and a shared operand as it is, so the
// accumulator scaling sees scales of the mode's rank either way.

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 128], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 32]>,
  elements = #tile.elements<a = f8E4M3FN, b = f8E4M3FN, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  store = #tile.store<tma>>

// OUTLINE-LABEL: func.func @tensor(
// OUTLINE:         gpu.launch_func
// OUTLINE-SAME:      %{{.+}} : memref<?xf32, strided<[?], offset: ?>>, %{{.+}} : memref<f32, strided<[], offset: ?>>)
// OUTLINE:       gpu.func @tensor_kernel(
// OUTLINE-SAME:      %{{.+}}: memref<?xf32, strided<[?], offset: ?>>, %{{.+}}: memref<f32, strided<[], offset: ?>>)
// OUTLINE-SAME:      tile.per_entry_scales = ["a"]

// CHECK-LABEL: gpu.func @tensor_kernel(
// CHECK-SAME:      %[[SA:[^:]+]]: memref<?xf32, strided<[?], offset: ?>>, %[[SB:[^:]+]]: memref<f32, strided<[], offset: ?>>)
// CHECK:         nvvm.setmaxregister increase 232
// CHECK:         scf.for
// CHECK:           %[[ENTRY:.+]] = arith.divui
// CHECK:           %[[VIEW:.+]] = memref.subview %[[SA]][%[[ENTRY]]] [1] [1] : memref<?xf32, strided<[?], offset: ?>> to memref<f32, strided<[], offset: ?>>
// CHECK:           memref.load %[[VIEW]][] : memref<f32, strided<[], offset: ?>>
// CHECK:           memref.load %[[SB]][] : memref<f32, strided<[], offset: ?>>
func.func @tensor(%a: memref<?x?x?xf8E4M3FN>, %b: memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>>,
                  %c: memref<?x?x?xbf16>, %sa: memref<?xf32>, %sb: memref<f32>) {
  tile.gemm %a, %b into %c scale_a %sa : memref<?xf32> scale_b %sb : memref<f32>
      {schedule = #sched, scaling = #tile.scaling<a = tensor, b = tensor, fast_accumulation = true>}
      : memref<?x?x?xf8E4M3FN>, memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>> into memref<?x?x?xbf16>
  return
}

// -----

// Block scales of each entry's A, one set of B's for all entries: the
// producer's block-scale warp reads A's through the entry's 2-D view (and
// stages them in shared memory for the promoting main loop).

#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 128], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 32]>,
  elements = #tile.elements<a = f8E4M3FN, b = f8E4M3FN, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 5, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 56, consumer_registers = 224>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  store = #tile.store<tma>>

// OUTLINE-LABEL: gpu.func @blocks_kernel(
// OUTLINE-SAME:      %{{.+}}: memref<?x?x?xf32, strided<[?, ?, ?], offset: ?>>, %{{.+}}: memref<?x?xf32, strided<[?, ?], offset: ?>>)
// OUTLINE-SAME:      tile.per_entry_scales = ["a"]

// CHECK-LABEL: gpu.func @blocks_kernel(
// CHECK-SAME:      %[[SA:[^:]+]]: memref<?x?x?xf32, strided<[?, ?, ?], offset: ?>>, %[[SB:[^:]+]]: memref<?x?xf32, strided<[?, ?], offset: ?>>)
// CHECK:         nvvm.setmaxregister decrease 56
// CHECK:           %[[VIEW:.+]] = memref.subview %[[SA]][%{{.+}}, 0, 0] [1, %{{.+}}, %{{.+}}] [1, 1, 1] : memref<?x?x?xf32, strided<[?, ?, ?], offset: ?>> to memref<?x?xf32, strided<[?, ?], offset: ?>>
// CHECK:           memref.load %[[VIEW]][%{{.+}}, %{{.+}}] : memref<?x?xf32, strided<[?, ?], offset: ?>>
// CHECK:           memref.load %[[SB]][%{{.+}}, %{{.+}}] : memref<?x?xf32, strided<[?, ?], offset: ?>>
// CHECK:         nvvm.setmaxregister increase 224
func.func @blocks(%a: memref<?x?x?xf8E4M3FN>, %b: memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>>,
                  %c: memref<?x?x?xbf16>, %sa: memref<?x?x?xf32, strided<[?, 1, ?], offset: ?>>,
                  %sb: memref<?x?xf32, strided<[1, ?], offset: ?>>) {
  tile.gemm %a, %b into %c scale_a %sa : memref<?x?x?xf32, strided<[?, 1, ?], offset: ?>>
      scale_b %sb : memref<?x?xf32, strided<[1, ?], offset: ?>>
      {schedule = #sched, scaling = #tile.scaling<a = block_1x128, b = block_128x128>}
      : memref<?x?x?xf8E4M3FN>, memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>> into memref<?x?x?xbf16>
  return
}
