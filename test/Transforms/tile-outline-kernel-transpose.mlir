// RUN: gemm-opt %s --tile-outline-kernel | FileCheck %s

// A tile.transpose moves into a kernel of its own that takes src and dst as
// strided memrefs; the launch covers src with ceil(N/TC) × ceil(M/TR) blocks
// of TX·TY threads and the staging tile's dynamic shared memory
// (64 rows × 65 floats = 16640 bytes).

#sched = #tile.transpose_schedule<chip = "sm_90a", tile = [64, 32], threads = [8, 32], smem = #tile.pad<1>, vector = 4>

// CHECK-LABEL: func.func @transpose(
// CHECK-SAME:      %[[SRC:.*]]: memref<?x?xf32>, %[[DST:.*]]: memref<?x?xf32>)
// CHECK-DAG:     %[[SRC_ARG:.*]] = memref.cast %[[SRC]] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
// CHECK-DAG:     %[[DST_ARG:.*]] = memref.cast %[[DST]] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
// CHECK-DAG:     %[[M:.*]] = memref.dim %[[SRC]], %c0
// CHECK-DAG:     %[[N:.*]] = memref.dim %[[SRC]], %c1
// CHECK-DAG:     %[[GX:.*]] = arith.ceildivui %[[N]], %c32
// CHECK-DAG:     %[[GY:.*]] = arith.ceildivui %[[M]], %c64
// CHECK-DAG:     %[[SMEM:.*]] = arith.constant 8448 : i32
// CHECK:         gpu.launch_func @transpose_kernel_module::@transpose_kernel
// CHECK-SAME:        blocks in (%[[GX]], %[[GY]], %{{.*}}) threads in (%c256,
// CHECK-SAME:        dynamic_shared_memory_size %[[SMEM]]
// CHECK-SAME:        args(%[[SRC_ARG]] : memref<?x?xf32, strided<[?, 1], offset: ?>>, %[[DST_ARG]] : memref<?x?xf32, strided<[?, 1], offset: ?>>)
// CHECK-NOT:     tile.transpose
// CHECK:         return

// CHECK:       gpu.module @transpose_kernel_module
// CHECK:         gpu.func @transpose_kernel(%[[KSRC:.*]]: memref<?x?xf32, strided<[?, 1], offset: ?>>, %[[KDST:.*]]: memref<?x?xf32, strided<[?, 1], offset: ?>>) kernel
// CHECK-SAME:        known_block_size = array<i32: 256, 1, 1>
// CHECK-SAME:        tile.transpose_element = f32
// CHECK-SAME:        tile.transpose_schedule = #tile.transpose_schedule<chip = "sm_90a", tile = [64, 32]
// CHECK-NEXT:      tile.transpose %[[KSRC]] into %[[KDST]] {schedule = #tile.transpose_schedule
// CHECK-NEXT:      gpu.return
func.func @transpose(%src: memref<?x?xf32>, %dst: memref<?x?xf32>) {
  tile.transpose %src into %dst {schedule = #sched} : memref<?x?xf32> into memref<?x?xf32>
  return
}
