// RUN: gemm-opt %s --split-input-file --tile-stage-transposed-operands --tile-outline-kernel | FileCheck %s

// A GEMM whose schedule reads A and B through TMA gets, in its gpu.module, a
// copy kernel for their element type (passes/copy/StagingCopyKernels.h). The
// runtime launches it where an operand's address or row pitch is not a
// multiple of 16 bytes, into a padded buffer the tensor map reads; the host
// code launches only the GEMM.

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<vector>>

// CHECK-LABEL: func.func @bf16(
// CHECK:         gpu.launch_func @bf16_kernel_module::@bf16_kernel
// CHECK-NOT:     gpu.launch_func
// CHECK:       gpu.module @bf16_kernel_module {
// CHECK:         gpu.func @bf16_kernel(
// 16 rows × 256 bf16 per block of 256 threads, 16 bytes per access.
// CHECK:         gpu.func @bf16_kernel_stage_copy(%[[SRC:.*]]: memref<?x?xbf16, strided<[?, 1], offset: ?>>, %[[DST:.*]]: memref<?x?xbf16, strided<[?, 1], offset: ?>>) kernel
// CHECK-SAME:      known_block_size = array<i32: 256, 1, 1>
// CHECK-SAME:      tile.copy_element = bf16
// CHECK-SAME:      tile.copy_schedule = #tile.copy_schedule<chip = "sm_90a", tile = [16, 256], threads = [32, 8], vector = 8>
// CHECK-SAME:      tile.staged_copy_operands = ["a", "b"]
// CHECK-NEXT:      tile.copy %[[SRC]] into %[[DST]]
// CHECK-NEXT:      gpu.return
func.func @bf16(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}

// -----

// tf32 (f32 operands): 16 bytes are 4 elements, 16 × 128 per block; a
// column-major B is copied in its stored form (the runtime's rows are its
// columns).

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 8]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<tma>>

// CHECK-LABEL: gpu.module @tf32_kernel_module {
// CHECK:         gpu.func @tf32_kernel_stage_copy(%{{.*}}: memref<?x?xf32, strided<[?, 1], offset: ?>>, %{{.*}}: memref<?x?xf32, strided<[?, 1], offset: ?>>) kernel
// CHECK-SAME:      tile.copy_schedule = #tile.copy_schedule<chip = "sm_90a", tile = [16, 128], threads = [32, 8], vector = 4>
// CHECK-SAME:      tile.staged_copy_operands = ["a", "b"]
func.func @tf32(%a: memref<?x?xf32>, %b: memref<?x?xf32, strided<[1, ?], offset: ?>>, %c: memref<?x?xf32>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xf32>, memref<?x?xf32, strided<[1, ?], offset: ?>> into memref<?x?xf32>
  return
}

// -----

// A batched GEMM copies every batch entry (rank-3 memrefs, entries along
// grid z).

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<vector>>

// CHECK-LABEL: gpu.module @batched_kernel_module {
// CHECK:         gpu.func @batched_kernel_stage_copy(%{{.*}}: memref<?x?x?xf16, strided<[?, ?, 1], offset: ?>>, %{{.*}}: memref<?x?x?xf16, strided<[?, ?, 1], offset: ?>>) kernel
// CHECK-SAME:      tile.copy_batched
// CHECK-SAME:      tile.copy_element = f16
func.func @batched(%a: memref<?x?x?xf16>, %b: memref<?x?x?xf16>, %c: memref<?x?x?xf16>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?x?xf16>, memref<?x?x?xf16> into memref<?x?x?xf16>
  return
}

// -----

// mma.sync (cp.async) kernels read any pitch themselves: no copy kernel.

#sched = #tile.schedule<chip = "sm_90a", block = [64, 64, 32], warp = [32, 32],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

// CHECK-LABEL: gpu.module @sync_kernel_module {
// CHECK:         gpu.func @sync_kernel(
// CHECK-NOT:     stage_copy
func.func @sync(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}

// -----

// A tf32 GEMM on a row-major B reads B from the K-major copy a staging
// transpose writes (tile-stage-transposed-operands), whose rows are padded
// already: the copy kernel serves A alone.

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 8]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<tma>>

// CHECK-LABEL: gpu.module @staged_b_kernel_module {
// CHECK:         gpu.func @staged_b_kernel_stage_b(
// CHECK:         gpu.func @staged_b_kernel(
// CHECK:         gpu.func @staged_b_kernel_stage_copy(
// CHECK-SAME:      tile.staged_copy_operands = ["a"]
func.func @staged_b(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>, %bias: memref<?xf32>) {
  tile.gemm %a, %b into %c bias %bias : memref<?xf32> {schedule = #sched,
      epilogue = #tile.epilogue<bias = row>}
      : memref<?x?xf32>, memref<?x?xf32> into memref<?x?xf32>
  return
}
