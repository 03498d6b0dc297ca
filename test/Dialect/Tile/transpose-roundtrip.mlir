// RUN: gemm-opt %s | FileCheck %s
// RUN: gemm-opt %s | gemm-opt | FileCheck %s

// CHECK-LABEL: func.func @transpose_f32(
// CHECK:         tile.transpose %{{.*}} into %{{.*}} {schedule = #tile.transpose_schedule<chip = "sm_90a", tile = [64, 64], threads = [8, 32], smem = #tile.pad<1>, vector = 4>} : memref<?x?xf32> into memref<?x?xf32>
func.func @transpose_f32(%src: memref<?x?xf32>, %dst: memref<?x?xf32>) {
  tile.transpose %src into %dst {schedule = #tile.transpose_schedule<chip = "sm_90a", tile = [64, 64], threads = [8, 32], smem = #tile.pad<1>, vector = 4>}
      : memref<?x?xf32> into memref<?x?xf32>
  return
}

// CHECK-LABEL: func.func @transpose_bf16_swizzled(
// CHECK:         smem = #tile.swizzle<128>, vector = 8>} : memref<4096x1024xbf16, strided<[?, 1], offset: ?>> into memref<1024x4096xbf16>
func.func @transpose_bf16_swizzled(%src: memref<4096x1024xbf16, strided<[?, 1], offset: ?>>, %dst: memref<1024x4096xbf16>) {
  tile.transpose %src into %dst {schedule = #tile.transpose_schedule<chip = "sm_90a", tile = [64, 64], threads = [8, 32], smem = #tile.swizzle<128>, vector = 8>}
      : memref<4096x1024xbf16, strided<[?, 1], offset: ?>> into memref<1024x4096xbf16>
  return
}

// A batch of matrices: B×M×N into B×N×M, any batch strides.
// CHECK-LABEL: func.func @transpose_f32_batched(
// CHECK:         tile.transpose %{{.*}} into %{{.*}} {schedule = {{.*}}} : memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>> into memref<?x?x?xf32>
func.func @transpose_f32_batched(%src: memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>>, %dst: memref<?x?x?xf32>) {
  tile.transpose %src into %dst {schedule = #tile.transpose_schedule<chip = "sm_90a", tile = [64, 64], threads = [8, 32], smem = #tile.pad<1>, vector = 4>}
      : memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>> into memref<?x?x?xf32>
  return
}
