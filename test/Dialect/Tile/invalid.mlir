// RUN: gemm-opt %s -split-input-file -verify-diagnostics

// Every check of the tile dialect's verifiers, one per split. Up to the Hopper
// section at the end, the schedule of each case is a valid sm_80 f16 schedule
// with one thing changed.

func.func @missing_schedule(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
  // expected-error @+1 {{'tile.gemm' op has no schedule: attach {schedule = #tile.schedule<...>}}}
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>}> : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf16>) -> ()
  return
}

// -----

func.func @schedule_not_a_schedule(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
  // expected-error @+1 {{invalid properties {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #tile.swizzle<64>} for op tile.gemm: Invalid attribute `schedule` in property conversion: #tile.swizzle<64>}}
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #tile.swizzle<64>}> : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf16>) -> ()
  return
}

// -----

// Operands outside global memory would compile to accesses of another
// state space (shared, local): the verifier says where they must live.
#sched = #tile.schedule<chip = "sm_80", block = [128, 128, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

func.func @a_in_shared_memory(%a: memref<?x?xf16, 3>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
  // expected-error @+1 {{'tile.gemm' op A must live in global memory (the default memory space or #gpu.address_space<global>), got 'memref<?x?xf16, 3>'}}
  tile.gemm %a, %b into %c {schedule = #sched} : memref<?x?xf16, 3>, memref<?x?xf16> into memref<?x?xf16>
  return
}

// -----

#sched = #tile.schedule<chip = "sm_80", block = [128, 128, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

func.func @c_in_private_memory(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16, #gpu.address_space<private>>) {
  // expected-error @+1 {{'tile.gemm' op C must live in global memory (the default memory space or #gpu.address_space<global>), got 'memref<?x?xf16, #gpu.address_space<private>>'}}
  tile.gemm %a, %b into %c {schedule = #sched} : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf16, #gpu.address_space<private>>
  return
}

// -----

#sched = #tile.schedule<chip = "sm_80", block = [128, 128, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

func.func @b_in_a_named_memory_space(%a: memref<?x?xf16>, %b: memref<?x?xf16, "foo">, %c: memref<?x?xf16>) {
  // expected-error @+1 {{'tile.gemm' op B must live in global memory (the default memory space or #gpu.address_space<global>), got 'memref<?x?xf16, "foo">'}}
  tile.gemm %a, %b into %c {schedule = #sched} : memref<?x?xf16>, memref<?x?xf16, "foo"> into memref<?x?xf16>
  return
}

// -----

// A 128×128 warp tile holds 512 accumulators per thread: it could only
// spill.
// expected-error @+1 {{'tile.gemm' op warp tile [128, 128] needs at least 640 registers per thread (accumulators and two K steps of operand fragments), more than the 255 sm_80 allows: use more, smaller warp tiles}}
#sched = #tile.schedule<chip = "sm_80", block = [128, 128, 32], warp = [128, 128],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

func.func @warp_tile_over_registers(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
  tile.gemm %a, %b into %c {schedule = #sched} : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf16>
  return
}

// -----

// Static extents the kernel cannot run: the bundle keeps no static
// extents, so nothing later could refuse them.
#sched = #tile.schedule<chip = "sm_80", block = [128, 128, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

func.func @static_partial_tile(%a: memref<100x64xf16>, %b: memref<64x128xf16>, %c: memref<100x128xf16>) {
  // expected-error @+1 {{'tile.gemm' op static M = 100 is not a multiple of the block tile's 128: this schedule needs whole tiles (an mma.sync pipeline takes any shape with ragged = true)}}
  tile.gemm %a, %b into %c {schedule = #sched} : memref<100x64xf16>, memref<64x128xf16> into memref<100x128xf16>
  return
}

// -----

#sched = #tile.schedule<chip = "sm_80", block = [128, 128, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async, ragged = true>>

func.func @static_empty_k(%a: memref<128x0xf16>, %b: memref<0x128xf16>, %c: memref<128x128xf16>) {
  // expected-error @+1 {{'tile.gemm' op static K = 0 must be at least 1}}
  tile.gemm %a, %b into %c {schedule = #sched} : memref<128x0xf16>, memref<0x128xf16> into memref<128x128xf16>
  return
}

// -----

// sm_75 would fail "mma.sync with f16/bf16 needs sm_80 or newer", but the chip
// table knows no chip older than sm_80, so it is rejected as unknown.
// expected-error @+1 {{'tile.gemm' op unknown chip 'sm_75'; known chips: sm_80, sm_86, sm_89, sm_90, sm_90a}}
#sched = #tile.schedule<chip = "sm_75", block = [128, 128, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

func.func @unknown_chip(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf16>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_80", block = [128, 128, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = bf16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

func.func @a_type_not_scheduled(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
  // expected-error @+1 {{'tile.gemm' op element type of A ('f16') does not match the schedule ('bf16')}}
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf16>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_80", block = [128, 128, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

func.func @b_type_not_scheduled(%a: memref<?x?xf16>, %b: memref<?x?xbf16>, %c: memref<?x?xf16>) {
  // expected-error @+1 {{'tile.gemm' op element type of B ('bf16') does not match the schedule ('f16')}}
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xf16>, memref<?x?xbf16>, memref<?x?xf16>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_80", block = [128, 128, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

func.func @c_type_not_scheduled(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf32>) {
  // expected-error @+1 {{'tile.gemm' op element type of C ('f32') does not match the schedule ('f16')}}
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf32>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_80", block = [128, 128, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = bf16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

func.func @mixed_input_types(%a: memref<?x?xf16>, %b: memref<?x?xbf16>, %c: memref<?x?xf16>) {
  // expected-error @+1 {{'tile.gemm' op A and B must have the same element type, got 'f16' and 'bf16'}}
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xf16>, memref<?x?xbf16>, memref<?x?xf16>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_80", block = [128, 128, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f16>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

func.func @f16_accumulator(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
  // expected-error @+1 {{'tile.gemm' op accumulator must be f32, got 'f16'}}
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf16>) -> ()
  return
}

// -----

// The verifier's "C must be f16, bf16 or f32" cannot fire: C's element type
// must match the schedule's, and the operand type constraint already limits it.
#sched = #tile.schedule<chip = "sm_80", block = [128, 128, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = i32, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

func.func @i32_c(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xi32>) {
  // expected-error @+1 {{'tile.gemm' op operand #2 must be 2D/3D memref of 16-bit float or bfloat16 type or 32-bit float or f8E4M3FN type or f8E5M2 type values, but got 'memref<?x?xi32>'}}
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xi32>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_80", block = [128, 128, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = i8, b = i8, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

func.func @i8_inputs(%a: memref<?x?xi8>, %b: memref<?x?xi8>, %c: memref<?x?xf16>) {
  // expected-error @+1 {{'tile.gemm' op operand #0 must be 2D/3D memref of 16-bit float or bfloat16 type or 32-bit float or f8E4M3FN type or f8E5M2 type values, but got 'memref<?x?xi8>'}}
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xi8>, memref<?x?xi8>, memref<?x?xf16>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_80", block = [128, 128, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

// A rank-3 A needs rank-3 B and C (batched-invalid.mlir has the rest).
func.func @rank_3(%a: memref<?x?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
  // expected-error @+1 {{'tile.gemm' op A, B and C must all be matrices (rank 2) or all batches of matrices (rank 3: batch × rows × columns), got ranks 3, 2 and 2}}
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?x?xf16>, memref<?x?xf16>, memref<?x?xf16>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_80", block = [128, 128, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

func.func @rank_4(%a: memref<?x?x?x?xf16>, %b: memref<?x?x?x?xf16>, %c: memref<?x?x?x?xf16>) {
  // expected-error @+1 {{'tile.gemm' op operand #0 must be 2D/3D memref of 16-bit float or bfloat16 type or 32-bit float or f8E4M3FN type or f8E5M2 type values, but got 'memref<?x?x?x?xf16>'}}
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?x?x?xf16>, memref<?x?x?x?xf16>, memref<?x?x?x?xf16>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_80", block = [128, 128, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 8]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

func.func @mma_sync_shape(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
  // expected-error @+1 {{'tile.gemm' op mma.sync with 'f16' inputs has shape [16, 8, 16], got [16, 8, 8]}}
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf16>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_80", block = [128, 128, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 8]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

func.func @mma_sync_f32_inputs(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  // expected-error @+1 {{'tile.gemm' op mma.sync is implemented for f16 and bf16 inputs, got 'f32'}}
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_80", block = [128, 256, 32], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

func.func @wgmma_sm80(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
  // expected-error @+1 {{'tile.gemm' op wgmma needs sm_90a, got sm_80}}
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf16>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90", block = [128, 256, 32], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

func.func @wgmma_sm90_without_a(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
  // expected-error @+1 {{'tile.gemm' op wgmma needs sm_90a, got sm_90}}
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf16>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  // expected-error @+1 {{'tile.gemm' op wgmma needs tma loads, got cp_async}}
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

func.func @wgmma_cp_async(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf16>) -> ()
  return
}

// -----

// ffma (SIMT fp32) schedules: each case is the valid sm_80 schedule
// block [128, 128, 8], warp [32, 64], thread tile [8, 8, 1], f32, A padded
// by 4, 2 stages, with one thing changed.

#sched = #tile.schedule<chip = "sm_80", block = [128, 128, 8], warp = [32, 64],
  mma = #tile.mma<ffma, [8, 8, 1]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.pad<4>, smem_b = #tile.pad<0>,
  pipeline = #tile.pipeline<stages = 2, load = cp_async>>

func.func @ffma_f16_inputs(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
  // expected-error @+1 {{'tile.gemm' op ffma computes f32 GEMMs: A, B and C must be f32, got a = 'f16', c = 'f16'}}
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf16>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_80", block = [128, 128, 8], warp = [32, 64],
  // expected-error @+1 {{'tile.gemm' op an ffma thread tile is [TM, TN, 1] (one K step of outer products), got K = 2}}
  mma = #tile.mma<ffma, [8, 8, 2]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.pad<4>, smem_b = #tile.pad<0>,
  pipeline = #tile.pipeline<stages = 2, load = cp_async>>

func.func @ffma_k_step(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}

// -----

// expected-error @+1 {{'tile.gemm' op ffma thread tile [6, 8] must be a multiple of [4, 4] (4x4 sub-tiles read with 128-bit shared-memory loads)}}
#sched = #tile.schedule<chip = "sm_80", block = [128, 128, 8], warp = [24, 64],
  mma = #tile.mma<ffma, [6, 8, 1]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.pad<4>, smem_b = #tile.pad<0>,
  pipeline = #tile.pipeline<stages = 2, load = cp_async>>

func.func @ffma_thread_tile_not_vector(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}

// -----

// expected-error @+1 {{'tile.gemm' op warp tile [48, 64] does not divide block tile [128, 128]}}
#sched = #tile.schedule<chip = "sm_80", block = [128, 128, 8], warp = [48, 64],
  mma = #tile.mma<ffma, [8, 8, 1]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.pad<4>, smem_b = #tile.pad<0>,
  pipeline = #tile.pipeline<stages = 2, load = cp_async>>

func.func @ffma_warp_not_dividing_block(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_80", block = [128, 128, 8], warp = [32, 64],
  // expected-error @+1 {{'tile.gemm' op ffma thread tile [8, 12] does not divide warp tile [32, 64]}}
  mma = #tile.mma<ffma, [8, 12, 1]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.pad<4>, smem_b = #tile.pad<0>,
  pipeline = #tile.pipeline<stages = 2, load = cp_async>>

func.func @ffma_thread_tile_not_dividing_warp(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}

// -----

// The thread count: a warp tile must be exactly 32 thread tiles.
// expected-error @+1 {{'tile.gemm' op warp tile [32, 32] holds 4x4 = 16 thread tiles of [8, 8], but a warp has 32 threads}}
#sched = #tile.schedule<chip = "sm_80", block = [128, 128, 8], warp = [32, 32],
  mma = #tile.mma<ffma, [8, 8, 1]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.pad<4>, smem_b = #tile.pad<0>,
  pipeline = #tile.pipeline<stages = 2, load = cp_async>>

func.func @ffma_not_a_warp_of_threads(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}

// -----

// 256 accumulators cannot stay in registers.
// expected-error @+1 {{'tile.gemm' op ffma thread tile [16, 16] needs at least 352 registers per thread (256 accumulators, operand fragments, the A tile in flight and addresses), more than the 255 a thread can have}}
#sched = #tile.schedule<chip = "sm_80", block = [128, 128, 8], warp = [64, 128],
  mma = #tile.mma<ffma, [16, 16, 1]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.pad<4>, smem_b = #tile.pad<0>,
  pipeline = #tile.pipeline<stages = 2, load = cp_async>>

func.func @ffma_thread_tile_too_large(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}

// -----

// 1024 threads of 8x8 tiles need more registers than an SM has.
#sched = #tile.schedule<chip = "sm_80", block = [256, 256, 8], warp = [32, 64],
  mma = #tile.mma<ffma, [8, 8, 1]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.pad<4>, smem_b = #tile.pad<0>,
  pipeline = #tile.pipeline<stages = 2, load = cp_async>>

func.func @ffma_block_registers(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  // expected-error @+1 {{'tile.gemm' op ffma schedule needs at least 116736 registers per block (1024 threads x 114), more than the 65536 sm_80 has}}
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}

// -----

// Two stages of 128x128 A^T (rows padded to 132) and B tiles.
#sched = #tile.schedule<chip = "sm_80", block = [128, 128, 128], warp = [32, 64],
  mma = #tile.mma<ffma, [8, 8, 1]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.pad<4>, smem_b = #tile.pad<0>,
  // expected-error @+1 {{'tile.gemm' op schedule needs 266240 bytes of shared memory per block, more than the 166912 sm_80 allows}}
  pipeline = #tile.pipeline<stages = 2, load = cp_async>>

func.func @ffma_shared_memory(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}

// -----

// A is stored transposed: its shared rows are BM = 128 floats, padded to 130 (520 bytes).
#sched = #tile.schedule<chip = "sm_80", block = [128, 128, 8], warp = [32, 64],
  mma = #tile.mma<ffma, [8, 8, 1]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  // expected-error @+1 {{'tile.gemm' op padding A's rows by 2 elements breaks the 16-byte alignment cp.async and ldmatrix need}}
  smem_a = #tile.pad<2>, smem_b = #tile.pad<0>,
  pipeline = #tile.pipeline<stages = 2, load = cp_async>>

func.func @ffma_transposed_a_misaligned(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_80", block = [128, 64, 4], warp = [32, 64],
  mma = #tile.mma<ffma, [8, 8, 1]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.pad<4>, smem_b = #tile.pad<0>,
  pipeline = #tile.pipeline<stages = 2, load = cp_async>>

func.func @ffma_copy_split(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  // expected-error @+1 {{'tile.gemm' op B tile of 4x64 is 64 16-byte chunks, which 128 threads cannot split evenly}}
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}

// -----


// expected-error @+1 {{'tile.gemm' op warp tile [48, 64] does not divide block tile [128, 128]}}
#sched = #tile.schedule<chip = "sm_80", block = [128, 128, 32], warp = [48, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

func.func @warp_does_not_divide_block(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf16>) -> ()
  return
}

// -----

// expected-error @+1 {{'tile.gemm' op warp tile [256, 256] does not divide block tile [128, 128]}}
#sched = #tile.schedule<chip = "sm_80", block = [128, 128, 32], warp = [256, 256],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

func.func @warp_bigger_than_block(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf16>) -> ()
  return
}

// -----

// expected-error @+1 {{'tile.gemm' op warp tile [64, 8] must be a multiple of [16, 16] (the MMA shape, with N paired for ldmatrix.x4)}}
#sched = #tile.schedule<chip = "sm_80", block = [128, 128, 32], warp = [64, 8],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

func.func @warp_not_multiple_of_mma(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf16>) -> ()
  return
}

// -----

// expected-error @+1 {{'tile.gemm' op warp tile [64, 8] must be a multiple of [16, 16]}}
#sched = #tile.schedule<chip = "sm_80", block = [128, 8, 32], warp = [64, 8],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.pad<8>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

func.func @block_n_8(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf16>) -> ()
  return
}

// -----

// expected-error @+1 {{'tile.gemm' op block K tile 24 is not a multiple of the MMA K 16}}
#sched = #tile.schedule<chip = "sm_80", block = [128, 128, 24], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.pad<8>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

func.func @block_k_not_multiple_of_mma_k(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf16>) -> ()
  return
}

// -----

// expected-error @+1 {{'tile.gemm' op schedule needs 2048 threads per block (64 warps), more than the 1024 sm_80 allows}}
#sched = #tile.schedule<chip = "sm_80", block = [256, 256, 32], warp = [32, 32],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

func.func @too_many_threads(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf16>) -> ()
  return
}

// -----

// 2^36 × 2^36 warps of 32 threads wrap around to 0 threads in 64 bits.
#sched = #tile.schedule<chip = "sm_80", block = [1099511627776, 1099511627776, 32], warp = [16, 16],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

func.func @thread_count_overflow(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
  // expected-error @+1 {{'tile.gemm' op thread count of the schedule overflows 64 bits}}
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf16>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_80", block = [128, 128, 4611686018427387904], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

func.func @shared_memory_overflow_block_k(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
  // expected-error @+1 {{'tile.gemm' op shared-memory size of the schedule overflows 64 bits}}
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf16>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_80", block = [4611686018427387904, 128, 32], warp = [4611686018427387904, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

func.func @shared_memory_overflow_warp(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
  // expected-error @+1 {{'tile.gemm' op shared-memory size of the schedule overflows 64 bits}}
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf16>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_80", block = [128, 128, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4611686018427387904, load = cp_async>>

func.func @shared_memory_overflow_stages(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
  // expected-error @+1 {{'tile.gemm' op shared-memory size of the schedule overflows 64 bits}}
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf16>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_80", block = [128, 128, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.pad<9223372036854775800>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

func.func @shared_memory_overflow_padding(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
  // expected-error @+1 {{'tile.gemm' op shared-memory size of the schedule overflows 64 bits}}
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf16>) -> ()
  return
}

// -----

// 5 stages of 16 KiB of A and 32 KiB of B.
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  // expected-error @+1 {{'tile.gemm' op schedule needs 245760 bytes of shared memory per block, more than the 232448 sm_90a allows}}
  pipeline = #tile.pipeline<stages = 5, load = cp_async>>

func.func @shared_memory_sm90a(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xbf16>, memref<?x?xbf16>, memref<?x?xbf16>) -> ()
  return
}

// -----

// The same schedule at 4 stages fits sm_90a's 227 KiB but not sm_80's 163 KiB.
#sched = #tile.schedule<chip = "sm_80", block = [128, 256, 64], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  // expected-error @+1 {{'tile.gemm' op schedule needs 196608 bytes of shared memory per block, more than the 166912 sm_80 allows}}
  pipeline = #tile.pipeline<stages = 4, load = cp_async>>

func.func @shared_memory_sm80(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xbf16>, memref<?x?xbf16>, memref<?x?xbf16>) -> ()
  return
}

// -----

// Padding counts: 3 stages of 128×(64+8) + 64×(128+8) f16 elements.
#sched = #tile.schedule<chip = "sm_86", block = [128, 128, 64], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.pad<8>, smem_b = #tile.pad<8>,
  // expected-error @+1 {{'tile.gemm' op schedule needs 107520 bytes of shared memory per block, more than the 101376 sm_86 allows}}
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

func.func @shared_memory_sm86_padded(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf16>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_80", block = [128, 128, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  // expected-error @+2 {{pipeline needs at least one stage, got 0}}
  // expected-error @+1 {{failed to parse Tile_ScheduleAttr parameter 'pipeline' which is to be a `PipelineAttr`}}
  pipeline = #tile.pipeline<stages = 0, load = cp_async>>

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  // expected-error @+2 {{ragged = true applies to cp_async pipelines (mma.sync); TMA kernels take any shape already}}
  // expected-error @+1 {{failed to parse Tile_ScheduleAttr parameter 'pipeline' which is to be a `PipelineAttr`}}
  pipeline = #tile.pipeline<stages = 3, load = tma, ragged = true>>

// -----

#sched = #tile.schedule<chip = "sm_80", block = [128, 128, 8], warp = [32, 64],
  mma = #tile.mma<ffma, [8, 8, 1]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.pad<4>, smem_b = #tile.pad<0>,
  // expected-error @+1 {{'tile.gemm' op ragged = true is for mma.sync pipelines; ffma kernels take any shape and pitch already}}
  pipeline = #tile.pipeline<stages = 2, load = cp_async, ragged = true>>

func.func @ffma_ragged(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_80", block = [128, 128, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  // expected-error @+1 {{'tile.gemm' op a cp.async pipeline needs at least 2 stages, got 1}}
  pipeline = #tile.pipeline<stages = 1, load = cp_async>>

func.func @one_stage(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf16>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_80", block = [128, 128, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  // expected-error @+2 {{swizzle width must be 32, 64 or 128 bytes, got 16}}
  // expected-error @+1 {{failed to parse Tile_ScheduleAttr parameter 'smemA' which is to be a `::mlir::Attribute`}}
  smem_a = #tile.swizzle<16>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

// -----

// A's rows are 32 f16 = 64 bytes.
#sched = #tile.schedule<chip = "sm_80", block = [128, 128, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  // expected-error @+1 {{'tile.gemm' op swizzle of 128 bytes does not fit A's shared tile rows of 64 bytes}}
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

func.func @swizzle_wider_than_a_rows(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf16>) -> ()
  return
}

// -----

// B's rows are 48 f16 = 96 bytes, which 64-byte panels do not divide.
#sched = #tile.schedule<chip = "sm_80", block = [128, 48, 32], warp = [64, 16],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  // expected-error @+1 {{'tile.gemm' op swizzle of 64 bytes does not fit B's shared tile rows of 96 bytes}}
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<64>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

func.func @swizzle_not_dividing_b_rows(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf16>) -> ()
  return
}

// -----

// (32 + 4) f16 = 72 bytes per row.
#sched = #tile.schedule<chip = "sm_80", block = [128, 128, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  // expected-error @+1 {{'tile.gemm' op padding A's rows by 4 elements breaks the 16-byte alignment cp.async and ldmatrix need}}
  smem_a = #tile.pad<4>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

func.func @padding_breaks_alignment(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf16>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_80", block = [128, 128, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  // expected-error @+2 {{row padding must not be negative, got -8}}
  // expected-error @+1 {{failed to parse Tile_ScheduleAttr parameter 'smemA' which is to be a `::mlir::Attribute`}}
  smem_a = #tile.pad<-8>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

// -----

// 16 warps: 512 threads for A's 16×16 f16 tile, 32 chunks of 16 bytes.
#sched = #tile.schedule<chip = "sm_80", block = [16, 256, 16], warp = [16, 16],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<32>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

func.func @copy_chunks_not_divisible(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
  // expected-error @+1 {{'tile.gemm' op A tile of 16x16 is 32 16-byte chunks, which 512 threads cannot split evenly}}
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf16>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_80", block = [128, 128, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

func.func @column_major_a(%a: memref<?x?xf16, strided<[1, ?]>>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
  // expected-error @+1 {{'tile.gemm' op column-major A needs a wgmma schedule: the mma.sync path reads and writes every operand row-major}}
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xf16, strided<[1, ?]>>, memref<?x?xf16>, memref<?x?xf16>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_80", block = [128, 128, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

func.func @non_strided_c(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16, affine_map<(d0, d1) -> (d0 floordiv 2, d1)>>) {
  // expected-error @+1 {{'tile.gemm' op C must be row-major (unit stride in its last dimension) or column-major (unit stride in its first), got 'memref<?x?xf16, affine_map<(d0, d1) -> (d0 floordiv 2, d1)>>'}}
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf16, affine_map<(d0, d1) -> (d0 floordiv 2, d1)>>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_80", block = [128, 128, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

func.func @static_k_mismatch(%a: memref<256x64xf16>, %b: memref<32x256xf16>, %c: memref<256x256xf16>) {
  // expected-error @+1 {{'tile.gemm' op K of A (64) does not match K of B (32)}}
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<256x64xf16>, memref<32x256xf16>, memref<256x256xf16>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_80", block = [128, 128, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

func.func @static_m_mismatch(%a: memref<256x?xf16>, %b: memref<?x256xf16>, %c: memref<128x256xf16>) {
  // expected-error @+1 {{'tile.gemm' op M of A (256) does not match M of C (128)}}
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<256x?xf16>, memref<?x256xf16>, memref<128x256xf16>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_80", block = [128, 128, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

func.func @static_n_mismatch(%a: memref<?x?xf16>, %b: memref<?x512xf16>, %c: memref<?x256xf16>) {
  // expected-error @+1 {{'tile.gemm' op N of B (512) does not match N of C (256)}}
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xf16>, memref<?x512xf16>, memref<?x256xf16>) -> ()
  return
}

// -----

// expected-error @+1 {{block tile must be [BM, BN, BK], got 2 sizes}}
#sched = #tile.schedule<chip = "sm_80", block = [128, 128], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

// -----

// expected-error @+1 {{warp tile must be [WM, WN], got 3 sizes}}
#sched = #tile.schedule<chip = "sm_80", block = [128, 128, 32], warp = [64, 64, 32],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

// -----

// expected-error @+1 {{block tile sizes must be positive}}
#sched = #tile.schedule<chip = "sm_80", block = [128, 0, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

// -----

// expected-error @+1 {{warp tile sizes must be positive}}
#sched = #tile.schedule<chip = "sm_80", block = [128, 128, 32], warp = [-64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

// -----

#sched = #tile.schedule<chip = "sm_80", block = [128, 128, 32], warp = [64, 64],
  // expected-error @+2 {{mma shape must be positive, got [16, 0, 16]}}
  // expected-error @+1 {{failed to parse Tile_ScheduleAttr parameter 'mma' which is to be a `MmaAttr`}}
  mma = #tile.mma<sync, [16, 0, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

// -----

// expected-error @+1 {{shared-memory layout must be #tile.swizzle or #tile.pad, got 64 : i64}}
#sched = #tile.schedule<chip = "sm_80", block = [128, 128, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = 64, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

// -----

func.func @alloc_shared_global() {
  // expected-error @+1 {{'tile.alloc_shared' op result must live in workgroup memory (#gpu.address_space<workgroup>), got the default memory space}}
  %0 = "tile.alloc_shared"() <{layout = #tile.swizzle<64>, offset = 0 : i64}> : () -> memref<4x128x32xf16>
  return
}

// -----

func.func @alloc_shared_numeric_space() {
  // expected-error @+1 {{'tile.alloc_shared' op result must live in workgroup memory (#gpu.address_space<workgroup>), got 3 : i64}}
  %0 = "tile.alloc_shared"() <{layout = #tile.swizzle<64>, offset = 0 : i64}> : () -> memref<4x128x32xf16, 3>
  return
}

// -----

func.func @alloc_shared_dynamic() {
  // expected-error @+1 {{'tile.alloc_shared' op result must have a static shape}}
  %0 = "tile.alloc_shared"() <{layout = #tile.swizzle<64>, offset = 0 : i64}> : () -> memref<4x?x32xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @alloc_shared_negative_offset() {
  // expected-error @+1 {{'tile.alloc_shared' op offset -16 and 32768 bytes reach past the 232448 bytes of shared memory a block may have}}
  %0 = "tile.alloc_shared"() <{layout = #tile.swizzle<64>, offset = -16 : i64}> : () -> memref<4x128x32xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @alloc_shared_past_the_end() {
  // expected-error @+1 {{'tile.alloc_shared' op offset 229376 and 32768 bytes reach past the 232448 bytes of shared memory a block may have}}
  %0 = "tile.alloc_shared"() <{layout = #tile.swizzle<64>, offset = 229376 : i64}> : () -> memref<4x128x32xf16, #gpu.address_space<workgroup>>
  return
}

// -----

// The K step of tile.load_fragments and tile.mma_fragments names a slot of
// the fragments and a K step of the block tile (BK / MMA K = 2 here).
#sched = #tile.schedule<chip = "sm_80", block = [128, 128, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

func.func @load_fragments_kstep(%f: !tile.fragments<2, f16>, %a: memref<128x32xf16>, %b: memref<32x128xf16>) {
  // expected-error @+1 {{'tile.load_fragments' op kstep 2 is outside the fragments' 2 slots and the block tile's 2 K steps}}
  tile.load_fragments %f, %a, %b {kstep = 2 : i64, schedule = #sched} : !tile.fragments<2, f16>, memref<128x32xf16>, memref<32x128xf16>
  return
}

// -----

#sched = #tile.schedule<chip = "sm_80", block = [128, 128, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

func.func @mma_fragments_kstep(%acc: !tile.accumulator<[128, 128], f32>, %f: !tile.fragments<2, f16>) {
  // expected-error @+1 {{'tile.mma_fragments' op kstep -1 is outside the fragments' 2 slots and the block tile's 2 K steps}}
  tile.mma_fragments %acc, %f {kstep = -1 : i64, schedule = #sched} : !tile.accumulator<[128, 128], f32>, !tile.fragments<2, f16>
  return
}

// -----

func.func @alloc_shared_layout() {
  // expected-error @+1 {{'tile.alloc_shared' op layout must be #tile.swizzle or #tile.pad, got 64 : i64}}
  %0 = "tile.alloc_shared"() <{layout = 64 : i64, offset = 0 : i64}> : () -> memref<4x128x32xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @alloc_shared_rank_2() {
  // expected-error @+1 {{'tile.alloc_shared' op result #0 must be 3D memref of 16-bit float or bfloat16 type or 32-bit float or f8E4M3FN type or f8E5M2 type values, but got 'memref<128x32xf16, #gpu.address_space<workgroup>>'}}
  %0 = "tile.alloc_shared"() <{layout = #tile.swizzle<64>, offset = 0 : i64}> : () -> memref<128x32xf16, #gpu.address_space<workgroup>>
  return
}

// -----

// Hopper. Unless a case says otherwise, the schedule is the valid sm_90a bf16
// wgmma schedule of examples/gemm_bf16_wgmma_sm90.mlir (TMA loads, warp
// specialization, persistent grid, multicast cluster, TMA epilogue) with one
// thing changed; the mma.sync cases start from a 128x128x32 f16 schedule.
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  // expected-error @+2 {{producer_registers must be a multiple of 8 in [24, 256], got 20}}
  // expected-error @+1 {{failed to parse Tile_ScheduleAttr parameter 'specialization' which is to be a `WarpSpecializationAttr`}}
  specialization = #tile.warp_specialization<producer_registers = 20, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  cluster = #tile.cluster<[2, 1], multicast = true>,
  store = #tile.store<tma>>

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  // expected-error @+2 {{consumer_registers must be a multiple of 8 in [24, 256], got 236}}
  // expected-error @+1 {{failed to parse Tile_ScheduleAttr parameter 'specialization' which is to be a `WarpSpecializationAttr`}}
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 236>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  cluster = #tile.cluster<[2, 1], multicast = true>,
  store = #tile.store<tma>>

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  // expected-error @+2 {{raster group must be in [1, 65535], got 0}}
  // expected-error @+1 {{failed to parse Tile_ScheduleAttr parameter 'grid' which is to be a `GridAttr`}}
  grid = #tile.grid<persistent = true, raster = along_m, group = 0>,
  cluster = #tile.cluster<[2, 1], multicast = true>,
  store = #tile.store<tma>>

// -----

// A group past any grid dimension: the kernels' 64-bit products of it and
// a tile count would wrap around (2^62 · 4 tile columns = 0).
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  // expected-error @+2 {{raster group must be in [1, 65535], got 4611686018427387904}}
  // expected-error @+1 {{failed to parse Tile_ScheduleAttr parameter 'grid' which is to be a `GridAttr`}}
  grid = #tile.grid<persistent = true, raster = along_m, group = 4611686018427387904>,
  store = #tile.store<tma>>

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  // expected-error @+2 {{split_k must be in [1, 64], got 0}}
  // expected-error @+1 {{failed to parse Tile_ScheduleAttr parameter 'grid' which is to be a `GridAttr`}}
  grid = #tile.grid<persistent = false, raster = along_m, group = 1, split_k = 0>,
  store = #tile.store<vector>>

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  // expected-error @+2 {{split_k = 4 needs one block per tile (persistent = false)}}
  // expected-error @+1 {{failed to parse Tile_ScheduleAttr parameter 'grid' which is to be a `GridAttr`}}
  grid = #tile.grid<persistent = true, raster = along_m, group = 8, split_k = 4>,
  store = #tile.store<vector>>

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  // expected-error @+2 {{consumer_groups must be 1 or 2, got 3}}
  // expected-error @+1 {{failed to parse Tile_ScheduleAttr parameter 'specialization' which is to be a `WarpSpecializationAttr`}}
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232, consumer_groups = 3>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  cluster = #tile.cluster<[2, 1], multicast = true>,
  store = #tile.store<tma>>

// -----

// One consumer warpgroup: the producer must not keep more registers than the
// consumers take (ptxas refuses the setmaxnreg.dec, C7406).
#sched = #tile.schedule<chip = "sm_90a", block = [64, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  // expected-error @+2 {{producer_registers = 240 is more than consumer_registers = 232: the producer gives registers to the consumers, so it needs at most as many (e.g. 40 and 232)}}
  // expected-error @+1 {{failed to parse Tile_ScheduleAttr parameter 'specialization' which is to be a `WarpSpecializationAttr`}}
  specialization = #tile.warp_specialization<producer_registers = 240, consumer_registers = 232>,
  store = #tile.store<tma>>

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  // expected-error @+2 {{cluster shape must be [M, N], got 3 sizes}}
  // expected-error @+1 {{failed to parse Tile_ScheduleAttr parameter 'cluster' which is to be a `ClusterAttr`}}
  cluster = #tile.cluster<[2, 1, 1], multicast = true>,
  store = #tile.store<tma>>

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  // expected-error @+2 {{cluster extents must be at least 1, got [0, 2]}}
  // expected-error @+1 {{failed to parse Tile_ScheduleAttr parameter 'cluster' which is to be a `ClusterAttr`}}
  cluster = #tile.cluster<[0, 2], multicast = true>,
  store = #tile.store<tma>>

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  // expected-error @+2 {{cluster [4, 4] exceeds the 8 blocks of a portable cluster}}
  // expected-error @+1 {{failed to parse Tile_ScheduleAttr parameter 'cluster' which is to be a `ClusterAttr`}}
  cluster = #tile.cluster<[4, 4], multicast = true>,
  store = #tile.store<tma>>

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  // expected-error @+2 {{multicast needs a cluster of more than one block}}
  // expected-error @+1 {{failed to parse Tile_ScheduleAttr parameter 'cluster' which is to be a `ClusterAttr`}}
  cluster = #tile.cluster<[1, 1], multicast = true>,
  store = #tile.store<tma>>

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  cluster = #tile.cluster<[2, 1], multicast = true>,
  store = #tile.store<tma>>

func.func @wgmma_f32_inputs(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  // expected-error @+1 {{'tile.gemm' op wgmma with 'f32' (tf32) inputs has M = 64 and K = 8, got [64, 256, 16]}}
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [128, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  cluster = #tile.cluster<[2, 1], multicast = true>,
  store = #tile.store<tma>>

func.func @wgmma_m_128(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  // expected-error @+1 {{'tile.gemm' op wgmma with 'bf16' inputs has M = 64 and K = 16, got [128, 256, 16]}}
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xbf16>, memref<?x?xbf16>, memref<?x?xbf16>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 264],
  mma = #tile.mma<wgmma, [64, 264, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  cluster = #tile.cluster<[2, 1], multicast = true>,
  store = #tile.store<tma>>

func.func @wgmma_n_264(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  // expected-error @+1 {{'tile.gemm' op wgmma N must be a multiple of 8 in [8, 256], got 264}}
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xbf16>, memref<?x?xbf16>, memref<?x?xbf16>) -> ()
  return
}

// -----

// expected-error @+1 {{'tile.gemm' op warpgroup tile [64, 256] does not divide block tile [128, 384]}}
#sched = #tile.schedule<chip = "sm_90a", block = [128, 384, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  cluster = #tile.cluster<[2, 1], multicast = true>,
  store = #tile.store<tma>>

func.func @warpgroup_does_not_divide_block(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xbf16>, memref<?x?xbf16>, memref<?x?xbf16>) -> ()
  return
}

// -----

// expected-error @+1 {{'tile.gemm' op warpgroup tile [64, 128] must be a multiple of [64, 256] (the wgmma shape)}}
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  cluster = #tile.cluster<[2, 1], multicast = true>,
  store = #tile.store<tma>>

func.func @warpgroup_narrower_than_wgmma(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xbf16>, memref<?x?xbf16>, memref<?x?xbf16>) -> ()
  return
}

// -----

// expected-error @+1 {{'tile.gemm' op warpgroup tile [32, 256] must be a multiple of [64, 256] (the wgmma shape)}}
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [32, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  cluster = #tile.cluster<[2, 1], multicast = true>,
  store = #tile.store<tma>>

func.func @warpgroup_m_32(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xbf16>, memref<?x?xbf16>, memref<?x?xbf16>) -> ()
  return
}

// -----

// TMA loads need sm_90 or newer, whatever consumes them.
// expected-error @+1 {{'tile.gemm' op TMA loads need sm_90 or newer, got sm_80}}
#sched = #tile.schedule<chip = "sm_80", block = [128, 128, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>>

func.func @tma_sm80(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf16>) -> ()
  return
}

// -----

// A TMA box lands unpadded, in one of the TMA swizzle modes.
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  // expected-error @+1 {{'tile.gemm' op TMA loads need B's shared layout to be a #tile.swizzle, got #tile.pad<8>}}
  smem_a = #tile.swizzle<128>, smem_b = #tile.pad<8>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  cluster = #tile.cluster<[2, 1], multicast = true>,
  store = #tile.store<tma>>

func.func @tma_padded_b(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xbf16>, memref<?x?xbf16>, memref<?x?xbf16>) -> ()
  return
}

// -----

// A's box is the whole 512x64 A tile; TMA boxes have at most 256 rows.
// 8 warpgroups, without a producer: 1024 threads.
#sched = #tile.schedule<chip = "sm_90a", block = [512, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>>

func.func @tma_box_too_tall(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  // expected-error @+1 {{'tile.gemm' op TMA box of A is 512x64 elements, more than 256 in a dimension}}
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xbf16>, memref<?x?xbf16>, memref<?x?xbf16>) -> ()
  return
}

// -----

// BK = 128 bf16 is 256-byte rows: two 128-byte swizzle panels, not one box.
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 128], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  cluster = #tile.cluster<[2, 1], multicast = true>,
  store = #tile.store<tma>>

func.func @tma_box_wider_than_swizzle(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  // expected-error @+1 {{'tile.gemm' op TMA box of A is 128 elements (256 bytes) wide, which must equal its swizzle width of 128 bytes}}
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xbf16>, memref<?x?xbf16>, memref<?x?xbf16>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_80", block = [128, 128, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>,
  // expected-error @+1 {{'tile.gemm' op thread-block clusters need sm_90 or newer, got sm_80}}
  cluster = #tile.cluster<[2, 1], multicast = false>>

func.func @cluster_sm80(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf16>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>,
  // expected-error @+1 {{'tile.gemm' op thread-block clusters need wgmma}}
  cluster = #tile.cluster<[2, 1], multicast = false>>

func.func @cluster_mma_sync(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf16>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>,
  // expected-error @+1 {{'tile.gemm' op warp specialization needs tma loads, got cp_async}}
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>>

func.func @specialization_cp_async(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf16>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  // expected-error @+1 {{'tile.gemm' op warp specialization needs wgmma}}
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>>

func.func @specialization_mma_sync(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf16>) -> ()
  return
}

// -----

// split_k runs on wgmma and ffma kernels, not on mma.sync ones.
#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>,
  // expected-error @+1 {{'tile.gemm' op split_k needs wgmma or ffma}}
  grid = #tile.grid<persistent = false, raster = along_n, group = 1, split_k = 2>>

func.func @split_k_mma_sync(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf16>) -> ()
  return
}

// -----

// A raster order alone is fine with mma.sync; a persistent grid is not.
#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>,
  // expected-error @+1 {{'tile.gemm' op a persistent grid needs wgmma}}
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>>

func.func @persistent_mma_sync(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf16>) -> ()
  return
}

// -----

// Consumer groups take tiles in turns, which a block has only when it loops
// over tiles: the ping-pong schedule of
// bench/schedules/wgmma_bf16_128x128x64_s4_pingpong.mlir without its grid.
#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 64], warp = [128, 128],
  mma = #tile.mma<wgmma, [64, 128, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  // expected-error @+1 {{'tile.gemm' op consumer_groups = 2 takes tiles in turns and needs a persistent grid (grid = #tile.grid<persistent = true, ...>)}}
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232, consumer_groups = 2>,
  store = #tile.store<vector>>

func.func @consumer_groups_without_persistent_grid(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xbf16>, memref<?x?xbf16>, memref<?x?xbf16>) -> ()
  return
}

// -----

// Nor does a grid that names a raster order but is not persistent.
#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 64], warp = [128, 128],
  mma = #tile.mma<wgmma, [64, 128, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  // expected-error @+1 {{'tile.gemm' op consumer_groups = 2 takes tiles in turns and needs a persistent grid (grid = #tile.grid<persistent = true, ...>)}}
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232, consumer_groups = 2>,
  grid = #tile.grid<persistent = false, raster = along_m, group = 8>,
  store = #tile.store<vector>>

func.func @consumer_groups_grid_not_persistent(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xbf16>, memref<?x?xbf16>, memref<?x?xbf16>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>,
  // expected-error @+1 {{'tile.gemm' op a tma store (#tile.store<tma>) needs wgmma; leave `store` out to store from registers}}
  store = #tile.store<tma>>

func.func @tma_epilogue_mma_sync(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf16>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>,
  // expected-error @+1 {{'tile.gemm' op a vector store (#tile.store<vector>) needs wgmma; leave `store` out to store from registers}}
  store = #tile.store<vector>>

func.func @vector_epilogue_mma_sync(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf16>) -> ()
  return
}

// -----

// 128 x 40 + 2 x 128 x 240 registers.
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  // expected-error @+1 {{'tile.gemm' op register reallocation needs 66560 registers per block (128 x 40 for the producer, 2 x 128 x 240 for the consumers), more than the 64512 its 384 threads hold from launch (168 each)}}
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 240>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  cluster = #tile.cluster<[2, 1], multicast = true>,
  store = #tile.store<tma>>

func.func @register_reallocation_over_budget(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xbf16>, memref<?x?xbf16>, memref<?x?xbf16>) -> ()
  return
}

// -----

// A 64x256 f32 accumulator is 128 registers per thread of a warpgroup.
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  // expected-error @+1 {{'tile.gemm' op consumer warpgroups need 144 registers per thread (128 for the accumulator, 16 more), more than consumer_registers = 136}}
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 136>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  cluster = #tile.cluster<[2, 1], multicast = true>,
  store = #tile.store<tma>>

func.func @consumer_registers_below_accumulator(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xbf16>, memref<?x?xbf16>, memref<?x?xbf16>) -> ()
  return
}

// -----

// Three consumer warpgroups of 64x256 and the producer: 512 threads have 128
// registers each at launch, within which ptxas must assemble the consumers'
// m64n256 wgmmas (it reported needing 154); setmaxnreg cannot help there.
#sched = #tile.schedule<chip = "sm_90a", block = [192, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  // expected-error @+1 {{'tile.gemm' op consumer warpgroups need 144 registers per thread (128 for the accumulator, 16 more), but ptxas assembles them within the 128 each of the block's 512 threads has at launch (setmaxnreg moves registers only at run time); use fewer consumer warpgroups or a smaller warp tile}}
  specialization = #tile.warp_specialization<producer_registers = 24, consumer_registers = 160>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  store = #tile.store<tma, rounds = 4>>

func.func @consumers_over_launch_registers(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xbf16>, memref<?x?xbf16>, memref<?x?xbf16>) -> ()
  return
}

// -----

// Without warp specialization, 4 warpgroups (512 threads) share 65536 registers.
#sched = #tile.schedule<chip = "sm_90a", block = [256, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>>

func.func @accumulator_over_thread_budget(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  // expected-error @+1 {{'tile.gemm' op warpgroups need 144 registers per thread (128 for the accumulator, 16 more), more than the 128 each of 512 threads can have}}
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xbf16>, memref<?x?xbf16>, memref<?x?xbf16>) -> ()
  return
}

// -----

// 8 consumer warpgroups and the producer.
// expected-error @+1 {{'tile.gemm' op schedule needs 1152 threads per block (36 warps), more than the 1024 sm_90a allows}}
#sched = #tile.schedule<chip = "sm_90a", block = [256, 256, 64], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  cluster = #tile.cluster<[2, 1], multicast = true>,
  store = #tile.store<tma>>

func.func @specialized_too_many_threads(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xbf16>, memref<?x?xbf16>, memref<?x?xbf16>) -> ()
  return
}

// -----

// 4 stages of 16 KiB of A and 32 KiB of B, 2 x 4 mbarriers of 8 bytes and the
// 128x256 bf16 C staging tile of the TMA epilogue (64 KiB).
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  cluster = #tile.cluster<[2, 1], multicast = true>,
  // expected-error @+1 {{'tile.gemm' op schedule needs 263168 bytes of shared memory per block, more than the 232448 sm_90a allows}}
  store = #tile.store<tma>>

func.func @shared_memory_with_staging(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xbf16>, memref<?x?xbf16>, memref<?x?xbf16>) -> ()
  return
}

// -----

// 2^40 x 2^40 f16 elements of C.
#sched = #tile.schedule<chip = "sm_80", block = [1099511627776, 1099511627776, 32], warp = [1099511627776, 1099511627776],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

func.func @c_tile_overflow(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
  // expected-error @+1 {{'tile.gemm' op C tile of the schedule overflows 64 bits}}
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf16>) -> ()
  return
}


// -----

// Multicast along N splits A's 64 rows over 3 blocks: not into whole 8-row
// swizzle atoms.
#sched = #tile.schedule<chip = "sm_90a", block = [64, 64, 64], warp = [64, 64],
  mma = #tile.mma<wgmma, [64, 64, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  cluster = #tile.cluster<[1, 3], multicast = true>,
  store = #tile.store<vector>>

func.func @multicast_a_share_not_whole_atoms(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  // expected-error @+1 {{'tile.gemm' op multicast splits A's 64-row tile over the 3 blocks of a cluster row: each share must be a multiple of 8 rows (one 128-byte swizzle atom)}}
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xbf16>, memref<?x?xbf16>, memref<?x?xbf16>) -> ()
  return
}

// -----

// Multicast along M splits B's 3 panels of 64 columns over 2 blocks.
#sched = #tile.schedule<chip = "sm_90a", block = [128, 192, 64], warp = [64, 192],
  mma = #tile.mma<wgmma, [64, 192, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  cluster = #tile.cluster<[2, 1], multicast = true>,
  store = #tile.store<vector>>

func.func @multicast_b_panels_uneven(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  // expected-error @+1 {{'tile.gemm' op multicast splits B's 3 TMA panels of 64 columns over the 2 blocks of a cluster column: the count must divide evenly}}
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}> : (memref<?x?xbf16>, memref<?x?xbf16>, memref<?x?xbf16>) -> ()
  return
}
