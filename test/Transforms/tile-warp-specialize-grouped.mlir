// RUN: gemm-opt %s \
// RUN:   --pass-pipeline="builtin.module(tile-outline-kernel,gpu.module(tile-block-tile,tile-warp-specialize,cse))" \
// RUN:   | FileCheck %s --enable-var-scope

// A grouped kernel in the masked layout (tile.grouped = "masked", the
// group counts last; passes/hopper/GroupedTileWalk.h). Every warp counts
// the non-empty tiles of all groups 32 counts at a time (a shuffle scan of
// ceil(rows / 128) · tilesN per lane) and the persistent blocks take every
// gridDim.x-th of them; each tile's group comes from the same scan in a
// loop over the chunks, a ballot of the groups that end before the tile and
// its popcount. C is the group's batch entry cut at its valid rows: a tile
// that ends within them goes out by TMA, the others are copied by the
// threads into that view.

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1>,
  store = #tile.store<tma>>

// CHECK-LABEL: gpu.func @masked_kernel(
// CHECK-SAME:      %[[C:[^:]+]]: memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>, %{{[^:]+}}: !llvm.ptr, %{{[^:]+}}: !llvm.ptr, %[[MAPC:[^:]+]]: !llvm.ptr, %[[ROWS:[^:]+]]: memref<?xi32>)
// The block's tile count: every chunk of 32 groups scanned, the total
// broadcast from lane 0.
// CHECK:         %[[COUNT:.+]] = scf.for
// CHECK:           %[[LANE:.+]] = nvvm.read.ptx.sreg.laneid : i32
// CHECK:           memref.load %[[ROWS]][%{{.+}}] : memref<?xi32>
// CHECK:           arith.ceildivui %{{.+}}, %c128_i32 : i32
// CHECK-COUNT-5:   nvvm.shfl.sync  up
// CHECK:           nvvm.shfl.sync  idx %{{.+}}, %{{.+}}, %c31_i32, %c31_i32
// CHECK:         nvvm.shfl.sync  idx %{{.+}}, %[[COUNT]], %c0_i32, %c31_i32
// The producer (one warp) finds each tile's group.
// CHECK:         nvvm.setmaxregister  decrease 40
// CHECK:         scf.while
// CHECK:           memref.load %[[ROWS]]
// CHECK:           scf.condition
// CHECK:         %[[ENDED:.+]] = nvvm.vote.sync  ballot %{{.+}}, %{{.+}} -> i32
// CHECK:         llvm.intr.ctpop(%[[ENDED]]) : (i32) -> i32
// CHECK:         nvgpu.tma.async.load
// The consumers find it too, and store into the group's rows of its entry.
// CHECK:         nvvm.setmaxregister  increase 232
// CHECK:         scf.while
// CHECK:         nvvm.vote.sync  ballot
// CHECK:         nvgpu.warpgroup.mma
// CHECK:         %[[ENTRY:.+]] = memref.subview %[[C]][%[[GROUP:.+]], 0, 0] [1, %{{.+}}, %[[N:.+]]] [1, 1, 1]
// CHECK:         %[[GROUPC:.+]] = memref.subview %[[ENTRY]][0, 0] [%[[VALID:.+]], %[[N]]] [1, 1]
// CHECK:         %[[END:.+]] = arith.addi %{{.+}}, %c128 : index
// CHECK:         %[[FITS:.+]] = arith.cmpi ule, %[[END]], %[[VALID]] : index
// CHECK:         %[[THERE:.+]] = llvm.icmp "ne" %[[MAPC]], %{{.+}} : !llvm.ptr
// CHECK:         %[[BY_TMA:.+]] = arith.andi %[[THERE]], %[[FITS]] : i1
// CHECK:         scf.if %[[BY_TMA]] {
// CHECK:           nvgpu.tma.async.store %{{.+}} to %{{.+}}[%{{.+}}, %{{.+}}, %[[GROUP]]]
// CHECK:         } else {
// CHECK:           vector.store %{{.+}}, %[[GROUPC]][%{{.+}}, %{{.+}}]
func.func @masked(%a: memref<?x?x?xbf16>, %b: memref<?x?x?xbf16>,
                  %c: memref<?x?x?xbf16>, %rows: memref<?xi32>) {
  tile.gemm %a, %b into %c group_rows %rows : memref<?xi32> {schedule = #sched}
      : memref<?x?x?xbf16>, memref<?x?x?xbf16> into memref<?x?x?xbf16>
  return
}
