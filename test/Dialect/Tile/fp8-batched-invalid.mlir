// RUN: gemm-opt %s -split-input-file -verify-diagnostics

// Batched FP8 GEMMs: a scale operand has its mode's rank (shared by every
// batch entry) or one more (per entry, the batch first); a per-entry
// operand's static batch count and a vector's static M or N must match the
// problem's. Each error names both shapes that would do.

#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 128], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 32]>,
  elements = #tile.elements<a = f8E4M3FN, b = f8E4M3FN, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  store = #tile.store<tma>>

func.func @tensor_rank(%a: memref<?x?x?xf8E4M3FN>, %b: memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>>, %c: memref<?x?x?xbf16>, %sa: memref<?x?xf32>, %sb: memref<f32>) {
  // expected-error @+1 {{'tile.gemm' op scale_a of a batched GEMM must be a memref<f32> (one scalar), shared by every batch entry, or a memref<?xf32> (one scalar per batch entry) for a = tensor, got 'memref<?x?xf32>'}}
  tile.gemm %a, %b into %c scale_a %sa : memref<?x?xf32> scale_b %sb : memref<f32>
      {schedule = #sched, scaling = #tile.scaling<a = tensor, b = tensor>}
      : memref<?x?x?xf8E4M3FN>, memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>> into memref<?x?x?xbf16>
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 128], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 32]>,
  elements = #tile.elements<a = f8E4M3FN, b = f8E4M3FN, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  store = #tile.store<tma>>

func.func @column_rank(%a: memref<?x?x?xf8E4M3FN>, %b: memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>>, %c: memref<?x?x?xbf16>, %sa: memref<?x?xf32>, %sb: memref<f32>) {
  // expected-error @+1 {{'tile.gemm' op scale_b of a batched GEMM must be a memref<?xf32> (a vector), shared by every batch entry, or a memref<?x?xf32> (a vector per batch entry) for b = column, got 'memref<f32>'}}
  tile.gemm %a, %b into %c scale_a %sa : memref<?x?xf32> scale_b %sb : memref<f32>
      {schedule = #sched, scaling = #tile.scaling<a = row, b = column>}
      : memref<?x?x?xf8E4M3FN>, memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>> into memref<?x?x?xbf16>
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 128], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 32]>,
  elements = #tile.elements<a = f8E4M3FN, b = f8E4M3FN, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  store = #tile.store<tma>>

func.func @block_rank(%a: memref<?x?x?xf8E4M3FN>, %b: memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>>, %c: memref<?x?x?xbf16>, %sa: memref<?xf32>, %sb: memref<?x?x?xf32>) {
  // expected-error @+1 {{'tile.gemm' op scale_a of a batched GEMM must be a memref<?x?xf32> (a matrix of block scales), shared by every batch entry, or a memref<?x?x?xf32> (block scales per batch entry) for a = block_1x128, got 'memref<?xf32>'}}
  tile.gemm %a, %b into %c scale_a %sa : memref<?xf32> scale_b %sb : memref<?x?x?xf32>
      {schedule = #sched, scaling = #tile.scaling<a = block_1x128, b = block_128x128>}
      : memref<?x?x?xf8E4M3FN>, memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>> into memref<?x?x?xbf16>
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 128], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 32]>,
  elements = #tile.elements<a = f8E4M3FN, b = f8E4M3FN, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  store = #tile.store<tma>>

func.func @missing(%a: memref<?x?x?xf8E4M3FN>, %b: memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>>, %c: memref<?x?x?xbf16>, %sb: memref<f32>) {
  // expected-error @+1 {{'tile.gemm' op needs a scale_a operand: its scaling has a = row (scale_a %s : memref<?xf32> (a vector), or memref<?x?xf32> (a vector per batch entry))}}
  tile.gemm %a, %b into %c scale_b %sb : memref<f32>
      {schedule = #sched, scaling = #tile.scaling<a = row, b = tensor>}
      : memref<?x?x?xf8E4M3FN>, memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>> into memref<?x?x?xbf16>
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 128], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 32]>,
  elements = #tile.elements<a = f8E4M3FN, b = f8E4M3FN, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  store = #tile.store<tma>>

func.func @batch_count(%a: memref<4x?x?xf8E4M3FN>, %b: memref<4x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>>,
                       %c: memref<4x?x?xbf16>, %sa: memref<3xf32>, %sb: memref<f32>) {
  // expected-error @+1 {{'tile.gemm' op scale_a has 3 entries in dimension 0, but the batch count is 4}}
  tile.gemm %a, %b into %c scale_a %sa : memref<3xf32> scale_b %sb : memref<f32>
      {schedule = #sched, scaling = #tile.scaling<a = tensor, b = tensor>}
      : memref<4x?x?xf8E4M3FN>, memref<4x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>> into memref<4x?x?xbf16>
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 128], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 32]>,
  elements = #tile.elements<a = f8E4M3FN, b = f8E4M3FN, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  store = #tile.store<tma>>

func.func @row_extent(%a: memref<?x256x?xf8E4M3FN>, %b: memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>>, %c: memref<?x?x?xbf16>, %sa: memref<?x128xf32>, %sb: memref<f32>) {
  // expected-error @+1 {{'tile.gemm' op scale_a has 128 entries in dimension 1, but M is 256}}
  tile.gemm %a, %b into %c scale_a %sa : memref<?x128xf32> scale_b %sb : memref<f32>
      {schedule = #sched, scaling = #tile.scaling<a = row, b = tensor>}
      : memref<?x256x?xf8E4M3FN>, memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>> into memref<?x?x?xbf16>
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 128], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 32]>,
  elements = #tile.elements<a = f8E4M3FN, b = f8E4M3FN, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  store = #tile.store<tma>>

func.func @shared_column_extent(%a: memref<?x?x?xf8E4M3FN>, %b: memref<?x?x64xf8E4M3FN, strided<[?, 1, ?], offset: ?>>, %c: memref<?x?x?xbf16>, %sa: memref<f32>, %sb: memref<32xf32>) {
  // expected-error @+1 {{'tile.gemm' op scale_b has 32 entries in dimension 0, but N is 64}}
  tile.gemm %a, %b into %c scale_a %sa : memref<f32> scale_b %sb : memref<32xf32>
      {schedule = #sched, scaling = #tile.scaling<a = tensor, b = column>}
      : memref<?x?x?xf8E4M3FN>, memref<?x?x64xf8E4M3FN, strided<[?, 1, ?], offset: ?>> into memref<?x?x?xbf16>
  return
}
