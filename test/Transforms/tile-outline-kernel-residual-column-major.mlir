// RUN: gemm-opt %s --tile-outline-kernel | FileCheck %s
// RUN: gemm-opt %s --lower-to-nvvm | FileCheck %s --check-prefix=NVVM

// A fused residual into a column-major C is column-major too: the runtime
// passes it with C's layout and leading dimension, and the epilogue reads
// it on C's transpose (passes/epilogue/FusedEpilogue.h, onTransposeOfC).
// CHECK-LABEL: gpu.func @residual_column_major_kernel(
// CHECK-SAME:    %arg2: memref<?x?xbf16, strided<[1, ?], offset: ?>>
// CHECK-SAME:    %arg9: memref<?x?xbf16, strided<[1, ?], offset: ?>>)
// CHECK:         tile.gemm {{.*}} residual %arg9 : memref<?x?xbf16, strided<[1, ?], offset: ?>>
// NVVM:        llvm.func @residual_column_major_kernel(
// NVVM-NOT:    tile.gemm

#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 64], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<tma>>

func.func @residual_column_major(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>,
    %c: memref<?x?xbf16, strided<[1, ?], offset: ?>>, %alpha: f32, %beta: f32,
    %bias: memref<?xbf16>, %r: memref<?x?xbf16, strided<[1, ?], offset: ?>>) {
  tile.gemm %a, %b into %c alpha %alpha beta %beta bias %bias : memref<?xbf16>
      residual %r : memref<?x?xbf16, strided<[1, ?], offset: ?>> {schedule = #sched,
          epilogue = #tile.epilogue<alpha_beta = true, bias = row, activation = gelu_tanh, residual = true>}
      : memref<?x?xbf16>, memref<?x?xbf16>
        into memref<?x?xbf16, strided<[1, ?], offset: ?>>
  return
}
