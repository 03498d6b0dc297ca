// An unknown --chip is refused before anything is compiled.
// RUN: not gemm-translate %s --chip sm_70 --to-ptx -o %t.ptx 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNKNOWN
// A known chip that is not the schedule's is refused too.
// RUN: not gemm-translate %s --chip sm_80 --to-ptx -o %t.ptx 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MISMATCH
// The schedule's own chip is fine.
// RUN: gemm-translate %s --chip sm_90a --to-ptx -o %t.ptx
// RUN: FileCheck %s --input-file %t.ptx --check-prefix=MATCH

#sched = #tile.schedule<chip = "sm_90a", block = [64, 64, 32], warp = [32, 32],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

// UNKNOWN:      error: unknown chip 'sm_70'; known chips: sm_80, sm_86, sm_89, sm_90, sm_90a
// UNKNOWN:      gemm-translate: error: lowering to NVVM failed

// MISMATCH:     error: 'tile.gemm' op schedule is for sm_90a but the compilation targets sm_80
// MISMATCH:     gemm-translate: error: lowering to NVVM failed

// MATCH:        .target sm_90a
func.func @gemm_bf16(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}
