// The static model on the largest shapes it takes (each of M, N and K up
// to 2^31 - 1, gemm-run's limit): counted, not walked tile by tile (that
// took minutes and more), with tile counts that do not wrap. Larger ones
// are errors at the tile.gemm they were asked for.
// RUN: gemm-opt %s -o /dev/null --tile-analyze-schedule="device=h100 \
// RUN:   m=2147483647 n=2147483647 k=64" | FileCheck %s --check-prefix=LARGEST
// RUN: gemm-opt %s -o /dev/null --tile-analyze-schedule="device=h100 \
// RUN:   m=2147483647 n=2147483647 k=2147483647" \
// RUN:   | FileCheck %s --check-prefix=CUBE
// RUN: not gemm-opt %s -o /dev/null --tile-analyze-schedule="device=h100 \
// RUN:   m=2147483648 n=4096 k=4096" 2>&1 | FileCheck %s --check-prefix=M-PAST
// RUN: not gemm-opt %s -o /dev/null --tile-analyze-schedule="device=h100 \
// RUN:   m=9223372036854775807 n=9223372036854775807 \
// RUN:   k=9223372036854775807" 2>&1 | FileCheck %s --check-prefix=INT64-MAX
// RUN: not gemm-opt %s -o /dev/null --tile-analyze-schedule="device=h100 \
// RUN:   m=4096 n=4096 k=4611686018427387904 format=json" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=K-PAST

// 16777216 x 8388608 tiles of 128x256.
// LARGEST:      shape 2147483647x2147483647x64: 140737488355328 tiles of 1 K tiles, 1066193093600.97 waves
// LARGEST-NEXT: math {{[0-9.]+}} us, {{.*}} DRAM {{[0-9.]+}} us ({{[0-9.]+}} MB)
// LARGEST-NEXT: predicted: DRAM bound, {{[0-9.]+}} us, {{[0-9]+\.[0-9]}} TFLOP/s
// CUBE:         shape 2147483647x2147483647x2147483647: 140737488355328 tiles of 33554432 K tiles
// CUBE:         predicted: math bound, {{[0-9.]+}} us, {{[0-9]+\.[0-9]}} TFLOP/s
// M-PAST:       tile-analyze-schedule-huge-shapes.mlir:[[@LINE+16]]:3: error: tile-analyze-schedule: invalid shape 2147483648x4096x4096: M=2147483648 (must be in [1, 2^31 - 1])
// M-PAST-NOT:   predicted
// INT64-MAX:    tile-analyze-schedule-huge-shapes.mlir:[[@LINE+14]]:3: error: tile-analyze-schedule: invalid shape 9223372036854775807x9223372036854775807x9223372036854775807: M=9223372036854775807 (must be in [1, 2^31 - 1])
// INT64-MAX-NOT: tiles
// K-PAST:       error: tile-analyze-schedule: invalid shape 4096x4096x4611686018427387904: K=4611686018427387904 (must be in [1, 2^31 - 1])
// K-PAST-NOT:   "schedules"

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  store = #tile.store<tma>>
func.func @gemm(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}
