// RUN: gemm-opt %s --pass-pipeline="builtin.module(tile-outline-kernel,gpu.module(tile-block-tile,tile-simt-mma,cse))" \
// RUN:   | FileCheck %s --enable-var-scope

// The ffma path reads A and B in either order (passes/simt/SimtTileCopies.h):
// both are stored K row by K row in shared memory, so a column-major A
// (read as its transpose, K×M row-major) is copied in 16-byte chunks as a
// row-major B is, and a column-major B (read as N×K) element by element
// into its transposed place as a row-major A is. The interior test then
// asks for aligned rows of A (its chunks) and not of B (4-byte copies).

#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 8], warp = [32, 64],
  mma = #tile.mma<ffma, [8, 8, 1]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.pad<4>, smem_b = #tile.pad<4>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

// CHECK-LABEL: gpu.func @simt_col_a_col_b_kernel
// CHECK-SAME:      %[[A:[^:]+]]: memref<?x?xf32, strided<[1, ?], offset: ?>>, %[[B:[^:]+]]: memref<?x?xf32, strided<[1, ?], offset: ?>>
// CHECK:         %[[SA:.+]] = memref.view {{.*}} to memref<3x8x132xf32, #gpu.address_space<workgroup>>
// CHECK:         %[[SB:.+]] = memref.view {{.*}} to memref<3x8x132xf32, #gpu.address_space<workgroup>>
// CHECK:         %[[AT:.+]] = memref.transpose %[[A]] (d0, d1) -> (d1, d0) : memref<?x?xf32, strided<[1, ?], offset: ?>> to memref<?x?xf32, strided<[?, 1], offset: ?>>
// CHECK:         %[[M:.+]] = memref.dim %[[AT]], %c1
// CHECK:         memref.extract_strided_metadata %[[AT]]
// CHECK:         %[[A_ALIGNED:.+]] = arith.andi
// CHECK:         %[[BT:.+]] = memref.transpose %[[B]] (d0, d1) -> (d1, d0)
// CHECK:         %[[N:.+]] = memref.dim %[[BT]], %c0
// CHECK-NOT:     memref.extract_strided_metadata %[[BT]]
// CHECK:         arith.cmpi ule, %{{.+}}, %[[N]] : index
// CHECK:         arith.cmpi ule, %{{.+}}, %[[M]] : index
// CHECK:         %[[INTERIOR:.+]] = arith.andi %{{.+}}, %[[A_ALIGNED]] : i1
// CHECK:         scf.if %[[INTERIOR]] {
// Interior: A's K tile 0 in 16-byte chunks of a row of A^T, B's element by
// element.
// CHECK:           nvgpu.device_async_copy %[[AT]][{{.+}}], %[[SA]][%c0, {{.+}}], 4 {bypassL1}
// CHECK-NOT:       nvgpu.device_async_copy %[[BT]]{{.*}}, 4
// CHECK:           nvgpu.device_async_copy %[[BT]][{{.+}}], %[[SB]][%c0, {{.+}}], 1 :
// Guarded (the else branch, after the interior main loop): A's chunk too
// goes element by element, each copy with its source size (0 below K's
// start).
// CHECK:           scf.for
// CHECK:           nvgpu.device_async_copy %[[AT]][{{.+}}], %[[SA]][{{.+}}], 1, %{{.+}} :
// CHECK:           nvgpu.device_async_copy %[[BT]][{{.+}}], %[[SB]][{{.+}}], 1, %{{.+}} :
func.func @simt_col_a_col_b(%a: memref<?x?xf32, strided<[1, ?], offset: ?>>,
                            %b: memref<?x?xf32, strided<[1, ?], offset: ?>>,
                            %c: memref<?x?xf32>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xf32, strided<[1, ?], offset: ?>>,
        memref<?x?xf32, strided<[1, ?], offset: ?>> into memref<?x?xf32>
  return
}
