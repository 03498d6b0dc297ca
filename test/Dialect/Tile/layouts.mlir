// RUN: gemm-opt %s | FileCheck %s
// RUN: gemm-opt %s | gemm-opt | FileCheck %s

// tile.gemm with column-major operands (unit stride in the first dimension)
// on the wgmma path: every combination of A and B, and a column-major C.

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<vector>>

// CHECK-LABEL: func.func @nt(
// CHECK:         tile.gemm %{{.*}}, %{{.*}} into %{{.*}} {schedule = #{{.*}}} : memref<?x?xbf16>, memref<?x?xbf16, strided<[1, ?]>> into memref<?x?xbf16>
func.func @nt(%a: memref<?x?xbf16>, %b: memref<?x?xbf16, strided<[1, ?]>>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?xbf16, strided<[1, ?]>> into memref<?x?xbf16>
  return
}

// CHECK-LABEL: func.func @tn(
// CHECK:         tile.gemm {{.*}} : memref<?x?xbf16, strided<[1, ?], offset: ?>>, memref<?x?xbf16> into memref<?x?xbf16>
func.func @tn(%a: memref<?x?xbf16, strided<[1, ?], offset: ?>>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16, strided<[1, ?], offset: ?>>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}

// CHECK-LABEL: func.func @tt_column_major_c(
// CHECK:         tile.gemm {{.*}} : memref<?x?xbf16, strided<[1, ?]>>, memref<?x?xbf16, strided<[1, ?]>> into memref<?x?xbf16, strided<[1, ?]>>
func.func @tt_column_major_c(%a: memref<?x?xbf16, strided<[1, ?]>>, %b: memref<?x?xbf16, strided<[1, ?]>>, %c: memref<?x?xbf16, strided<[1, ?]>>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16, strided<[1, ?]>>, memref<?x?xbf16, strided<[1, ?]>> into memref<?x?xbf16, strided<[1, ?]>>
  return
}
