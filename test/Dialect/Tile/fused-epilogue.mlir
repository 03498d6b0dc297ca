// RUN: gemm-opt %s | gemm-opt | FileCheck %s

// A fused epilogue prints its fields in one order (alpha_beta, bias,
// activation, residual), whatever order it was written in, and omits the
// defaults; tile.gemm carries one operand per field.

#wgmma = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<vector>>

// CHECK-LABEL: func.func @all_fields(
// CHECK:         tile.gemm %{{.*}}, %{{.*}} into %{{.*}} alpha %{{.*}} beta %{{.*}} bias %{{.*}} : memref<?xbf16> residual %{{[a-z0-9_]+}} : memref<?x?xbf16>
// CHECK-SAME:      {epilogue = #tile.epilogue<alpha_beta = true, bias = column, activation = silu, residual = true>, schedule
// CHECK-SAME:      store = #tile.store<vector>
func.func @all_fields(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>,
                      %alpha: f32, %beta: f32, %bias: memref<?xbf16>, %r: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c alpha %alpha beta %beta bias %bias : memref<?xbf16>
      residual %r : memref<?x?xbf16> {schedule = #wgmma,
      epilogue = #tile.epilogue<residual = true, activation = silu, bias = column, alpha_beta = true>}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}

#plain = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = cp_async>,
  store = #tile.store<direct>>

// Defaults written out are dropped: `alpha_beta = false` does not print.
// CHECK-LABEL: func.func @defaults_dropped(
// CHECK:         epilogue = #tile.epilogue<activation = relu>
func.func @defaults_dropped(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #plain,
      epilogue = #tile.epilogue<activation = relu, alpha_beta = false, residual = false>}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}
