// RUN: gemm-opt %s -split-input-file \
// RUN:   --pass-pipeline="builtin.module(tile-outline-kernel,gpu.module(tile-block-tile,tile-warp-specialize,cse))" \
// RUN:   | FileCheck %s --enable-var-scope

// A grouped kernel's fused epilogue applies per group
// (passes/epilogue/GroupEpilogueOperands.cpp). The per-group bias is a
// G × N (or masked row bias G × M_max) kernel argument; each consumer tile
// views row g of it, g the group its walk found, so every bias address is
// the group's row plus the column. A masked residual is read at the group's
// entry, cut at the group's valid rows like C.

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1>,
  store = #tile.store<tma>>

// CHECK-LABEL: gpu.func @contiguous_kernel(
// CHECK-SAME:      %[[BIAS:[^:]+]]: memref<?x?xbf16, strided<[?, 1], offset: ?>>, %{{[^:]+}}: memref<?xi32>)
// CHECK-SAME:      tile.epilogue = #tile.epilogue<bias = column, activation = silu>
// CHECK-SAME:      tile.grouped = "contiguous"
// The consumers find the tile's group (lane 0's, broadcast) and view the
// bias at its row before the main loop.
// CHECK:         nvvm.setmaxregister  increase 232
// CHECK:         nvvm.vote.sync  ballot
// CHECK:         %[[G32:.+]] = nvvm.shfl.sync  idx %{{.+}}, %{{.+}}, %c0_i32, %c31_i32 : i32 -> i32
// CHECK-NEXT:    %[[GROUP:.+]] = arith.index_castui %[[G32]] : i32 to index
// CHECK:         %[[N:.+]] = memref.dim %[[BIAS]], %c1
// CHECK:         %[[ROW:.+]] = memref.subview %[[BIAS]][%[[GROUP]], 0] [1, %[[N]]] [1, 1]
// CHECK-SAME:        to memref<?xbf16, strided<[1], offset: ?>>
// Its offset (group · row stride) is in every bias address.
// CHECK:         %{{.+}}, %[[OFFSET:.+]], %{{.+}}, %{{.+}} = memref.extract_strided_metadata %[[ROW]]
// CHECK:         %[[BASE:.+]] = memref.extract_aligned_pointer_as_index %[[ROW]]
// CHECK:         scf.if
// CHECK:           %[[ENTRY:.+]] = arith.addi %[[OFFSET]], %{{.+}} : index
// CHECK:           %[[BYTES:.+]] = arith.muli %[[ENTRY]], %c2 : index
// CHECK:           %[[ADDRESS:.+]] = arith.addi %[[BASE]], %[[BYTES]] : index
// CHECK:           llvm.load %{{.+}} invariant {alignment = 4 : i64} : !llvm.ptr<1> -> vector<2xbf16>
// The main loop, then the stores.
// CHECK:         nvvm.wgmma.wait.group.sync.aligned 0
// CHECK:         nvgpu.tma.async.store
func.func @contiguous(%a: memref<?x?xbf16>,
                      %b: memref<?x?x?xbf16, strided<[?, 1, ?], offset: ?>>,
                      %c: memref<?x?xbf16>, %offsets: memref<?xi32>,
                      %bias: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c group_offsets %offsets : memref<?xi32>
      bias %bias : memref<?x?xbf16>
      {schedule = #sched, epilogue = #tile.epilogue<bias = column, activation = silu>}
      : memref<?x?xbf16>, memref<?x?x?xbf16, strided<[?, 1, ?], offset: ?>>
        into memref<?x?xbf16>
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

// Masked: a row bias is G × M_max (row g for group g's rows); C and the
// residual are G × M_max × N, each read at the group's entry and cut at
// its valid rows.
// CHECK-LABEL: gpu.func @masked_kernel(
// CHECK-SAME:      %[[C:[^:]+]]: memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>, %{{[^:]+}}: !llvm.ptr, %{{[^:]+}}: !llvm.ptr, %{{[^:]+}}: !llvm.ptr, %{{[^:]+}}: f32, %{{[^:]+}}: f32, %[[BIAS:[^:]+]]: memref<?x?xbf16, strided<[?, 1], offset: ?>>, %[[RES:[^:]+]]: memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>, %{{[^:]+}}: memref<?xi32>)
// CHECK-SAME:      tile.grouped = "masked"
// CHECK:         nvvm.setmaxregister  increase 232
// CHECK:         nvvm.vote.sync  ballot
// CHECK:         %[[G32:.+]] = nvvm.shfl.sync  idx %{{.+}}, %{{.+}}, %c0_i32, %c31_i32 : i32 -> i32
// CHECK-NEXT:    %[[GROUP:.+]] = arith.index_castui %[[G32]] : i32 to index
// CHECK-NEXT:    %[[R32:.+]] = nvvm.shfl.sync  idx %{{.+}}, %{{.+}}, %c0_i32, %c31_i32 : i32 -> i32
// CHECK-NEXT:    %[[ROWS:.+]] = arith.index_castui %[[R32]] : i32 to index
// CHECK:         memref.subview %[[BIAS]][%[[GROUP]], 0] [1, %{{.+}}] [1, 1]
// CHECK:         nvgpu.warpgroup.mma
// CHECK:         nvvm.wgmma.wait.group.sync.aligned 0
// CHECK:         %[[ENTRYC:.+]] = memref.subview %[[C]][%[[GROUP]], 0, 0]
// CHECK:         memref.subview %[[ENTRYC]][0, 0] [%[[ROWS]], %{{.+}}] [1, 1]
// CHECK:         %[[ENTRYR:.+]] = memref.subview %[[RES]][%[[GROUP]], 0, 0]
// CHECK:         memref.subview %[[ENTRYR]][0, 0] [%[[ROWS]], %{{.+}}] [1, 1]
func.func @masked(%a: memref<?x?x?xbf16>, %b: memref<?x?x?xbf16>,
                  %c: memref<?x?x?xbf16>, %rows: memref<?xi32>, %alpha: f32,
                  %beta: f32, %bias: memref<?x?xbf16>,
                  %residual: memref<?x?x?xbf16>) {
  tile.gemm %a, %b into %c group_rows %rows : memref<?xi32>
      alpha %alpha beta %beta bias %bias : memref<?x?xbf16>
      residual %residual : memref<?x?x?xbf16>
      {schedule = #sched, epilogue = #tile.epilogue<alpha_beta = true, bias = row, residual = true>}
      : memref<?x?x?xbf16>, memref<?x?x?xbf16> into memref<?x?x?xbf16>
  return
}
