// RUN: gemm-opt %s \
// RUN:   --pass-pipeline="builtin.module(tile-outline-kernel,gpu.module(tile-block-tile,tile-warp-specialize,cse))" \
// RUN:   | FileCheck %s --enable-var-scope

// A grouped kernel in the contiguous layout (tile.grouped = "contiguous",
// the G + 1 group offsets last; passes/hopper/GroupedTileWalk.h). The walk
// is the masked layout's, with each group's rows the difference of two
// offsets. A and C are single matrices: the producer loads A through its
// 2-D map at the group's first row plus the tile's, and B through the 3-D
// map with the group as third coordinate. C is cut at the group's end row:
// a tile that ends before it goes out by TMA (2-D, at the same rows), the
// others are copied by the threads into that view.

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1>,
  store = #tile.store<tma>>

// CHECK-LABEL: gpu.func @contiguous_kernel(
// CHECK-SAME:      %{{[^:]+}}: memref<?x?xbf16, strided<[?, 1], offset: ?>>, %{{[^:]+}}: memref<?x?x?xbf16, strided<[?, 1, ?], offset: ?>>, %[[C:[^:]+]]: memref<?x?xbf16, strided<[?, 1], offset: ?>>, %{{[^:]+}}: !llvm.ptr, %{{[^:]+}}: !llvm.ptr, %[[MAPC:[^:]+]]: !llvm.ptr, %[[OFFSETS:[^:]+]]: memref<?xi32>)
// CHECK-SAME:      tile.grouped = "contiguous"
// The block's tile count: G is the offsets' extent minus one; each lane
// loads its group's first and end offsets.
// CHECK:         %[[ENTRIES:.+]] = memref.dim %[[OFFSETS]], %c0 : memref<?xi32>
// CHECK:         %[[GROUPS:.+]] = arith.subi %[[ENTRIES]], %c1 : index
// CHECK:         scf.for
// CHECK:           memref.load %[[OFFSETS]][%{{.+}}] : memref<?xi32>
// CHECK:           memref.load %[[OFFSETS]][%{{.+}}] : memref<?xi32>
// CHECK:           arith.subi
// CHECK:           arith.ceildivui %{{.+}}, %c128_i32 : i32
// CHECK-COUNT-5:   nvvm.shfl.sync  up
// The producer finds each tile's group, its first row and the tile's row.
// CHECK:         nvvm.setmaxregister  decrease 40
// CHECK:         scf.while
// CHECK:         nvvm.vote.sync  ballot
// CHECK:         %[[GROUP:.+]] = arith.index_castui %{{.+}} : i32 to index
// CHECK:         %[[FIRST:.+]] = arith.index_castui %{{.+}} : i32 to index
// CHECK:         %[[TILE_ROW:.+]] = arith.muli %{{.+}}, %c128 : index
// CHECK:         %[[COL:.+]] = arith.muli %{{.+}}, %c256 : index
// CHECK:         %[[ROW:.+]] = arith.addi %[[FIRST]], %[[TILE_ROW]] : index
// CHECK:         nvgpu.tma.async.load %{{.+}}[%[[K:.+]], %[[ROW]]], %{{.+}} to %{{.+}} : <tensor = memref<128x64xbf16, 3>
// CHECK:         nvgpu.tma.async.load %{{.+}}[%[[K]], %[[COL]], %[[GROUP]]], %{{.+}} to %{{.+}} : <tensor = memref<1x256x64xbf16, 3>
// The consumers store into C up to the group's end row.
// CHECK:         nvvm.setmaxregister  increase 232
// CHECK:         scf.while
// CHECK:         nvgpu.warpgroup.mma
// CHECK:         %[[GROUPC:.+]] = memref.subview %[[C]][0, 0] [%[[END:.+]], %{{.+}}] [1, 1]
// CHECK:         %[[TILE_END:.+]] = arith.addi %[[TILE_START:.+]], %c128 : index
// CHECK:         %[[FITS:.+]] = arith.cmpi ule, %[[TILE_END]], %[[END]] : index
// CHECK:         %[[THERE:.+]] = llvm.icmp "ne" %[[MAPC]], %{{.+}} : !llvm.ptr
// CHECK:         %[[BY_TMA:.+]] = arith.andi %[[THERE]], %[[FITS]] : i1
// CHECK:         scf.if %[[BY_TMA]] {
// CHECK:           nvgpu.tma.async.store %{{.+}} to %{{.+}}[%{{.+}}, %{{.+}}] : memref<64x64xbf16, #gpu.address_space<workgroup>> -> <tensor = memref<64x64xbf16, 3>
// CHECK:         } else {
// CHECK:           vector.store %{{.+}}, %[[GROUPC]][%{{.+}}, %{{.+}}]
func.func @contiguous(%a: memref<?x?xbf16>,
                      %b: memref<?x?x?xbf16, strided<[?, 1, ?], offset: ?>>,
                      %c: memref<?x?xbf16>, %offsets: memref<?xi32>) {
  tile.gemm %a, %b into %c group_offsets %offsets : memref<?xi32> {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?x?xbf16, strided<[?, 1, ?], offset: ?>>
        into memref<?x?xbf16>
  return
}
