// RUN: gemm-opt %s -split-input-file -verify-diagnostics

// FP8 GEMMs: 8-bit A and B need a #tile.scaling with scale operands of the
// ranks its modes ask for, K-major operands (A row-major, B column-major)
// on a wgmma schedule, and where partial sums are promoted every 128 K
// elements block K = 128 and registers for a second accumulator. Each
// broken rule is an error that says the way out.

#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 128], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 32]>,
  elements = #tile.elements<a = f8E4M3FN, b = f8E4M3FN, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<tma>>

func.func @no_scaling(%a: memref<?x?xf8E4M3FN>, %b: memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>>, %c: memref<?x?xbf16>) {
  // expected-error @+1 {{'tile.gemm' op multiplies 8-bit floats, so it declares their scales: add scaling = #tile.scaling<a = tensor, b = tensor> (or row / column / block scales) and operands scale_a, scale_b}}
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xf8E4M3FN>, memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>> into memref<?x?xbf16>
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 128], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 32]>,
  elements = #tile.elements<a = f8E4M3FN, b = f8E4M3FN, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<tma>>

func.func @missing_scale_b(%a: memref<?x?xf8E4M3FN>, %b: memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>>, %c: memref<?x?xbf16>, %sa: memref<f32>, %sb: memref<f32>) {
  // expected-error @+1 {{'tile.gemm' op needs a scale_b operand: its scaling has b = tensor (scale_b %s : memref<f32> (one scalar))}}
  tile.gemm %a, %b into %c scale_a %sa : memref<f32> 
      {schedule = #sched, scaling = #tile.scaling<a = tensor, b = tensor>}
      : memref<?x?xf8E4M3FN>, memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>> into memref<?x?xbf16>
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 128], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 32]>,
  elements = #tile.elements<a = f8E4M3FN, b = f8E4M3FN, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<tma>>

func.func @row_scale_rank(%a: memref<?x?xf8E4M3FN>, %b: memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>>, %c: memref<?x?xbf16>, %sa: memref<f32>, %sb: memref<f32>) {
  // expected-error @+1 {{'tile.gemm' op scale_a must be a memref<?xf32> (a vector) for a = row, got 'memref<f32>'}}
  tile.gemm %a, %b into %c scale_a %sa : memref<f32> scale_b %sb : memref<f32>
      {schedule = #sched, scaling = #tile.scaling<a = row, b = tensor>}
      : memref<?x?xf8E4M3FN>, memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>> into memref<?x?xbf16>
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 128], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 32]>,
  elements = #tile.elements<a = f8E4M3FN, b = f8E4M3FN, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<tma>>

func.func @block_scale_rank(%a: memref<?x?xf8E4M3FN>, %b: memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>>, %c: memref<?x?xbf16>, %sa: memref<f32>, %sb: memref<f32>) {
  // expected-error @+1 {{'tile.gemm' op scale_b must be a memref<?x?xf32> (a matrix of block scales) for b = block_128x128, got 'memref<f32>'}}
  tile.gemm %a, %b into %c scale_a %sa : memref<f32> scale_b %sb : memref<f32>
      {schedule = #sched, scaling = #tile.scaling<a = tensor, b = block_128x128>}
      : memref<?x?xf8E4M3FN>, memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>> into memref<?x?xbf16>
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 128], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 32]>,
  elements = #tile.elements<a = f8E4M3FN, b = f8E4M3FN, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<tma>>

func.func @row_major_b(%a: memref<?x?xf8E4M3FN>, %b: memref<?x?xf8E4M3FN>, %c: memref<?x?xbf16>, %sa: memref<f32>, %sb: memref<f32>) {
  // expected-error @+1 {{'tile.gemm' op wgmma reads 8-bit operands only K-major from shared memory: B must be column-major (stored N×K like a weight W in x @ W^T: memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>>); transpose it first (tile.transpose)}}
  tile.gemm %a, %b into %c scale_a %sa : memref<f32> scale_b %sb : memref<f32>
      {schedule = #sched, scaling = #tile.scaling<a = tensor, b = tensor>}
      : memref<?x?xf8E4M3FN>, memref<?x?xf8E4M3FN> into memref<?x?xbf16>
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 128], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 32]>,
  elements = #tile.elements<a = f8E4M3FN, b = f8E4M3FN, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<tma>>

