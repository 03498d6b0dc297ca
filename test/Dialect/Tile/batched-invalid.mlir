// RUN: gemm-opt %s -split-input-file -verify-diagnostics

// Batched tile.gemm (3-D operands, batch × rows × columns): what the verifier
// refuses (generic op form).

#wgmma = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<vector>>

func.func @batched_a_only(%a: memref<?x?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  // expected-error @+1 {{'tile.gemm' op A, B and C must all be matrices (rank 2) or all batches of matrices (rank 3: batch × rows × columns), got ranks 3, 2 and 2}}
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #wgmma}>
      : (memref<?x?x?xbf16>, memref<?x?xbf16>, memref<?x?xbf16>) -> ()
  return
}

// -----

#wgmma = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<vector>>

func.func @batch_counts_differ(%a: memref<4x?x?xbf16>, %b: memref<?x?x?xbf16>, %c: memref<3x?x?xbf16>) {
  // expected-error @+1 {{'tile.gemm' op batch count of C (3) does not match the other operands' (4)}}
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #wgmma}>
      : (memref<4x?x?xbf16>, memref<?x?x?xbf16>, memref<3x?x?xbf16>) -> ()
  return
}

// -----

#wgmma = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<vector>>

// The matrix extents are the last two: K of A is 16 here, not 8.
func.func @batched_k_differs(%a: memref<2x8x16xbf16>, %b: memref<2x32x8xbf16>, %c: memref<2x8x8xbf16>) {
  // expected-error @+1 {{'tile.gemm' op K of A (16) does not match K of B (32)}}
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #wgmma}>
      : (memref<2x8x16xbf16>, memref<2x32x8xbf16>, memref<2x8x8xbf16>) -> ()
  return
}

// -----

#wgmma = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<vector>>

// Unit stride must be in a matrix dimension, not the batch.
func.func @batch_unit_stride(%a: memref<?x?x?xbf16, strided<[1, ?, ?]>>, %b: memref<?x?x?xbf16>, %c: memref<?x?x?xbf16>) {
  // expected-error @+1 {{'tile.gemm' op A must be row-major (unit stride in its last dimension) or column-major (unit stride in its second dimension, the rows), got 'memref<?x?x?xbf16, strided<[1, ?, ?]>>'}}
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #wgmma}>
      : (memref<?x?x?xbf16, strided<[1, ?, ?]>>, memref<?x?x?xbf16>, memref<?x?x?xbf16>) -> ()
  return
}

// -----

#sync = #tile.schedule<chip = "sm_90a", block = [128, 128, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

func.func @mma_sync_batched(%a: memref<?x?x?xf16>, %b: memref<?x?x?xf16>, %c: memref<?x?x?xf16>) {
  // expected-error @+1 {{'tile.gemm' op batched operands need a wgmma schedule: the mma.sync path computes one matrix per launch}}
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sync}>
      : (memref<?x?x?xf16>, memref<?x?x?xf16>, memref<?x?x?xf16>) -> ()
  return
}

// -----

#ffma = #tile.schedule<chip = "sm_90a", block = [128, 128, 8], warp = [32, 64],
  mma = #tile.mma<ffma, [8, 8, 1]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.pad<0>, smem_b = #tile.pad<0>,
  pipeline = #tile.pipeline<stages = 2, load = cp_async>>

func.func @ffma_batched(%a: memref<?x?x?xf32>, %b: memref<?x?x?xf32>, %c: memref<?x?x?xf32>) {
  // expected-error @+1 {{'tile.gemm' op batched operands need a wgmma schedule: the ffma path computes one matrix per launch}}
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #ffma}>
      : (memref<?x?x?xf32>, memref<?x?x?xf32>, memref<?x?x?xf32>) -> ()
  return
}
