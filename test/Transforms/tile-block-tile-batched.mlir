// RUN: gemm-opt %s --pass-pipeline="builtin.module(gpu.module(tile-block-tile))" \
// RUN:   | FileCheck %s

// A batched kernel (3-D operands): the block's batch entry is blockIdx.z,
// and the block tile, K loop and store work on that entry's 2-D views
// (rank-reducing subviews that keep each operand's major order), as for a
// single GEMM.

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
// CHECK-DAG:     %[[C1:.+]] = arith.constant 1 : index
// CHECK-DAG:     %[[C2:.+]] = arith.constant 2 : index
// CHECK:         %[[BZ:.+]] = gpu.block_id z
// CHECK:         %[[M:.+]] = memref.dim %[[A]], %[[C1]]
// CHECK:         %[[K:.+]] = memref.dim %[[A]], %[[C2]]
// CHECK:         %[[EA:.+]] = memref.subview %[[A]][%[[BZ]], 0, 0] [1, %[[M]], %[[K]]] [1, 1, 1]
// CHECK-SAME:      to memref<?x?xbf16, strided<[1, ?], offset: ?>>
// CHECK:         %[[EB:.+]] = memref.subview %[[B]][%[[BZ]], 0, 0] [1, %{{.+}}, %{{.+}}] [1, 1, 1]
// CHECK-SAME:      to memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK:         %[[EC:.+]] = memref.subview %[[C]][%[[BZ]], 0, 0] [1, %{{.+}}, %{{.+}}] [1, 1, 1]
// CHECK-SAME:      to memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK:         %[[BX:.+]] = gpu.block_id x
// CHECK:         %[[BY:.+]] = gpu.block_id y
// CHECK:         scf.for %[[KK:.+]] = %{{.+}} to %[[K]] step
// CHECK:           memref.subview %[[EA]][%{{.+}}, %[[KK]]] [128, 64] [1, 1]
// CHECK:           memref.subview %[[EB]][%[[KK]], %{{.+}}] [64, 256] [1, 1]
// CHECK:           tile.block_mma
// CHECK:         %[[TC:.+]] = memref.subview %[[EC]][%{{.+}}, %{{.+}}] [128, 256] [1, 1]
// CHECK:         tile.store_accumulator %{{.+}}, %[[TC]]
// CHECK-NOT:     tile.gemm
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
