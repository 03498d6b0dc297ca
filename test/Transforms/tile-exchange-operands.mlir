// RUN: gemm-opt %s --tile-exchange-operands | FileCheck %s
// RUN: gemm-opt %s --tile-exchange-operands --tile-stage-transposed-operands --tile-outline-kernel \
// RUN:   | FileCheck %s --check-prefix=OUTLINE

// tf32 wgmma reads B only K-major from shared memory. A host tile.gemm on
// f32 with row-major A and B computes C^T = B^T·A^T instead: B's transpose
// is a column-major A (read from registers), A's a column-major (K-major)
// B, C's transpose the output; memref.transpose views, nothing copied.

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 8]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 16, stream_k = spares>,
  store = #tile.store<tma, rounds = 4>>

// CHECK-LABEL: func.func @row_major
// CHECK-SAME:    (%[[A:.*]]: memref<?x?xf32>, %[[B:.*]]: memref<?x?xf32>, %[[C:.*]]: memref<?x?xf32>)
// CHECK-DAG:     %[[BT:.*]] = memref.transpose %[[B]] (d0, d1) -> (d1, d0) : memref<?x?xf32> to memref<?x?xf32, strided<[1, ?]>>
// CHECK-DAG:     %[[AT:.*]] = memref.transpose %[[A]] (d0, d1) -> (d1, d0) : memref<?x?xf32> to memref<?x?xf32, strided<[1, ?]>>
// CHECK-DAG:     %[[CT:.*]] = memref.transpose %[[C]] (d0, d1) -> (d1, d0) : memref<?x?xf32> to memref<?x?xf32, strided<[1, ?]>>
// CHECK:         tile.gemm %[[BT]], %[[AT]] into %[[CT]] {schedule = #{{.*}}, tile.exchanged_operands}
// CHECK-NOT:     tile.gemm
// OUTLINE-LABEL: gpu.func @row_major_kernel
// OUTLINE-SAME:    tile.exchanged_operands
// OUTLINE-SAME:    tile.layouts = ["col", "col", "col"]
func.func @row_major(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xf32>, memref<?x?xf32> into memref<?x?xf32>
  return
}

// A column-major C: C's transpose is row-major; alpha and beta stay.
// CHECK-LABEL: func.func @column_major_c
// CHECK-SAME:    (%[[A:.*]]: memref<?x?xf32>, %[[B:.*]]: memref<?x?xf32>, %[[C:.*]]: memref<?x?xf32, strided<[1, ?], offset: ?>>, %[[ALPHA:.*]]: f32, %[[BETA:.*]]: f32)
// CHECK:         %[[CT:.*]] = memref.transpose %[[C]] (d0, d1) -> (d1, d0) : memref<?x?xf32, strided<[1, ?], offset: ?>> to memref<?x?xf32, strided<[?, 1], offset: ?>>
// CHECK:         tile.gemm %{{.*}}, %{{.*}} into %[[CT]] alpha %[[ALPHA]] beta %[[BETA]] {epilogue = #tile.epilogue<alpha_beta = true>, schedule = #{{.*}}, tile.exchanged_operands}
// OUTLINE-LABEL: gpu.func @column_major_c_kernel
// OUTLINE-SAME:    tile.layouts = ["col", "col", "row"]
#alpha_beta = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 8]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 16>,
  store = #tile.store<tma, rounds = 4>>