func.func @column_major_a(%a: memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>>, %b: memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>>, %c: memref<?x?xbf16>, %sa: memref<f32>, %sb: memref<f32>) {
  // expected-error @+1 {{'tile.gemm' op wgmma reads 8-bit operands only K-major from shared memory: A must be row-major (M×K, K contiguous); transpose it first (tile.transpose)}}
  tile.gemm %a, %b into %c scale_a %sa : memref<f32> scale_b %sb : memref<f32>
      {schedule = #sched, scaling = #tile.scaling<a = tensor, b = tensor>}
      : memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>>, memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>> into memref<?x?xbf16>
  return
}

// -----

// expected-error @+1 {{'tile.gemm' op promoting partial sums every 128 K elements (a scaling without fast_accumulation = true, or block scales) needs block K = 128, got 64}}
#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 64], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 32]>,
  elements = #tile.elements<a = f8E4M3FN, b = f8E4M3FN, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<64>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<tma>>

func.func @promotion_bk64(%a: memref<?x?xf8E4M3FN>, %b: memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>>, %c: memref<?x?xbf16>, %sa: memref<f32>, %sb: memref<f32>) {
  tile.gemm %a, %b into %c scale_a %sa : memref<f32> scale_b %sb : memref<f32>
      {schedule = #sched, scaling = #tile.scaling<a = tensor, b = tensor>}
      : memref<?x?xf8E4M3FN>, memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>> into memref<?x?xbf16>
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 128], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 32]>,
  elements = #tile.elements<a = f8E4M3FN, b = f8E4M3FN, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<tma>>

func.func @block_fast_accumulation(%a: memref<?x?xf8E4M3FN>, %b: memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>>, %c: memref<?x?xbf16>, %sa: memref<?x?xf32>, %sb: memref<f32>) {
  // expected-error @+1 {{'tile.gemm' op block scales multiply every 128 K elements' partial sums as they are added into f32 registers: drop fast_accumulation = true}}
  tile.gemm %a, %b into %c scale_a %sa : memref<?x?xf32> scale_b %sb : memref<f32>
      {schedule = #sched, scaling = #tile.scaling<a = block_1x128, b = tensor, fast_accumulation = true>}
      : memref<?x?xf8E4M3FN>, memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>> into memref<?x?xbf16>
  return
}

// -----

// expected-error @+6 {{'tile.gemm' op promoting partial sums keeps two accumulators: consumer warpgroups need 272 registers per thread (128 + 128 and 16 more), got 232; use a narrower mma N (the tile is promoted in pieces of it), shrink the warpgroup tile or set fast_accumulation = true}}
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 128], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 32]>,
  elements = #tile.elements<a = f8E4M3FN, b = f8E4M3FN, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<tma>>

