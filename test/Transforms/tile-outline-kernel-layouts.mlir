// RUN: gemm-opt %s --split-input-file --tile-outline-kernel | FileCheck %s

// Column-major operands keep their major order in the kernel's signature
// (strided<[1, ?], offset: ?>), the kernel records the orders as
// tile.layouts, and the host builds the tensor map of a column-major operand
// over its row-major transpose with the boxes of the stored matrix: A
// column-major in panels of BK rows (K) × 64 M-elements, B column-major in
// one box of BN rows (N) × 64 K-elements.

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<vector>>

// CHECK-LABEL: func.func @tt(
// CHECK-SAME:      %[[A:[^:]+]]: memref<?x?xbf16, strided<[1, ?]>>, %[[B:[^:]+]]: memref<?x?xbf16, strided<[1, ?]>>, %[[C:[^:]+]]: memref<?x?xbf16, strided<[1, ?]>>)
// CHECK:         %[[CA:.+]] = memref.cast %[[A]] : memref<?x?xbf16, strided<[1, ?]>> to memref<?x?xbf16, strided<[1, ?], offset: ?>>
// CHECK:         %[[AT:.+]] = memref.transpose %[[A]] (d0, d1) -> (d1, d0) : memref<?x?xbf16, strided<[1, ?]>> to memref<?x?xbf16, strided<[?, 1]>>
// CHECK:         %[[UA:.+]] = memref.cast %[[AT]] : memref<?x?xbf16, strided<[?, 1]>> to memref<*xbf16>
// CHECK:         %[[C64:.+]] = arith.constant 64 : index
// CHECK:         %[[C64_2:.+]] = arith.constant 64 : index
// CHECK:         nvgpu.tma.create.descriptor %[[UA]] box[%[[C64]], %[[C64_2]]] : memref<*xbf16> -> <tensor = memref<64x64xbf16, 3>
// CHECK:         %[[BT:.+]] = memref.transpose %[[B]] (d0, d1) -> (d1, d0)
// CHECK:         %[[UB:.+]] = memref.cast %[[BT]]
// CHECK:         %[[C256:.+]] = arith.constant 256 : index
// CHECK:         %[[C64_3:.+]] = arith.constant 64 : index
// CHECK:         nvgpu.tma.create.descriptor %[[UB]] box[%[[C256]], %[[C64_3]]] : memref<*xbf16> -> <tensor = memref<256x64xbf16, 3>
// CHECK:         gpu.launch_func @tt_kernel_module::@tt_kernel
// CHECK-LABEL:   gpu.func @tt_kernel(
// CHECK-SAME:        memref<?x?xbf16, strided<[1, ?], offset: ?>>,
// CHECK-SAME:        memref<?x?xbf16, strided<[1, ?], offset: ?>>,
// CHECK-SAME:        memref<?x?xbf16, strided<[1, ?], offset: ?>>,
// CHECK-SAME:        !llvm.ptr, %{{.*}}: !llvm.ptr)
// CHECK-SAME:        tile.layouts = ["col", "col", "col"]
// CHECK:           tile.gemm
func.func @tt(%a: memref<?x?xbf16, strided<[1, ?]>>, %b: memref<?x?xbf16, strided<[1, ?]>>, %c: memref<?x?xbf16, strided<[1, ?]>>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16, strided<[1, ?]>>, memref<?x?xbf16, strided<[1, ?]>> into memref<?x?xbf16, strided<[1, ?]>>
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<vector>>

// Row-major operands: no transposes, today's boxes (A 128 rows × 64 K, B
// 64 rows × 64 N), and no tile.layouts (absent means row-major).
// CHECK-LABEL: func.func @nn(
// CHECK-NOT:     memref.transpose
// CHECK:         nvgpu.tma.create.descriptor {{.*}} -> <tensor = memref<128x64xbf16, 3>
// CHECK:         nvgpu.tma.create.descriptor {{.*}} -> <tensor = memref<64x64xbf16, 3>
// CHECK-LABEL:   gpu.func @nn_kernel(
// CHECK-NOT:         tile.layouts
// CHECK:           tile.gemm
func.func @nn(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}
