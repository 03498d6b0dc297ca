// RUN: gemm-opt %s --split-input-file \
// RUN:   --pass-pipeline="builtin.module(gpu.module(tile-block-tile))" | FileCheck %s
// RUN: gemm-opt %s --split-input-file --tile-block-tile | FileCheck %s --check-prefix=HOST

// Inside a kernel, tile.gemm becomes the work of one block: the C tile at
// (block_id.y * BM, block_id.x * BN), a K loop in steps of BK over views of
// A and B, and the store of the accumulator.

#sched = #tile.schedule<chip = "sm_90a", block = [64, 64, 32], warp = [32, 32],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

// CHECK-LABEL: gpu.func @gemm_bf16_kernel(
// CHECK-SAME:      %[[A:[^:]+]]: memref<?x?xbf16, strided<[?, 1], offset: ?>>,
// CHECK-SAME:      %[[B:[^:]+]]: memref<?x?xbf16, strided<[?, 1], offset: ?>>,
// CHECK-SAME:      %[[C:[^:]+]]: memref<?x?xbf16, strided<[?, 1], offset: ?>>)
// CHECK-DAG:     %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.+]] = arith.constant 1 : index
// CHECK-DAG:     %[[C32:.+]] = arith.constant 32 : index
// CHECK-DAG:     %[[C64:.+]] = arith.constant 64 : index
// CHECK:         %[[BX:.+]] = gpu.block_id x
// CHECK:         %[[BY:.+]] = gpu.block_id y
// CHECK:         %[[ROW:.+]] = arith.muli %[[BY]], %[[C64]] : index
// CHECK:         %[[COL:.+]] = arith.muli %[[BX]], %[[C64]] : index
// CHECK:         %[[ACC:.+]] = tile.alloc_accumulator {schedule = #tile.schedule<{{.+}}>} : !tile.accumulator<[64, 64], f32>
// CHECK:         %[[K:.+]] = memref.dim %[[A]], %[[C1]]
// CHECK:         scf.for %[[KK:.+]] = %[[C0]] to %[[K]] step %[[C32]] {
// CHECK:           %[[TA:.+]] = memref.subview %[[A]][%[[ROW]], %[[KK]]] [64, 32] [1, 1]
// CHECK-SAME:        to memref<64x32xbf16, strided<[?, 1], offset: ?>>
// CHECK:           %[[TB:.+]] = memref.subview %[[B]][%[[KK]], %[[COL]]] [32, 64] [1, 1]
// CHECK-SAME:        to memref<32x64xbf16, strided<[?, 1], offset: ?>>
// CHECK:           tile.block_mma %[[ACC]], %[[TA]], %[[TB]] {schedule = #tile.schedule<{{.+}}>}
// CHECK-SAME:        : !tile.accumulator<[64, 64], f32>, memref<64x32xbf16, strided<[?, 1], offset: ?>>, memref<32x64xbf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:    {{^ *}$}}
// CHECK:         %[[TC:.+]] = memref.subview %[[C]][%[[ROW]], %[[COL]]] [64, 64] [1, 1]
// CHECK-SAME:      to memref<64x64xbf16, strided<[?, 1], offset: ?>>
// CHECK:         tile.store_accumulator %[[ACC]], %[[TC]] {schedule = #tile.schedule<{{.+}}>}
// CHECK-SAME:      : !tile.accumulator<[64, 64], f32>, memref<64x64xbf16, strided<[?, 1], offset: ?>>
// CHECK-NOT:     tile.gemm
// CHECK:         gpu.return
gpu.module @gemm_bf16_kernel_module {
  gpu.func @gemm_bf16_kernel(%a: memref<?x?xbf16, strided<[?, 1], offset: ?>>,
                             %b: memref<?x?xbf16, strided<[?, 1], offset: ?>>,
                             %c: memref<?x?xbf16, strided<[?, 1], offset: ?>>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>, tile.schedule = #sched} {
    tile.gemm %a, %b into %c {schedule = #sched}
        : memref<?x?xbf16, strided<[?, 1], offset: ?>>, memref<?x?xbf16, strided<[?, 1], offset: ?>>
          into memref<?x?xbf16, strided<[?, 1], offset: ?>>
    gpu.return
  }
}

// -----

// f16 with BM != BN != BK: rows scale by BM = 128, columns by BN = 64, and
// the K step is BK = 16.

#sched = #tile.schedule<chip = "sm_80", block = [128, 64, 16], warp = [64, 32],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.pad<8>, smem_b = #tile.pad<8>,
  pipeline = #tile.pipeline<stages = 2, load = cp_async>>

// CHECK-LABEL: gpu.func @gemm_f16_kernel(
// CHECK-SAME:      %[[A:[^:]+]]: memref<?x?xf16, strided<[?, 1], offset: ?>>,
// CHECK-SAME:      %[[B:[^:]+]]: memref<?x?xf16, strided<[?, 1], offset: ?>>,
// CHECK-SAME:      %[[C:[^:]+]]: memref<?x?xf16, strided<[?, 1], offset: ?>>)
// CHECK-DAG:     %[[C16:.+]] = arith.constant 16 : index
// CHECK-DAG:     %[[C64:.+]] = arith.constant 64 : index
// CHECK-DAG:     %[[C128:.+]] = arith.constant 128 : index
// CHECK:         %[[BX:.+]] = gpu.block_id x
// CHECK:         %[[BY:.+]] = gpu.block_id y
// CHECK:         %[[ROW:.+]] = arith.muli %[[BY]], %[[C128]] : index
// CHECK:         %[[COL:.+]] = arith.muli %[[BX]], %[[C64]] : index
// CHECK:         %[[ACC:.+]] = tile.alloc_accumulator {{.+}} : !tile.accumulator<[128, 64], f32>
// CHECK:         scf.for %[[KK:.+]] = %{{.+}} to %{{.+}} step %[[C16]] {
// CHECK:           %[[TA:.+]] = memref.subview %[[A]][%[[ROW]], %[[KK]]] [128, 16] [1, 1]
// CHECK:           %[[TB:.+]] = memref.subview %[[B]][%[[KK]], %[[COL]]] [16, 64] [1, 1]
// CHECK:           tile.block_mma %[[ACC]], %[[TA]], %[[TB]]
// CHECK-SAME:        : !tile.accumulator<[128, 64], f32>, memref<128x16xf16, strided<[?, 1], offset: ?>>, memref<16x64xf16, strided<[?, 1], offset: ?>>
// CHECK:         %[[TC:.+]] = memref.subview %[[C]][%[[ROW]], %[[COL]]] [128, 64] [1, 1]
// CHECK:         tile.store_accumulator %[[ACC]], %[[TC]]
// CHECK-SAME:      : !tile.accumulator<[128, 64], f32>, memref<128x64xf16, strided<[?, 1], offset: ?>>
// CHECK-NOT:     tile.gemm
// CHECK:         gpu.return
gpu.module @gemm_f16_kernel_module {
  gpu.func @gemm_f16_kernel(%a: memref<?x?xf16, strided<[?, 1], offset: ?>>,
                            %b: memref<?x?xf16, strided<[?, 1], offset: ?>>,
                            %c: memref<?x?xf16, strided<[?, 1], offset: ?>>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>, tile.schedule = #sched} {
    tile.gemm %a, %b into %c {schedule = #sched}
        : memref<?x?xf16, strided<[?, 1], offset: ?>>, memref<?x?xf16, strided<[?, 1], offset: ?>>
          into memref<?x?xf16, strided<[?, 1], offset: ?>>
    gpu.return
  }
}

// -----

// A tile.gemm outside a kernel is not the block tiler's: it stays as it is
// (tile-outline-kernel has not run yet).

#sched = #tile.schedule<chip = "sm_90a", block = [64, 64, 32], warp = [32, 32],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

// HOST-LABEL: func.func @host_gemm(
// HOST-NOT:     gpu.block_id
// HOST-NOT:     tile.alloc_accumulator
// HOST:         tile.gemm
// HOST-NOT:     tile.block_mma
// HOST:         return
func.func @host_gemm(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}

// -----

// A raster group of 8 along M: the linear block index walks 8 tile rows before
// it moves one tile column (grouped ordering for L2 reuse).

#grouped = #tile.schedule<chip = "sm_90a", block = [64, 64, 32], warp = [32, 32],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>,
  grid = #tile.grid<persistent = false, raster = along_m, group = 8>>

// CHECK-LABEL: gpu.func @grouped_raster(
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG:     %[[C64:.*]] = arith.constant 64 : index
// CHECK-DAG:     %[[BX:.*]] = gpu.block_id  x
// CHECK-DAG:     %[[BY:.*]] = gpu.block_id  y
// CHECK-DAG:     %[[GX:.*]] = gpu.grid_dim  x
// CHECK-DAG:     %[[GY:.*]] = gpu.grid_dim  y
// CHECK:         %[[ROWS:.*]] = arith.muli %[[BY]], %[[GX]] : index
// CHECK:         %[[LIN:.*]] = arith.addi %[[ROWS]], %[[BX]] : index
// CHECK:         %[[PER:.*]] = arith.muli %[[GX]], %[[C8]] : index
// CHECK:         %[[GID:.*]] = arith.divui %[[LIN]], %[[PER]] : index
// CHECK:         %[[FIRST:.*]] = arith.muli %[[GID]], %[[C8]] : index
// CHECK:         %[[LEFT:.*]] = arith.subi %[[GY]], %[[FIRST]] : index
// CHECK:         %[[SIZE:.*]] = arith.minui %[[LEFT]], %[[C8]] : index
// CHECK:         %[[IN:.*]] = arith.remui %[[LIN]], %[[PER]] : index
// CHECK:         %[[OFF:.*]] = arith.remui %[[IN]], %[[SIZE]] : index
// CHECK:         %[[ROW:.*]] = arith.addi %[[FIRST]], %[[OFF]] : index
// CHECK:         %[[COL:.*]] = arith.divui %[[IN]], %[[SIZE]] : index
// CHECK-DAG:     arith.muli %[[ROW]], %[[C64]] : index
// CHECK-DAG:     arith.muli %[[COL]], %[[C64]] : index
gpu.module @grouped {
  gpu.func @grouped_raster(%a: memref<?x?xbf16, strided<[?, 1], offset: ?>>,
                           %b: memref<?x?xbf16, strided<[?, 1], offset: ?>>,
                           %c: memref<?x?xbf16, strided<[?, 1], offset: ?>>) kernel {
    tile.gemm %a, %b into %c {schedule = #grouped}
        : memref<?x?xbf16, strided<[?, 1], offset: ?>>, memref<?x?xbf16, strided<[?, 1], offset: ?>>
          into memref<?x?xbf16, strided<[?, 1], offset: ?>>
    gpu.return
  }
}
