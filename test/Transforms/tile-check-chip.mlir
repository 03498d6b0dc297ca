// RUN: gemm-opt %s --split-input-file --verify-diagnostics \
// RUN:   --tile-check-chip="chip=sm_80" | FileCheck %s
// Without a chip a schedule for any chip is accepted (ANY)...
// RUN: not gemm-opt %s --split-input-file --tile-check-chip 2>/dev/null \
// RUN:   | FileCheck %s --check-prefix=ANY
// ...but what the lowering does not implement yet is still rejected.
// RUN: not gemm-opt %s --split-input-file --tile-check-chip -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNIMPLEMENTED
// An unknown chip is an error whatever the schedules say.
// RUN: not gemm-opt %s --split-input-file --tile-check-chip="chip=sm_70" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNKNOWN

// UNKNOWN: error: unknown chip 'sm_70'; known chips: sm_80, sm_86, sm_89, sm_90, sm_90a

// A schedule for the requested chip passes through unchanged.

#sm80 = #tile.schedule<chip = "sm_80", block = [64, 64, 32], warp = [32, 32],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.pad<8>, smem_b = #tile.pad<8>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

// CHECK-LABEL: func.func @sm80_schedule(
// CHECK:         tile.gemm {{.+}} {schedule = #tile.schedule<chip = "sm_80"
// ANY-LABEL:   func.func @sm80_schedule(
// ANY:           tile.gemm
func.func @sm80_schedule(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
  tile.gemm %a, %b into %c {schedule = #sm80}
      : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf16>
  return
}

// -----

// A schedule tuned for sm_90a is not silently compiled for sm_80.

#sm90a = #tile.schedule<chip = "sm_90a", block = [64, 64, 32], warp = [32, 32],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

// ANY-LABEL:   func.func @sm90a_schedule(
// ANY:           tile.gemm {{.+}} {schedule = #tile.schedule<chip = "sm_90a"
func.func @sm90a_schedule(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  // expected-error @+1 {{'tile.gemm' op schedule is for sm_90a but the compilation targets sm_80}}
  tile.gemm %a, %b into %c {schedule = #sm90a}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}

// -----

// Every GEMM of the module is checked, not only the first.

#sm80 = #tile.schedule<chip = "sm_80", block = [64, 64, 32], warp = [32, 32],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.pad<8>, smem_b = #tile.pad<8>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>
#sm86 = #tile.schedule<chip = "sm_86", block = [64, 64, 32], warp = [32, 32],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.pad<8>, smem_b = #tile.pad<8>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

func.func @mixed(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
  tile.gemm %a, %b into %c {schedule = #sm80}
      : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf16>
  // expected-error @+1 {{'tile.gemm' op schedule is for sm_86 but the compilation targets sm_80}}
  tile.gemm %a, %b into %c {schedule = #sm86}
      : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf16>
  return
}

// -----

// A valid Hopper schedule with features the wgmma lowering does not have yet,
// each reported on its own, with or without a chip.

#hopper = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = false, raster = along_m, group = 8, split_k = 2>,
  store = #tile.store<tma>>

// ANY-NOT:       func.func @hopper(
// UNIMPLEMENTED: error: 'tile.gemm' op split_k with a tma epilogue store lowering is not implemented yet
func.func @hopper(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  // expected-error@below {{'tile.gemm' op schedule is for sm_90a but the compilation targets sm_80}}
  // expected-error@below {{'tile.gemm' op split_k with a tma epilogue store lowering is not implemented yet}}
  tile.gemm %a, %b into %c {schedule = #hopper}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}

// -----

// wgmma without warp specialization: the lowering always specializes.

#wgmma = #tile.schedule<chip = "sm_90a", block = [128, 128, 64], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  store = #tile.store<vector>>

// ANY-NOT:       func.func @wgmma(
// UNIMPLEMENTED: error: 'tile.gemm' op wgmma without warp specialization lowering is not implemented yet
func.func @wgmma(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
  // expected-error@below {{'tile.gemm' op schedule is for sm_90a but the compilation targets sm_80}}
  // expected-error@below {{'tile.gemm' op wgmma without warp specialization lowering is not implemented yet}}
  tile.gemm %a, %b into %c {schedule = #wgmma}
      : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf16>
  return
}

// -----

// mma.sync fed by TMA.

#sync_tma = #tile.schedule<chip = "sm_90a", block = [128, 128, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>>

// ANY-NOT:       func.func @sync_tma(
// UNIMPLEMENTED: error: 'tile.gemm' op mma.sync with TMA loads lowering is not implemented yet
func.func @sync_tma(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
  // expected-error@below {{'tile.gemm' op schedule is for sm_90a but the compilation targets sm_80}}
  // expected-error@below {{'tile.gemm' op mma.sync with TMA loads lowering is not implemented yet}}
  tile.gemm %a, %b into %c {schedule = #sync_tma}
      : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf16>
  return
}

// -----

// An mma.sync schedule for the requested chip with a grouped raster order
// (tile-block-tile implements it): nothing to report.

#grouped = #tile.schedule<chip = "sm_80", block = [64, 64, 32], warp = [32, 32],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.pad<8>, smem_b = #tile.pad<8>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>,
  grid = #tile.grid<persistent = false, raster = along_m, group = 8>>

// ANY-LABEL:   func.func @grouped_raster(
// UNIMPLEMENTED-NOT: error: 'tile.gemm' op
func.func @grouped_raster(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
  tile.gemm %a, %b into %c {schedule = #grouped}
      : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf16>
  return
}

// -----

// The optional fields spelled with what the lowering does: row-major tiles,
// one block each, a direct epilogue.

#spelled_out = #tile.schedule<chip = "sm_80", block = [64, 64, 32], warp = [32, 32],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.pad<8>, smem_b = #tile.pad<8>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>,
  grid = #tile.grid<persistent = false, raster = along_n, group = 1>,
  store = #tile.store<direct>>

// CHECK-LABEL: func.func @spelled_out(
// CHECK:         tile.gemm
// CHECK-SAME:      store = #tile.store<direct>
// ANY-LABEL:   func.func @spelled_out(
// ANY:           tile.gemm
func.func @spelled_out(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
  tile.gemm %a, %b into %c {schedule = #spelled_out}
      : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf16>
  return
}

// -----

// An ffma (SIMT fp32) schedule the lowering implements: two stages of padded
// layouts, B loaded with cp.async (A through registers).

#ffma = #tile.schedule<chip = "sm_80", block = [128, 128, 8], warp = [32, 64],
  mma = #tile.mma<ffma, [8, 8, 1]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.pad<4>, smem_b = #tile.pad<0>,
  pipeline = #tile.pipeline<stages = 2, load = cp_async>>

// CHECK-LABEL: func.func @ffma(
// CHECK:         tile.gemm {{.+}} mma = #tile.mma<ffma, [8, 8, 1]>
// ANY-LABEL:   func.func @ffma(
// UNIMPLEMENTED-NOT: error: 'tile.gemm' op
func.func @ffma(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  tile.gemm %a, %b into %c {schedule = #ffma}
      : memref<?x?xf32>, memref<?x?xf32> into memref<?x?xf32>
  return
}

// -----

// ffma with three stages (A and B by cp.async) is lowered; swizzled layouts
// are valid, but not lowered yet.

#ffma_unlowered = #tile.schedule<chip = "sm_80", block = [128, 128, 8], warp = [32, 64],
  mma = #tile.mma<ffma, [8, 8, 1]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

// ANY-NOT:       func.func @ffma_unlowered(
// UNIMPLEMENTED: error: 'tile.gemm' op ffma with a swizzled shared layout lowering is not implemented yet
func.func @ffma_unlowered(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  // expected-error@below {{'tile.gemm' op ffma with a swizzled shared layout lowering is not implemented yet}}
  tile.gemm %a, %b into %c {schedule = #ffma_unlowered}
      : memref<?x?xf32>, memref<?x?xf32> into memref<?x?xf32>
  return
}

// -----

// A warpgroup owning 128 rows of a 64-wide tile: upstream
// nvgpu.warpgroup.mma.store would write the second 64 rows at row 32.

#tall = #tile.schedule<chip = "sm_90a", block = [128, 64, 64], warp = [128, 64],
  mma = #tile.mma<wgmma, [64, 64, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<vector>>

func.func @tall_warpgroup(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  // expected-error@below {{'tile.gemm' op schedule is for sm_90a but the compilation targets sm_80}}
  // expected-error@below {{'tile.gemm' op wgmma with a 128x64 warpgroup tile and a vector epilogue store (more than 64 rows needs N = 128: nvgpu.warpgroup.mma.store puts rows 64-127 at row N/2; #tile.store<tma> does not) lowering is not implemented yet}}
  tile.gemm %a, %b into %c {schedule = #tall}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}