func.func @promotion_registers(%a: memref<?x?xf8E4M3FN>, %b: memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>>, %c: memref<?x?xbf16>, %sa: memref<f32>, %sb: memref<f32>) {
  tile.gemm %a, %b into %c scale_a %sa : memref<f32> scale_b %sb : memref<f32>
      {schedule = #sched, scaling = #tile.scaling<a = tensor, b = tensor>}
      : memref<?x?xf8E4M3FN>, memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>> into memref<?x?xbf16>
  return
}

// -----

// expected-error @+1 {{'tile.gemm' op block scales of B cover 128 columns: the warpgroup tile's N (192) must divide 128 or be a multiple of it}}
#sched = #tile.schedule<chip = "sm_90a", block = [128, 192, 128], warp = [64, 192],
  mma = #tile.mma<wgmma, [64, 192, 32]>,
  elements = #tile.elements<a = f8E4M3FN, b = f8E4M3FN, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<tma>>

func.func @block_b_columns(%a: memref<?x?xf8E4M3FN>, %b: memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>>, %c: memref<?x?xbf16>, %sa: memref<f32>, %sb: memref<?x?xf32>) {
  tile.gemm %a, %b into %c scale_a %sa : memref<f32> scale_b %sb : memref<?x?xf32>
      {schedule = #sched, scaling = #tile.scaling<a = tensor, b = block_128x128>}
      : memref<?x?xf8E4M3FN>, memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>> into memref<?x?xbf16>
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 128], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 32]>,
  elements = #tile.elements<a = f8E4M3FN, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<tma>>

func.func @mixed_widths(%a: memref<?x?xf8E4M3FN>, %b: memref<?x?xbf16, strided<[1, ?], offset: ?>>, %c: memref<?x?xbf16>, %sa: memref<f32>, %sb: memref<f32>) {
  // expected-error @+1 {{'tile.gemm' op multiplies 8-bit floats only by 8-bit floats, got A of 'f8E4M3FN' and B of 'bf16'}}
  tile.gemm %a, %b into %c scale_a %sa : memref<f32> scale_b %sb : memref<f32>
      {schedule = #sched, scaling = #tile.scaling<a = tensor, b = tensor>}
      : memref<?x?xf8E4M3FN>, memref<?x?xbf16, strided<[1, ?], offset: ?>> into memref<?x?xbf16>
  return
}

// -----

// expected-error @+2 {{'tile.gemm' op 8-bit inputs need wgmma: mma = #tile.mma<wgmma, [64, N, 32]> on sm_90a}}
#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 128], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f8E4M3FN, b = f8E4M3FN, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<tma>>

func.func @mma_sync(%a: memref<?x?xf8E4M3FN>, %b: memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>>, %c: memref<?x?xbf16>, %sa: memref<f32>, %sb: memref<f32>) {
  tile.gemm %a, %b into %c scale_a %sa : memref<f32> scale_b %sb : memref<f32>
      {schedule = #sched, scaling = #tile.scaling<a = tensor, b = tensor>}
      : memref<?x?xf8E4M3FN>, memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>> into memref<?x?xbf16>
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 64], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<tma>>

func.func @scaling_on_bf16(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>, %sa: memref<f32>, %sb: memref<f32>) {
  // expected-error @+1 {{'tile.gemm' op has a #tile.scaling, which is for 8-bit inputs (f8E4M3FN, f8E5M2); A and B are 'bf16' and 'bf16'}}
  tile.gemm %a, %b into %c scale_a %sa : memref<f32> scale_b %sb : memref<f32>
      {schedule = #sched, scaling = #tile.scaling<a = tensor, b = tensor>}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}

// -----

// Block scales are staged in shared memory per pipeline stage
// (dialect/BlockScaleRing.h): 7 stages of 128x128 tiles fit without them,
// not with them.
#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 128], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 32]>,
  elements = #tile.elements<a = f8E4M3FN, b = f8E4M3FN, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  // expected-error @+1 {{'tile.gemm' op the block scales of every stage take 3612 bytes of shared memory beside the stages: the kernel needs 233472 bytes per block, more than the 232448 sm_90a allows; use fewer stages}}
  pipeline = #tile.pipeline<stages = 7, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 56, consumer_registers = 224>,
  store = #tile.store<tma>>

func.func @block_scales_beyond_shared_memory(%a: memref<?x?xf8E4M3FN>, %b: memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>>,
    %c: memref<?x?xbf16>, %sa: memref<?x?xf32, strided<[1, ?], offset: ?>>, %sb: memref<?x?xf32, strided<[1, ?], offset: ?>>) {
  tile.gemm %a, %b into %c scale_a %sa : memref<?x?xf32, strided<[1, ?], offset: ?>> scale_b %sb : memref<?x?xf32, strided<[1, ?], offset: ?>>
      {schedule = #sched, scaling = #tile.scaling<a = block_1x128, b = block_128x128>}
      : memref<?x?xf8E4M3FN>, memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>> into memref<?x?xbf16>
  return
}

// -----

// async_scale_copies says how block scales reach shared memory; a GEMM
// without block scales has none to copy.
#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 128], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 32]>,
  elements = #tile.elements<a = f8E4M3FN, b = f8E4M3FN, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  // expected-error @+1 {{'tile.gemm' op async_scale_copies says how the block scales of an FP8 GEMM reach shared memory, and this GEMM has none (scaling with a = block_1x128 or b = block_128x128); leave it out}}
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232, async_scale_copies = true>,
  store = #tile.store<tma>>

func.func @async_scale_copies_without_block_scales(%a: memref<?x?xf8E4M3FN>, %b: memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>>,
    %c: memref<?x?xbf16>, %sa: memref<f32>, %sb: memref<f32>) {
  tile.gemm %a, %b into %c scale_a %sa : memref<f32> scale_b %sb : memref<f32>
      {schedule = #sched, scaling = #tile.scaling<a = tensor, b = tensor>}
      : memref<?x?xf8E4M3FN>, memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>> into memref<?x?xbf16>
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  // expected-error @+1 {{'tile.gemm' op async_scale_copies says how the block scales of an FP8 GEMM reach shared memory, and this GEMM has none (scaling with a = block_1x128 or b = block_128x128); leave it out}}
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232, async_scale_copies = true>,
  store = #tile.store<tma>>

func.func @async_scale_copies_in_bf16(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #sched} : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}
