// Bad options and impossible shapes are diagnosed with a location and fail.
// RUN: not gemm-opt %s --tile-analyze-schedule="device=v100" -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DEVICE
// RUN: not gemm-opt %s --tile-analyze-schedule="device=a100" -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WRONG-CHIP
// RUN: not gemm-opt %s --tile-analyze-schedule="m=4096 n=4096" -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PARTIAL
// RUN: not gemm-opt %s --tile-analyze-schedule="m=-1 n=4096 k=4096" -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NEGATIVE
// RUN: not gemm-opt %s --tile-analyze-schedule="m=100 n=4096 k=4096" -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=RAGGED
// RUN: not gemm-opt %s --tile-analyze-schedule="format=yaml" -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FORMAT

// DEVICE: tile-analyze-schedule-errors.mlir:34:3: error: 'tile.gemm' op unknown device 'v100'; known devices: a100, h100, h200
// WRONG-CHIP: tile-analyze-schedule-errors.mlir:34:3: error: 'tile.gemm' op device 'a100' (sm_80) does not run schedules for sm_90a
// PARTIAL: error: tile-analyze-schedule needs m, n and k together, each positive; got m=4096 n=4096 k=0
// NEGATIVE: error: tile-analyze-schedule needs m, n and k together, each positive; got m=-1 n=4096 k=4096
// The mma.sync kernel needs whole tiles; the wgmma one takes a ragged shape
// (its edge tiles cost whole tiles). The error comes first (stderr).
// RAGGED: tile-analyze-schedule-errors.mlir:45:3: error: 'tile.gemm' op shape 100x4096x4096 is not divisible by the block tile [128, 256, 32] (mma.sync kernels require divisible shapes)
// RAGGED: schedule @gemm on NVIDIA H100 SXM
// RAGGED: shape 100x4096x4096: 16 tiles of 64 K tiles
// FORMAT: error: unknown report format 'yaml'; expected text or json

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<vector>>
func.func @gemm(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}

#sync = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = cp_async>>
func.func @sync(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #sync}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}
