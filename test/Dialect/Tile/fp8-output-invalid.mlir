// RUN: gemm-opt %s -split-input-file -verify-diagnostics

// FP8 output: an e4m3 C needs its output scale (scale_d), scale_d needs an
// 8-bit C, amax an FP8 GEMM; both go with a TMA store and neither with
// split_k or stream_k; an e4m3 C fuses at most an activation. Each broken
// rule is an error that says the way out (generic op form).

#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 128], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 32]>,
  elements = #tile.elements<a = f8E4M3FN, b = f8E4M3FN, c = f8E4M3FN, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<tma>>

func.func @e4m3_without_scale_d(%a: memref<?x?xf8E4M3FN>, %b: memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>>, %c: memref<?x?xf8E4M3FN>, %sa: memref<f32>, %sb: memref<f32>, %amax: memref<f32>) {
  // expected-error @+1 {{'tile.gemm' op writes an 8-bit C without an output scale: add scale_d %sd : memref<f32> (C = saturate(D * scale_d) in e4m3)}}
  "tile.gemm"(%a, %b, %c, %sa, %sb, %amax) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 1, 1, 0, 1, 0, 0>, schedule = #sched, scaling = #tile.scaling<a = tensor, b = tensor>}> : (memref<?x?xf8E4M3FN>, memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>>, memref<?x?xf8E4M3FN>, memref<f32>, memref<f32>, memref<f32>) -> ()
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

func.func @scale_d_with_bf16(%a: memref<?x?xf8E4M3FN>, %b: memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>>, %c: memref<?x?xbf16>, %sa: memref<f32>, %sb: memref<f32>, %sd: memref<f32>) {
  // expected-error @+1 {{'tile.gemm' op has scale_d, which quantizes an 8-bit C, but C is 'bf16': drop scale_d or write C as f8E4M3FN}}
  "tile.gemm"(%a, %b, %c, %sa, %sb, %sd) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0>, schedule = #sched, scaling = #tile.scaling<a = tensor, b = tensor>}> : (memref<?x?xf8E4M3FN>, memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>>, memref<?x?xbf16>, memref<f32>, memref<f32>, memref<f32>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 128], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 32]>,
  elements = #tile.elements<a = f8E4M3FN, b = f8E4M3FN, c = f8E5M2, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<tma>>

func.func @e5m2_output(%a: memref<?x?xf8E4M3FN>, %b: memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>>, %c: memref<?x?xf8E5M2>, %sa: memref<f32>, %sb: memref<f32>, %sd: memref<f32>, %amax: memref<f32>) {
  // expected-error @+1 {{'tile.gemm' op writes C as 'f8E5M2'; the 8-bit output is f8E4M3FN (e4m3, saturated at 448)}}
  "tile.gemm"(%a, %b, %c, %sa, %sb, %sd, %amax) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 1, 1, 1, 1, 0, 0>, schedule = #sched, scaling = #tile.scaling<a = tensor, b = tensor>}> : (memref<?x?xf8E4M3FN>, memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>>, memref<?x?xf8E5M2>, memref<f32>, memref<f32>, memref<f32>, memref<f32>) -> ()
  return
}

// -----

// expected-error @+7 {{'tile.gemm' op an 8-bit C applies to the final sum of a tile, but split_k and stream_k store partial sums: drop them from the grid}}
#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 128], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 32]>,
  elements = #tile.elements<a = f8E4M3FN, b = f8E4M3FN, c = f8E4M3FN, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = false, raster = along_m, group = 8, split_k = 2>,
  store = #tile.store<tma>>

func.func @split_k(%a: memref<?x?xf8E4M3FN>, %b: memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>>, %c: memref<?x?xf8E4M3FN>, %sa: memref<f32>, %sb: memref<f32>, %sd: memref<f32>, %amax: memref<f32>) {
  "tile.gemm"(%a, %b, %c, %sa, %sb, %sd, %amax) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 1, 1, 1, 1, 0, 0>, schedule = #sched, scaling = #tile.scaling<a = tensor, b = tensor>}> : (memref<?x?xf8E4M3FN>, memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>>, memref<?x?xf8E4M3FN>, memref<f32>, memref<f32>, memref<f32>, memref<f32>) -> ()
  return
}

// -----

// expected-error @+7 {{'tile.gemm' op amax applies to the final sum of a tile, but split_k and stream_k store partial sums: drop them from the grid}}
#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 128], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 32]>,
  elements = #tile.elements<a = f8E4M3FN, b = f8E4M3FN, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8, stream_k = 1>,
  store = #tile.store<tma>>

func.func @amax_stream_k(%a: memref<?x?xf8E4M3FN>, %b: memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>>, %c: memref<?x?xbf16>, %sa: memref<f32>, %sb: memref<f32>, %amax: memref<f32>) {
  "tile.gemm"(%a, %b, %c, %sa, %sb, %amax) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 1, 1, 0, 1, 0, 0>, schedule = #sched, scaling = #tile.scaling<a = tensor, b = tensor>}> : (memref<?x?xf8E4M3FN>, memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>>, memref<?x?xbf16>, memref<f32>, memref<f32>, memref<f32>) -> ()
  return
}

// -----

// expected-error @+7 {{'tile.gemm' op an 8-bit C is written by the TMA store epilogue: use store = #tile.store<tma>}}
#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 128], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 32]>,
  elements = #tile.elements<a = f8E4M3FN, b = f8E4M3FN, c = f8E4M3FN, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<vector>>

func.func @vector_store(%a: memref<?x?xf8E4M3FN>, %b: memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>>, %c: memref<?x?xf8E4M3FN>, %sa: memref<f32>, %sb: memref<f32>, %sd: memref<f32>, %amax: memref<f32>) {
  "tile.gemm"(%a, %b, %c, %sa, %sb, %sd, %amax) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 1, 1, 1, 1, 0, 0>, schedule = #sched, scaling = #tile.scaling<a = tensor, b = tensor>}> : (memref<?x?xf8E4M3FN>, memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>>, memref<?x?xf8E4M3FN>, memref<f32>, memref<f32>, memref<f32>, memref<f32>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 128], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 32]>,
  elements = #tile.elements<a = f8E4M3FN, b = f8E4M3FN, c = f8E4M3FN, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<tma>>

func.func @e4m3_bias(%a: memref<?x?xf8E4M3FN>, %b: memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>>, %c: memref<?x?xf8E4M3FN>, %bias: memref<?xbf16>, %sa: memref<f32>, %sb: memref<f32>, %sd: memref<f32>) {
  // expected-error @+1 {{'tile.gemm' op writes an 8-bit C, whose fused epilogue takes only an activation: a bias, a residual or beta's C would be 8-bit too; write C as bf16 to fuse them}}
  "tile.gemm"(%a, %b, %c, %bias, %sa, %sb, %sd) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 1, 0, 1, 1, 1, 0, 0, 0>, schedule = #sched, scaling = #tile.scaling<a = tensor, b = tensor>, epilogue = #tile.epilogue<bias = column>}> : (memref<?x?xf8E4M3FN>, memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>>, memref<?x?xf8E4M3FN>, memref<?xbf16>, memref<f32>, memref<f32>, memref<f32>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<tma>>

func.func @amax_bf16_inputs(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>, %amax: memref<f32>) {
  // expected-error @+1 {{'tile.gemm' op has amax, which records the largest |D| of an FP8 GEMM, but A is 'bf16': drop amax}}
  "tile.gemm"(%a, %b, %c, %amax) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0>, schedule = #sched}> : (memref<?x?xbf16>, memref<?x?xbf16>, memref<?x?xbf16>, memref<f32>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = f8E4M3FN, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<tma>>

func.func @e4m3_from_bf16(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xf8E4M3FN>, %sd: memref<f32>) {
  // expected-error @+1 {{'tile.gemm' op writes an 8-bit C ('f8E4M3FN'), which only an FP8 GEMM does: make A and B 8-bit floats or C bf16, f16 or f32}}
  "tile.gemm"(%a, %b, %c, %sd) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0>, schedule = #sched}> : (memref<?x?xbf16>, memref<?x?xbf16>, memref<?x?xf8E4M3FN>, memref<f32>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 128], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 32]>,
  elements = #tile.elements<a = f8E4M3FN, b = f8E4M3FN, c = f8E4M3FN, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<tma>>

func.func @scale_d_vector(%a: memref<?x?xf8E4M3FN>, %b: memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>>, %c: memref<?x?xf8E4M3FN>, %sa: memref<f32>, %sb: memref<f32>, %sd: memref<?xf32>) {
  // expected-error @+1 {{'tile.gemm' op operand #5 must be 0D memref of 32-bit float values, but got 'memref<?xf32>'}}
  "tile.gemm"(%a, %b, %c, %sa, %sb, %sd) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0>, schedule = #sched, scaling = #tile.scaling<a = tensor, b = tensor>}> : (memref<?x?xf8E4M3FN>, memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>>, memref<?x?xf8E4M3FN>, memref<f32>, memref<f32>, memref<?xf32>) -> ()
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

func.func @batched_amax(%a: memref<?x?x?xf8E4M3FN>, %b: memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>>, %c: memref<?x?x?xbf16>, %sa: memref<f32>, %sb: memref<f32>, %amax: memref<f32>) {
  // expected-error @+1 {{'tile.gemm' op amax is not written by batched GEMMs (one scale_d and one amax for every batch entry would be ambiguous): launch one GEMM per batch entry, or write C as bf16 without amax}}
  "tile.gemm"(%a, %b, %c, %sa, %sb, %amax) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 1, 1, 0, 1, 0, 0>, schedule = #sched, scaling = #tile.scaling<a = tensor, b = tensor>}> : (memref<?x?x?xf8E4M3FN>, memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>>, memref<?x?x?xbf16>, memref<f32>, memref<f32>, memref<f32>) -> ()
  return
}
