// RUN: gemm-opt %s --tile-stage-transposed-operands | FileCheck %s
// RUN: gemm-opt %s --tile-stage-transposed-operands --tile-outline-kernel \
// RUN:   | FileCheck %s --check-prefix=OUTLINE
// RUN: gemm-opt %s --tile-stage-transposed-operands --tile-outline-kernel \
// RUN:   | FileCheck %s --check-prefix=BATCHED

// tf32 wgmma reads only K-major operands from shared memory. A host
// tile.gemm on f32 with a row-major B gets a K-major copy of B: a device
// buffer with rows padded to 16 bytes (4 f32), filled by a tile.transpose
// marked with the operand, read by the GEMM, freed after it. A column-major
// A is read from registers in the kernel: no copy.

#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 32], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 8]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<vector>>


// CHECK-LABEL: func.func @tf32_column_major_a
// CHECK-NOT:     tile.transpose
// CHECK-NOT:     gpu.alloc
// CHECK:         tile.gemm %arg0, %arg1 into %arg2
// CHECK-NEXT:    return
func.func @tf32_column_major_a(%a: memref<?x?xf32, strided<[1, ?], offset: ?>>,
    %b: memref<?x?xf32, strided<[1, ?], offset: ?>>, %c: memref<?x?xf32>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xf32, strided<[1, ?], offset: ?>>, memref<?x?xf32, strided<[1, ?], offset: ?>>
        into memref<?x?xf32>
  return
}

// A row-major K×N B is transposed into an N×K buffer, which the GEMM reads
// as a column-major K×N B; the column-major A is read as it is.
// CHECK-LABEL: func.func @tf32_column_major_a_row_major_b
// CHECK-SAME:    (%[[A:.*]]: memref<?x?xf32, strided<[1, ?], offset: ?>>, %[[B:.*]]: memref<?x?xf32>, %[[C:.*]]: memref<?x?xf32>)
// CHECK:         %[[N:.*]] = memref.dim %[[B]], %c1
// CHECK:         %[[K:.*]] = memref.dim %[[B]], %c0
// CHECK:         %[[UNITS:.*]] = arith.ceildivui %[[K]], %c4
// CHECK:         %[[PITCH:.*]] = arith.muli %[[UNITS]], %c4
// CHECK:         %[[BUFFER_B:.*]] = gpu.alloc  (%[[N]], %[[PITCH]]) : memref<?x?xf32>
// CHECK:         %[[COPY_B:.*]] = memref.subview %[[BUFFER_B]][0, 0] [%[[N]], %[[K]]] [1, 1]
// CHECK:         tile.transpose %[[B]] into %[[COPY_B]]
// CHECK-SAME:      schedule = #tile.transpose_schedule<chip = "sm_90a", tile = [64, 64], threads = [8, 32], smem = #tile.pad<1>, vector = 4>
// CHECK-SAME:      tile.staged_operand = "b"
// CHECK:         %[[B_VIEW:.*]] = memref.transpose %[[COPY_B]] (d0, d1) -> (d1, d0)
// CHECK-SAME:      to memref<?x?xf32, strided<[1, ?]>>
// CHECK:         tile.gemm %[[A]], %[[B_VIEW]] into %[[C]]
// CHECK-NEXT:    gpu.dealloc  %[[BUFFER_B]]
// CHECK-NEXT:    return
func.func @tf32_column_major_a_row_major_b(%a: memref<?x?xf32, strided<[1, ?], offset: ?>>,
    %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xf32, strided<[1, ?], offset: ?>>, memref<?x?xf32>
        into memref<?x?xf32>
  return
}

// K-major operands are read in place.
// CHECK-LABEL: func.func @tf32_k_major
// CHECK-NOT:     tile.transpose
// CHECK-NOT:     gpu.alloc
// CHECK:         tile.gemm %arg0, %arg1 into %arg2
func.func @tf32_k_major(%a: memref<?x?xf32>,
    %b: memref<?x?xf32, strided<[1, ?], offset: ?>>, %c: memref<?x?xf32>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xf32>, memref<?x?xf32, strided<[1, ?], offset: ?>>
        into memref<?x?xf32>
  return
}

