// RUN: gemm-opt %s -split-input-file -verify-diagnostics

// f32 inputs on the wgmma path are multiplied as tf32 (m64nNk8). tf32 wgmma
// cannot transpose an operand in shared memory, so inside a kernel B must be
// K-major (column-major); A may be column-major (read from registers). A
// host tile.gemm may have a row-major B (tile-stage-transposed-operands
// gives it a K-major copy, test/Transforms/tile-stage-transposed-operands.mlir).
// A 128-byte swizzle row holds BK = 32 f32. What breaks these is a verifier
// error (generic op form).

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 8]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<vector>>

gpu.module @kernels {
  gpu.func @tf32_row_major_b_in_kernel(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) kernel {
    // expected-error @+1 {{'tile.gemm' op tf32 wgmma reads B only K-major from shared memory: B column-major (strided<[1, ?]>); got row-major B (in a kernel; a host tile.gemm gets a K-major copy staged by tile-stage-transposed-operands)}}
    "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}>
        : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
    gpu.return
  }
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 8]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<vector>>

func.func @tf32_bk64(%a: memref<?x?xf32>, %b: memref<?x?xf32, strided<[1, ?]>>, %c: memref<?x?xf32>) {
  // expected-error @+1 {{'tile.gemm' op TMA box of A is 64 elements (256 bytes) wide, which must equal its swizzle width of 128 bytes}}
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}>
      : (memref<?x?xf32>, memref<?x?xf32, strided<[1, ?]>>, memref<?x?xf32>) -> ()
  return
}
