// RUN: gemm-opt %s | FileCheck %s
// RUN: gemm-opt %s | gemm-opt | FileCheck %s

// CHECK-LABEL: func.func @copy_bf16(
// CHECK:         tile.copy %{{.*}} into %{{.*}} {schedule = #tile.copy_schedule<chip = "sm_90a", tile = [32, 256], threads = [32, 8], vector = 8>} : memref<?x?xbf16, strided<[?, 1], offset: ?>> into memref<?x?xbf16>
func.func @copy_bf16(%src: memref<?x?xbf16, strided<[?, 1], offset: ?>>, %dst: memref<?x?xbf16>) {
  tile.copy %src into %dst {schedule = #tile.copy_schedule<chip = "sm_90a", tile = [32, 256], threads = [32, 8], vector = 8>}
      : memref<?x?xbf16, strided<[?, 1], offset: ?>> into memref<?x?xbf16>
  return
}

// Static extents that agree, and element accesses only (vector = 1).
// CHECK-LABEL: func.func @copy_f32_static(
// CHECK:         vector = 1>} : memref<100x30xf32, strided<[31, 1]>> into memref<100x30xf32, strided<[32, 1]>>
func.func @copy_f32_static(%src: memref<100x30xf32, strided<[31, 1]>>, %dst: memref<100x30xf32, strided<[32, 1]>>) {
  tile.copy %src into %dst {schedule = #tile.copy_schedule<chip = "sm_80", tile = [8, 32], threads = [32, 4], vector = 1>}
      : memref<100x30xf32, strided<[31, 1]>> into memref<100x30xf32, strided<[32, 1]>>
  return
}

// A batch: B×M×N into B×M×N, any batch strides.
// CHECK-LABEL: func.func @copy_f16_batched(
// CHECK:         tile.copy %{{.*}} into %{{.*}} {schedule = {{.*}}} : memref<?x?x?xf16, strided<[?, ?, 1], offset: ?>> into memref<?x?x?xf16>
func.func @copy_f16_batched(%src: memref<?x?x?xf16, strided<[?, ?, 1], offset: ?>>, %dst: memref<?x?x?xf16>) {
  tile.copy %src into %dst {schedule = #tile.copy_schedule<chip = "sm_90a", tile = [32, 256], threads = [32, 8], vector = 8>}
      : memref<?x?x?xf16, strided<[?, ?, 1], offset: ?>> into memref<?x?x?xf16>
  return
}
