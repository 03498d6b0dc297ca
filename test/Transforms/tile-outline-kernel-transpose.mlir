// RUN: gemm-opt %s --tile-outline-kernel | FileCheck %s
// RUN: gemm-opt %s --tile-outline-kernel | FileCheck %s --check-prefix=BATCHED

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

// A batch of matrices: 3-D kernel arguments, one grid layer per entry, and
// the kernel marked batched (its bundle entry's grid z is the batch).
// BATCHED-LABEL: func.func @batched(
// BATCHED-SAME:      %[[SRC:.*]]: memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>>, %[[DST:.*]]: memref<?x?x?xf32>)
// BATCHED-DAG:     %[[M:.*]] = memref.dim %[[SRC]], %c1
// BATCHED-DAG:     %[[N:.*]] = memref.dim %[[SRC]], %c2
// BATCHED-DAG:     %[[BATCH:.*]] = memref.dim %[[SRC]], %c0
// BATCHED-DAG:     %[[GX:.*]] = arith.ceildivui %[[N]], %c32
// BATCHED-DAG:     %[[GY:.*]] = arith.ceildivui %[[M]], %c64
// BATCHED:         gpu.launch_func @batched_kernel_module::@batched_kernel
// BATCHED-SAME:        blocks in (%[[GX]], %[[GY]], %[[BATCH]])
// BATCHED-SAME:        args(%[[SRC]] : memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>>, %{{.*}} : memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>>)
// BATCHED:         gpu.func @batched_kernel(%{{.*}}: memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>>, %{{.*}}: memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>>) kernel
// BATCHED-SAME:        tile.transpose_batched
func.func @batched(%src: memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>>, %dst: memref<?x?x?xf32>) {
  tile.transpose %src into %dst {schedule = #sched} : memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>> into memref<?x?x?xf32>
  return
}
