// RUN: gemm-opt %s --split-input-file \
// RUN:   --pass-pipeline="builtin.module(gpu.module(tile-block-tile,tile-warp-specialize,cse))" \
// RUN:   | FileCheck %s --enable-var-scope

// Batched kernels (tile.batched, 3-D operands as tile-outline-kernel makes
// them; tile-block-tile first gives each block the batch entry blockIdx.z).
// tile-warp-specialize loads A and B through their 3-D tensor maps with the
// batch entry as third coordinate (0 for an operand of batch stride 0, read
// from its memref), keeps the 2-D box type for wgmma's matrix descriptors,
// and stores C into the entry's 2-D view (or, with #tile.store<tma>, through
// C's 3-D map); a persistent grid walks the tiles of every entry.

// One block per tile and entry, column-major A (two M panels per stage),
// vector epilogue store.

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<vector>>

// CHECK-LABEL: gpu.func @batched_kernel(
// CHECK-SAME:      %[[A:[^:]+]]: memref<?x?x?xbf16, strided<[?, 1, ?], offset: ?>>,
// CHECK-SAME:      %[[B:[^:]+]]: memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>,
// CHECK-SAME:      %[[C:[^:]+]]: memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>,
// CHECK-SAME:      %[[TMA_A:[^:]+]]: !llvm.ptr, %[[TMA_B:[^:]+]]: !llvm.ptr)
// CHECK-DAG:     %[[C0:.+]] = arith.constant 0 : index
// CHECK:         %[[BZ:.+]] = gpu.block_id z
// CHECK:         %[[MMA_A:.+]] = builtin.unrealized_conversion_cast %[[TMA_A]] : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<64x64xbf16, 3>
// CHECK:         %[[MMA_B:.+]] = builtin.unrealized_conversion_cast %[[TMA_B]] : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<64x64xbf16, 3>
// CHECK:         %[[MAP_A:.+]] = builtin.unrealized_conversion_cast %[[TMA_A]] : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<1x64x64xbf16, 3>
// CHECK:         %[[MAP_B:.+]] = builtin.unrealized_conversion_cast %[[TMA_B]] : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<1x64x64xbf16, 3>
// CHECK:         nvgpu.tma.prefetch.descriptor %[[MAP_A]]
// CHECK:         nvgpu.tma.prefetch.descriptor %[[MAP_B]]
// CHECK:         %{{.+}}, %{{.+}}, %{{.+}}:3, %[[STRIDES_A:.+]]:3 = memref.extract_strided_metadata %[[A]]
// CHECK:         %[[BCAST_A:.+]] = arith.cmpi eq, %[[STRIDES_A]]#0, %[[C0]] : index
// CHECK:         %{{.+}}, %{{.+}}, %{{.+}}:3, %[[STRIDES_B:.+]]:3 = memref.extract_strided_metadata %[[B]]
// CHECK:         %[[BCAST_B:.+]] = arith.cmpi eq, %[[STRIDES_B]]#0, %[[C0]] : index
// The producer: entry blockIdx.z, or 0 for a broadcast operand.
// CHECK:         %[[ENTRY_A:.+]] = arith.select %[[BCAST_A]], %[[C0]], %[[BZ]] : index
// CHECK:         %[[ENTRY_B:.+]] = arith.select %[[BCAST_B]], %[[C0]], %[[BZ]] : index
// CHECK:         scf.for
// CHECK:           %[[VA0:.+]] = memref.view {{.+}} to memref<1x64x64xbf16, #gpu.address_space<workgroup>>
// CHECK:           nvgpu.tma.async.load %[[MAP_A]][%{{.+}}, %[[K:.+]], %[[ENTRY_A]]], %{{.+}} to %[[VA0]]
// CHECK:           nvgpu.tma.async.load %[[MAP_A]][%{{.+}}, %[[K]], %[[ENTRY_A]]]
// CHECK-COUNT-4:   nvgpu.tma.async.load %[[MAP_B]][%{{.+}}, %[[K]], %[[ENTRY_B]]]
// CHECK-NOT:       nvgpu.tma.async.load
// The consumers' wgmma descriptors see the 2-D boxes.
// CHECK:         nvgpu.warpgroup.generate.descriptor %{{.+}}, %[[MMA_A]] : memref<64x64xbf16, #gpu.address_space<workgroup>>
// CHECK:         nvgpu.warpgroup.generate.descriptor %{{.+}}, %[[MMA_B]] : memref<64x256xbf16, #gpu.address_space<workgroup>>
// The epilogue stores into entry blockIdx.z of C.
// CHECK:         %[[EC:.+]] = memref.subview %[[C]][%[[BZ]], 0, 0] [1, %{{.+}}, %{{.+}}] [1, 1, 1]
// CHECK-SAME:      to memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK:         vector.store %{{.+}}, %[[EC]][%{{.+}}, %{{.+}}] {alignment = 16 : i64}
gpu.module @batched_kernel_module {
  gpu.func @batched_kernel(%a: memref<?x?x?xbf16, strided<[?, 1, ?], offset: ?>>,
                           %b: memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>,
                           %c: memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>,
                           %ta: !llvm.ptr, %tb: !llvm.ptr) kernel
      attributes {known_block_size = array<i32: 384, 1, 1>, tile.batched, tile.layouts = ["col", "row", "row"], tile.schedule = #sched} {
    tile.gemm %a, %b into %c {schedule = #sched}
        : memref<?x?x?xbf16, strided<[?, 1, ?], offset: ?>>, memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>
          into memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>
    gpu.return
  }
}

// -----

// A persistent grid with TMA epilogue stores (the example's schedule): the
// blocks walk tilesM x tilesN x batch tiles; tile i of a block is in entry
// i / (tilesM x tilesN), where the loads and the stores (C's map is 3-D)
// name it.

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  store = #tile.store<tma>>

// CHECK-LABEL: gpu.func @persistent_kernel(
// CHECK-SAME:      %{{[^:]+}}: memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>,
// CHECK-SAME:      %{{[^:]+}}: memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>,
// CHECK-SAME:      %[[C:[^:]+]]: memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>,
// CHECK-SAME:      %{{[^:]+}}: !llvm.ptr, %{{[^:]+}}: !llvm.ptr, %[[TMA_C:[^:]+]]: !llvm.ptr, %{{[^:]+}}: i32)
// CHECK-DAG:     %[[C0:.+]] = arith.constant 0 : index
// CHECK:         %[[BATCH:.+]] = memref.dim %[[C]], %[[C0]]
// CHECK:         %[[MAP_C:.+]] = builtin.unrealized_conversion_cast %[[TMA_C]] : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<1x64x64xbf16, 3>, swizzle = swizzle_128b, l2promo = none
// CHECK:         %[[PER_ENTRY:.+]] = arith.muli %{{.+}}, %{{.+}} : index
// CHECK-NEXT:    %[[ALL:.+]] = arith.muli %[[PER_ENTRY]], %[[BATCH]] : index
// CHECK:         arith.maxui %[[ALL]], %{{.+}} : index
// Producer: the entry of tile number block + i x grid.
// CHECK:         %[[LINEAR:.+]] = arith.addi %{{.+}}, %{{.+}} : index
// CHECK-NEXT:    %[[ENTRY:.+]] = arith.divui %[[LINEAR]], %[[PER_ENTRY]] : index
// CHECK-NEXT:    arith.remui %[[LINEAR]], %[[PER_ENTRY]] : index
// CHECK:         %[[ENTRY_A:.+]] = arith.select %{{.+}}, %[[C0]], %[[ENTRY]] : index
// CHECK:         %[[ENTRY_B:.+]] = arith.select %{{.+}}, %[[C0]], %[[ENTRY]] : index
// CHECK:         nvgpu.tma.async.load %{{.+}}[%{{.+}}, %{{.+}}, %[[ENTRY_A]]]
// CHECK-COUNT-4: nvgpu.tma.async.load %{{.+}}[%{{.+}}, %{{.+}}, %[[ENTRY_B]]]
// Consumers: the same entry for the stores.
// CHECK:         %[[CLINEAR:.+]] = arith.addi %{{.+}}, %{{.+}} : index
// CHECK-NEXT:    %[[CENTRY:.+]] = arith.divui %[[CLINEAR]], %[[PER_ENTRY]] : index
// CHECK:         memref.subview %[[C]][%[[CENTRY]], 0, 0]
// CHECK-COUNT-4: nvgpu.tma.async.store %{{.+}} to %[[MAP_C]][%{{.+}}, %{{.+}}, %[[CENTRY]]] : memref<1x64x64xbf16, #gpu.address_space<workgroup>>
gpu.module @persistent_kernel_module {
  gpu.func @persistent_kernel(%a: memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>,
                              %b: memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>,
                              %c: memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>,
                              %ta: !llvm.ptr, %tb: !llvm.ptr, %tc: !llvm.ptr,
                              %has_tc: i32) kernel
      attributes {known_block_size = array<i32: 384, 1, 1>, tile.batched, tile.schedule = #sched} {
    tile.gemm %a, %b into %c {schedule = #sched}
        : memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>, memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>
          into memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>
    gpu.return
  }
}