// tile-outline-kernel puts a staging transpose's kernel into its GEMM's
// module, named after the GEMM's kernel and the operand, launched first.
// OUTLINE-LABEL: func.func @tf32_column_major_a_row_major_b
// OUTLINE-NOT:     _stage_a
// OUTLINE:         gpu.launch_func  @tf32_column_major_a_row_major_b_kernel_module::@tf32_column_major_a_row_major_b_kernel_stage_b
// OUTLINE:         gpu.launch_func  @tf32_column_major_a_row_major_b_kernel_module::@tf32_column_major_a_row_major_b_kernel blocks
// OUTLINE:       gpu.module @tf32_column_major_a_row_major_b_kernel_module
// OUTLINE:         gpu.func @tf32_column_major_a_row_major_b_kernel_stage_b
// OUTLINE-SAME:      tile.staged_operand = "b"
// OUTLINE:           tile.transpose
// OUTLINE:         gpu.func @tf32_column_major_a_row_major_b_kernel(
// OUTLINE-SAME:      memref<?x?xf32, strided<[1, ?], offset: ?>>, %{{.*}}: memref<?x?xf32, strided<[1, ?], offset: ?>>
// OUTLINE:           tile.gemm

// A batched row-major B (batch × K × N) gets a batch of copies: a 3-D
// buffer of padded rows, written by one batched tile.transpose; the
// column-major A is read as it is.
// CHECK-LABEL: func.func @tf32_batched
// CHECK-SAME:    (%[[A:.*]]: memref<?x?x?xf32, strided<[?, 1, ?], offset: ?>>, %[[B:.*]]: memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>>, %[[C:.*]]: memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>>)
// CHECK:         %[[N:.*]] = memref.dim %[[B]], %c2
// CHECK:         %[[K:.*]] = memref.dim %[[B]], %c1
// CHECK:         %[[PITCH:.*]] = arith.muli
// CHECK:         %[[BATCH:.*]] = memref.dim %[[B]], %c0
// CHECK:         %[[BUFFER_B:.*]] = gpu.alloc  (%[[BATCH]], %[[N]], %[[PITCH]]) : memref<?x?x?xf32>
// CHECK:         %[[COPY_B:.*]] = memref.subview %[[BUFFER_B]][0, 0, 0] [%[[BATCH]], %[[N]], %[[K]]] [1, 1, 1]
// CHECK:         tile.transpose %[[B]] into %[[COPY_B]]
// CHECK-SAME:      tile.staged_operand = "b"
// CHECK-SAME:      : memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>> into memref<?x?x?xf32, strided<[?, ?, 1]>>
// CHECK:         %[[B_VIEW:.*]] = memref.transpose %[[COPY_B]] (d0, d1, d2) -> (d0, d2, d1)
// CHECK-SAME:      to memref<?x?x?xf32, strided<[?, 1, ?]>>
// CHECK:         tile.gemm %[[A]], %[[B_VIEW]] into %[[C]]
// CHECK-NEXT:    gpu.dealloc  %[[BUFFER_B]]
// CHECK-NEXT:    return
func.func @tf32_batched(%a: memref<?x?x?xf32, strided<[?, 1, ?], offset: ?>>,
    %b: memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>>,
    %c: memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?x?xf32, strided<[?, 1, ?], offset: ?>>, memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>>
        into memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>>
  return
}

// The batched staging kernel goes into the GEMM's module like the others.
// BATCHED-LABEL: func.func @tf32_batched
// BATCHED:         gpu.launch_func  @tf32_batched_kernel_module::@tf32_batched_kernel_stage_b blocks in (%{{.*}}, %{{.*}}, %{{[a-z_0-9]+}})
// BATCHED:         gpu.launch_func  @tf32_batched_kernel_module::@tf32_batched_kernel blocks
// BATCHED:       gpu.module @tf32_batched_kernel_module
// BATCHED:         gpu.func @tf32_batched_kernel_stage_b(%{{.*}}: memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>>, %{{.*}}: memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>>)
// BATCHED-SAME:      tile.staged_operand = "b"
// BATCHED-SAME:      tile.transpose_batched
