// RUN: gemm-opt %s -split-input-file -verify-diagnostics

// Fused epilogues: malformed fields are parse errors; impossible
// combinations of fields, stores and tile.gemm operands are verifier errors
// (generic op form).

// expected-error @+1 {{unknown activation 'gelu', expected relu, gelu_tanh, gelu_erf or silu}}
#e = #tile.epilogue<activation = gelu>

// -----

// expected-error @+1 {{unknown epilogue field 'beta', expected alpha_beta, bias, activation or residual}}
#e = #tile.epilogue<beta = true>

// -----

// expected-error @+1 {{'store' says how C is stored, which belongs to the schedule: write store = #tile.store<...> in #tile.schedule}}
#e = #tile.epilogue<store = tma, bias = row>

// -----

// expected-error @+1 {{unknown bias 'diagonal', expected row or column}}
#e = #tile.epilogue<bias = diagonal>

// -----

// expected-error @+1 {{epilogue field 'bias' is given twice}}
#e = #tile.epilogue<bias = row, bias = column>

// -----

// expected-error @+1 {{expected 'true' or 'false'}}
#e = #tile.epilogue<residual = 1>

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = cp_async>>

// A beta operand without alpha_beta in the epilogue.
func.func @beta_without_alpha_beta(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>, %beta: f32) {
  // expected-error @+1 {{'tile.gemm' op has a beta operand but its epilogue has no alpha_beta = true}}
  "tile.gemm"(%a, %b, %c, %beta) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}>
      : (memref<?x?xbf16>, memref<?x?xbf16>, memref<?x?xbf16>, f32) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = cp_async>,
  store = #tile.store<direct>>

func.func @bias_missing(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  // expected-error @+1 {{'tile.gemm' op needs a bias operand: its epilogue has bias = row or bias = column}}
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched, epilogue = #tile.epilogue<bias = row>}>
      : (memref<?x?xbf16>, memref<?x?xbf16>, memref<?x?xbf16>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = cp_async>,
  store = #tile.store<direct>>

func.func @bias_type(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>, %bias: memref<?xf32>) {
  // expected-error @+1 {{'tile.gemm' op bias has element type 'f32', expected C's 'bf16'}}
  "tile.gemm"(%a, %b, %c, %bias) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched, epilogue = #tile.epilogue<bias = row>}>
      : (memref<?x?xbf16>, memref<?x?xbf16>, memref<?x?xbf16>, memref<?xf32>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = cp_async>,
  store = #tile.store<direct>>

// A bias matrix (one vector per group) belongs to grouped GEMMs.
func.func @bias_matrix(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>, %bias: memref<?x?xbf16>) {
  // expected-error @+1 {{'tile.gemm' op bias must be a vector (rank 1), got 'memref<?x?xbf16>' (a bias per group, G × N, needs a grouped GEMM: group_rows or group_offsets)}}
  "tile.gemm"(%a, %b, %c, %bias) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched, epilogue = #tile.epilogue<bias = column>}>
      : (memref<?x?xbf16>, memref<?x?xbf16>, memref<?x?xbf16>, memref<?x?xbf16>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = cp_async>,
  store = #tile.store<direct>>

func.func @bias_length(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<256x512xbf16>, %bias: memref<256xbf16>) {
  // expected-error @+1 {{'tile.gemm' op bias = column has 256 entries, expected N = 512}}
  "tile.gemm"(%a, %b, %c, %bias) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched, epilogue = #tile.epilogue<bias = column>}>
      : (memref<?x?xbf16>, memref<?x?xbf16>, memref<256x512xbf16>, memref<256xbf16>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = cp_async>,
  store = #tile.store<direct>>

func.func @residual_shape(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<256x512xbf16>, %r: memref<256x256xbf16>) {
  // expected-error @+1 {{'tile.gemm' op residual is 256x256, expected C's 256x512}}
  "tile.gemm"(%a, %b, %c, %r) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0>, schedule = #sched, epilogue = #tile.epilogue<residual = true>}>
      : (memref<?x?xbf16>, memref<?x?xbf16>, memref<256x512xbf16>, memref<256x256xbf16>) -> ()
  return
}

// -----

// A batched C takes one residual matrix per batch entry (rank 3, like C).
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<tma>>

func.func @batched_residual_rank(%a: memref<?x?x?xbf16>, %b: memref<?x?x?xbf16>,
                                 %c: memref<?x?x?xbf16>, %r: memref<?x?xbf16>) {
  // expected-error @+1 {{'tile.gemm' op residual must have C's rank 3 (one matrix per batch entry), got 'memref<?x?xbf16>'}}
  tile.gemm %a, %b into %c residual %r : memref<?x?xbf16> {schedule = #sched,
      epilogue = #tile.epilogue<residual = true>}
      : memref<?x?x?xbf16>, memref<?x?x?xbf16> into memref<?x?x?xbf16>
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<tma>>

func.func @residual_rank_of_matrix(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>,
                                   %c: memref<?x?xbf16>, %r: memref<2x?x?xbf16>) {
  // expected-error @+1 {{'tile.gemm' op residual must have C's rank 2 (one matrix), got 'memref<2x?x?xbf16>'}}
  tile.gemm %a, %b into %c residual %r : memref<2x?x?xbf16> {schedule = #sched,
      epilogue = #tile.epilogue<residual = true>}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<tma>>

func.func @batched_residual_entries(%a: memref<4x?x?xbf16>, %b: memref<4x?x?xbf16>,
                                    %c: memref<4x?x?xbf16>, %r: memref<3x?x?xbf16>) {
  // expected-error @+1 {{'tile.gemm' op residual has 3 batch entries, expected C's 4}}
  tile.gemm %a, %b into %c residual %r : memref<3x?x?xbf16> {schedule = #sched,
      epilogue = #tile.epilogue<residual = true>}
      : memref<4x?x?xbf16>, memref<4x?x?xbf16> into memref<4x?x?xbf16>
  return
}
