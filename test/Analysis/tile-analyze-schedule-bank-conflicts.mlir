// Bank conflicts simulated through each shared layout, on the example's
// mma.sync schedule (128x256x32, warp 64x64): unpadded rows conflict
// (A's 64-byte rows put 4 of an ldmatrix phase's 8 rows on the same banks,
// B's 512-byte rows all 8), #tile.pad<8> fixes ldmatrix but makes A's
// cp.async writes 2-way, the swizzles are conflict-free; the model turns
// the extra wavefronts into shared-memory time (which the padded and
// swizzled layouts keep below the pipeline's latency term).
// RUN: gemm-opt %s -o /dev/null \
// RUN:   --tile-analyze-schedule="device=h200 m=4096 n=4096 k=4096" | FileCheck %s

// CHECK-LABEL: schedule @unpadded
// CHECK:      A cp.async 16B writes #tile.pad<0> 16 instr, 64 wavefronts / 64 ideal = 1.00x
// CHECK-NEXT: A ldmatrix.x4 reads #tile.pad<0> 64 instr, 1024 wavefronts / 256 ideal = 4.00x
// CHECK-NEXT: B cp.async 16B writes #tile.pad<0> 32 instr, 128 wavefronts / 128 ideal = 1.00x
// CHECK-NEXT: B ldmatrix.x4 reads #tile.pad<0> 64 instr, 2048 wavefronts / 256 ideal = 8.00x
// CHECK:      math 168.6 us, shared memory 844.0 us, latency 256.0 us
// CHECK-NEXT: predicted: shared memory bound, 857.3 us, 160.3 TFLOP/s
#unpadded = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.pad<0>, smem_b = #tile.pad<0>,
  pipeline = #tile.pipeline<stages = 4, load = cp_async>>
func.func @unpadded(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #unpadded}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}

// CHECK-LABEL: schedule @padded
// CHECK:      A cp.async 16B writes #tile.pad<8> 16 instr, 128 wavefronts / 64 ideal = 2.00x
// CHECK-NEXT: A ldmatrix.x4 reads #tile.pad<8> 64 instr, 256 wavefronts / 256 ideal = 1.00x
// CHECK-NEXT: B cp.async 16B writes #tile.pad<8> 32 instr, 128 wavefronts / 128 ideal = 1.00x
// CHECK-NEXT: B ldmatrix.x4 reads #tile.pad<8> 64 instr, 256 wavefronts / 256 ideal = 1.00x
// CHECK:      math 168.6 us, shared memory 198.6 us, latency 256.0 us
// CHECK-NEXT: predicted: latency bound, 269.6 us, 509.8 TFLOP/s
#padded = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.pad<8>, smem_b = #tile.pad<8>,
  pipeline = #tile.pipeline<stages = 4, load = cp_async>>
func.func @padded(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #padded}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}

// CHECK-LABEL: schedule @swizzled
// CHECK:      A cp.async 16B writes #tile.swizzle<64> 16 instr, 64 wavefronts / 64 ideal = 1.00x
// CHECK-NEXT: A ldmatrix.x4 reads #tile.swizzle<64> 64 instr, 256 wavefronts / 256 ideal = 1.00x
// CHECK-NEXT: B cp.async 16B writes #tile.swizzle<128> 32 instr, 128 wavefronts / 128 ideal = 1.00x
// CHECK-NEXT: B ldmatrix.x4 reads #tile.swizzle<128> 64 instr, 256 wavefronts / 256 ideal = 1.00x
// CHECK:      math 168.6 us, shared memory 182.0 us, latency 256.0 us
// CHECK-NEXT: predicted: latency bound, 269.6 us, 509.8 TFLOP/s
#swizzled = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = cp_async>>
func.func @swizzled(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #swizzled}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}

// A 32-byte swizzle stores B in 32-byte column panels 1 KiB apart: the 8
// consecutive 16-byte chunks of a cp.async phase fall into 4 panels at the
// same two bank groups (4-way), while ldmatrix's 8 rows of one panel stay
// conflict-free.
// CHECK-LABEL: schedule @narrow_swizzle
// CHECK:      B cp.async 16B writes #tile.swizzle<32> 32 instr, 512 wavefronts / 128 ideal = 4.00x
// CHECK-NEXT: B ldmatrix.x4 reads #tile.swizzle<32> 64 instr, 256 wavefronts / 256 ideal = 1.00x
// CHECK:      math 168.6 us, shared memory 281.3 us
// CHECK-NEXT: predicted: shared memory bound, 297.0 us, 462.7 TFLOP/s
#narrow = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<32>,
  pipeline = #tile.pipeline<stages = 4, load = cp_async>>
func.func @narrow_swizzle(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #narrow}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}
