// RUN: gemm-opt %s -split-input-file -verify-diagnostics

// #tile.store<tma, rounds = R>: each consumer warpgroup stores its part of C
// in R rounds of whole 128-byte column panels through a staging tile of 1/R
// of it. Impossible counts are attribute or verifier errors (generic op
// form); a persistent tma store too big for shared memory is told the count
// that fits.

// expected-error @+1 {{rounds must be at least 1, got 0}}
#s = #tile.store<tma, rounds = 0>

// -----

// expected-error @+1 {{rounds = 2 needs #tile.store<tma> (the rounds are TMA stores from a smaller staging tile), got vector}}
#s = #tile.store<vector, rounds = 2>

// -----

// expected-error @+1 {{duplicate or unknown struct parameter name: rounds}}
#s = #tile.store<tma, rounds = 2, rounds = 4>

// -----

// expected-error @+1 {{staging_buffers must be 1 or 2, got 3}}
#s = #tile.store<tma, rounds = 6, staging_buffers = 3>

// -----

// The rounds alternate between the two parts: an odd count would not.
// expected-error @+1 {{staging_buffers = 2 alternates between two staging parts round by round: it needs an even rounds (at least 2), got rounds = 1}}
#s = #tile.store<tma, staging_buffers = 2>

// -----

// expected-error @+1 {{got rounds = 3}}
#s = #tile.store<tma, rounds = 3, staging_buffers = 2>

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 8]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  // expected-error @+1 {{'tile.gemm' op #tile.store<tma, rounds = 3> does not divide the 8 128-byte column panels of a consumer warpgroup's 64x256 part of C (WN * sizeof(C) / 128)}}
  store = #tile.store<tma, rounds = 3>>

// 256 f32 columns are 8 panels of 32: 3 rounds cannot split them.
func.func @rounds_not_dividing(%a: memref<?x?xf32>, %b: memref<?x?xf32, strided<[1, ?], offset: ?>>, %c: memref<?x?xf32>) {
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}>
      : (memref<?x?xf32>, memref<?x?xf32, strided<[1, ?], offset: ?>>, memref<?x?xf32>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  // expected-error @+1 {{'tile.gemm' op #tile.store<tma, rounds = 8> does not divide the 4 128-byte column panels of a consumer warpgroup's 64x256 part of C (WN * sizeof(C) / 128)}}
  store = #tile.store<tma, rounds = 8>>

// 256 bf16 columns are 4 panels of 64: at most 4 rounds.
func.func @more_rounds_than_panels(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}>
      : (memref<?x?xbf16>, memref<?x?xbf16>, memref<?x?xbf16>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 8]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  // expected-error @+1 {{'tile.gemm' op schedule needs 279552 bytes of shared memory per block, more than the 232448 sm_90a allows (#tile.store<tma, rounds = 2> would shrink the staging tile enough)}}
  store = #tile.store<tma>>

// 3 stages of 48 KiB + a 128 KiB f32 staging tile + 1 KiB of mbarriers.
func.func @persistent_f32_staging_too_big(%a: memref<?x?xf32>, %b: memref<?x?xf32, strided<[1, ?], offset: ?>>, %c: memref<?x?xf32>) {
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}>
      : (memref<?x?xf32>, memref<?x?xf32, strided<[1, ?], offset: ?>>, memref<?x?xf32>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 8]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  // expected-error @+1 {{'tile.gemm' op schedule needs 263168 bytes of shared memory per block, more than the 232448 sm_90a allows (#tile.store<tma, rounds = 4> would shrink the staging tile enough)}}
  store = #tile.store<tma, rounds = 2>>

// 4 stages (192 KiB) + 1/2 of the f32 tile do not fit; 1/4 (32 KiB) does.
func.func @persistent_too_big_for_two_rounds(%a: memref<?x?xf32>, %b: memref<?x?xf32, strided<[1, ?], offset: ?>>, %c: memref<?x?xf32>) {
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}>
      : (memref<?x?xf32>, memref<?x?xf32, strided<[1, ?], offset: ?>>, memref<?x?xf32>) -> ()
  return
}