func.func @column_major_c(%a: memref<?x?xf32>, %b: memref<?x?xf32>,
    %c: memref<?x?xf32, strided<[1, ?], offset: ?>>, %alpha: f32, %beta: f32) {
  tile.gemm %a, %b into %c alpha %alpha beta %beta {schedule = #alpha_beta,
      epilogue = #tile.epilogue<alpha_beta = true>}
      : memref<?x?xf32>, memref<?x?xf32> into memref<?x?xf32, strided<[1, ?], offset: ?>>
  return
}

// A batch keeps its batch dimension first.
// CHECK-LABEL: func.func @batched
// CHECK-COUNT-3: memref.transpose %{{.*}} (d0, d1, d2) -> (d0, d2, d1)
// CHECK:         tile.gemm {{.*}} tile.exchanged_operands
#batched = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 8]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 16>,
  store = #tile.store<tma, rounds = 4>>
func.func @batched(%a: memref<?x?x?xf32>, %b: memref<?x?x?xf32>, %c: memref<?x?x?xf32>) {
  tile.gemm %a, %b into %c {schedule = #batched}
      : memref<?x?x?xf32>, memref<?x?x?xf32> into memref<?x?x?xf32>
  return
}

// A bias changes sides: the same vector, per column of C (N entries), is
// one per row of C^T.
// CHECK-LABEL: func.func @bias
// CHECK-COUNT-3: memref.transpose
// CHECK:         tile.gemm %{{.*}}, %{{.*}} into %{{.*}} bias %arg3 : memref<?xf32> {epilogue = #tile.epilogue<bias = row>, schedule = #tile.schedule<{{.*}}store = #tile.store<tma, rounds = 4>>, tile.exchanged_operands}
// OUTLINE-LABEL: gpu.func @bias_kernel
// OUTLINE-SAME:    tile.epilogue = #tile.epilogue<bias = row>
// OUTLINE-SAME:    tile.exchanged_operands
// OUTLINE-SAME:    tile.layouts = ["col", "col", "col"]
#bias = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 8]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 16>,
  store = #tile.store<tma, rounds = 4>>
func.func @bias(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>, %bias: memref<?xf32>) {
  tile.gemm %a, %b into %c bias %bias : memref<?xf32> {schedule = #bias,
      epilogue = #tile.epilogue<bias = column>}
      : memref<?x?xf32>, memref<?x?xf32> into memref<?x?xf32>
  return
}

// A GEMM with a residual (passed with C's layout) keeps its operands (its B is staged by tile-stage-transposed-operands).
// CHECK-LABEL: func.func @residual
// CHECK-NOT:     memref.transpose
// CHECK:         tile.gemm %arg0, %arg1 into %arg2 residual %arg3
// CHECK-NOT:     tile.exchanged_operands
// CHECK:         return
#residual = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 8]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 16>,
  store = #tile.store<tma, rounds = 4>>
func.func @residual(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>, %r: memref<?x?xf32>) {
  tile.gemm %a, %b into %c residual %r : memref<?x?xf32> {schedule = #residual,
      epilogue = #tile.epilogue<residual = true>}
      : memref<?x?xf32>, memref<?x?xf32> into memref<?x?xf32>
  return
}

// Cluster multicast needs a row-major A, which the exchanged GEMM would
// not have: the verifier refuses the exchange (quietly) and the GEMM keeps
// its operands.
// CHECK-LABEL: func.func @multicast
// CHECK-NOT:     memref.transpose
// CHECK:         tile.gemm %arg0, %arg1 into %arg2
// CHECK-NOT:     tile.exchanged_operands
// CHECK:         return
#multicast = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 8]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  cluster = #tile.cluster<[2, 1], multicast = true>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  store = #tile.store<tma, rounds = 4>>
func.func @multicast(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  tile.gemm %a, %b into %c {schedule = #multicast}
      : memref<?x?xf32>, memref<?x?xf32> into memref<?x?xf32>
  return
}

// Column-major A or B, and 16-bit inputs (wgmma transposes those), keep
// their operands.
// CHECK-LABEL: func.func @column_major_b
// CHECK-NOT:     memref.transpose
// CHECK:         tile.gemm %arg0, %arg1 into %arg2 {schedule
// CHECK-NOT:     tile.exchanged_operands
// CHECK-LABEL: func.func @bf16
// CHECK-NOT:     memref.transpose
// CHECK:         tile.gemm %arg0, %arg1 into %arg2 {schedule
// CHECK-NOT:     tile.exchanged_operands
func.func @column_major_b(%a: memref<?x?xf32>, %b: memref<?x?xf32, strided<[1, ?], offset: ?>>, %c: memref<?x?xf32>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xf32>, memref<?x?xf32, strided<[1, ?], offset: ?>> into memref<?x?xf32>
  return
}
#bf16 = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<tma, rounds = 2>>
func.func @bf16(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #bf16}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}

// ffma (SIMT) kernels write C row-major: a GEMM into a column-major C runs
// as C^T = B^T·A^T whatever its A and B, and its row bias becomes a column
// bias of C^T. Into a row-major C it keeps its operands.
// CHECK-LABEL: func.func @ffma_column_major_c
// CHECK-SAME:    (%[[A:.*]]: memref<?x?xf32>, %[[B:.*]]: memref<?x?xf32, strided<[1, ?], offset: ?>>, %[[C:.*]]: memref<?x?xf32, strided<[1, ?], offset: ?>>, %{{.*}}: f32, %{{.*}}: f32, %[[BIAS:.*]]: memref<?xf32>)
// CHECK-DAG:     %[[BT:.*]] = memref.transpose %[[B]] (d0, d1) -> (d1, d0) : memref<?x?xf32, strided<[1, ?], offset: ?>> to memref<?x?xf32, strided<[?, 1], offset: ?>>
// CHECK-DAG:     %[[AT:.*]] = memref.transpose %[[A]] (d0, d1) -> (d1, d0) : memref<?x?xf32> to memref<?x?xf32, strided<[1, ?]>>
// CHECK-DAG:     %[[CT:.*]] = memref.transpose %[[C]] (d0, d1) -> (d1, d0) : memref<?x?xf32, strided<[1, ?], offset: ?>> to memref<?x?xf32, strided<[?, 1], offset: ?>>
// CHECK:         tile.gemm %[[BT]], %[[AT]] into %[[CT]] alpha %{{.*}} beta %{{.*}} bias %[[BIAS]] : memref<?xf32> {epilogue = #tile.epilogue<alpha_beta = true, bias = column, activation = gelu_erf>, schedule = #tile.schedule<{{.*}}mma = #tile.mma<ffma, [8, 16, 1]>{{.*}}store = #tile.store<direct>>, tile.exchanged_operands}
// OUTLINE-LABEL: gpu.func @ffma_column_major_c_kernel
// OUTLINE-SAME:    tile.exchanged_operands
// OUTLINE-SAME:    tile.layouts = ["row", "col", "row"]
// A residual (column-major like C) is read through its transpose too.
// CHECK-LABEL: func.func @ffma_column_major_c_residual
// CHECK-SAME:    %[[R:[^:]+]]: memref<?x?xf32, strided<[1, ?], offset: ?>>)
// CHECK:         %[[RT:.*]] = memref.transpose %[[R]] (d0, d1) -> (d1, d0) : memref<?x?xf32, strided<[1, ?], offset: ?>> to memref<?x?xf32, strided<[?, 1], offset: ?>>
// CHECK:         tile.gemm {{.*}} residual %[[RT]] : memref<?x?xf32, strided<[?, 1], offset: ?>> {epilogue = #tile.epilogue<residual = true>, schedule = {{.*}}, tile.exchanged_operands}
// CHECK-LABEL: func.func @ffma_row_major_c
// CHECK-NOT:     memref.transpose
// CHECK:         tile.gemm %arg0, %arg1 into %arg2 {schedule
// CHECK-NOT:     tile.exchanged_operands
#ffma = #tile.schedule<chip = "sm_90a", block = [128, 256, 8], warp = [64, 64],
  mma = #tile.mma<ffma, [8, 16, 1]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.pad<4>, smem_b = #tile.pad<4>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>,
  store = #tile.store<direct>>
func.func @ffma_column_major_c(%a: memref<?x?xf32>, %b: memref<?x?xf32, strided<[1, ?], offset: ?>>,
                               %c: memref<?x?xf32, strided<[1, ?], offset: ?>>, %alpha: f32, %beta: f32,
                               %bias: memref<?xf32>) {
  tile.gemm %a, %b into %c alpha %alpha beta %beta bias %bias : memref<?xf32> {schedule = #ffma,
      epilogue = #tile.epilogue<alpha_beta = true, bias = row, activation = gelu_erf>}
      : memref<?x?xf32>, memref<?x?xf32, strided<[1, ?], offset: ?>> into memref<?x?xf32, strided<[1, ?], offset: ?>>
  return
}
#ffma_residual = #tile.schedule<chip = "sm_90a", block = [128, 256, 8], warp = [64, 64],
  mma = #tile.mma<ffma, [8, 16, 1]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.pad<4>, smem_b = #tile.pad<4>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>,
  store = #tile.store<direct>>
func.func @ffma_column_major_c_residual(%a: memref<?x?xf32>, %b: memref<?x?xf32>,
                                        %c: memref<?x?xf32, strided<[1, ?], offset: ?>>,
                                        %r: memref<?x?xf32, strided<[1, ?], offset: ?>>) {
  tile.gemm %a, %b into %c residual %r : memref<?x?xf32, strided<[1, ?], offset: ?>> {schedule = #ffma_residual,
      epilogue = #tile.epilogue<residual = true>}
      : memref<?x?xf32>, memref<?x?xf32> into memref<?x?xf32, strided<[1, ?], offset: ?>>
  return
}
#ffma_plain = #tile.schedule<chip = "sm_90a", block = [128, 256, 8], warp = [64, 64],
  mma = #tile.mma<ffma, [8, 16, 1]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.pad<4>, smem_b = #tile.pad<0>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>
func.func @ffma_row_major_c(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  tile.gemm %a, %b into %c {schedule = #ffma_plain}
      : memref<?x?xf32>, memref<?x?xf32> into memref<?x?xf32>
  return
}
