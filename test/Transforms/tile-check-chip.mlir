// RUN: gemm-opt %s --split-input-file --verify-diagnostics \
// RUN:   --tile-check-chip="chip=sm_80" | FileCheck %s
// Without a chip every schedule is accepted.
// RUN: gemm-opt %s --split-input-file --tile-check-chip | FileCheck %s --check-prefix=ANY
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
