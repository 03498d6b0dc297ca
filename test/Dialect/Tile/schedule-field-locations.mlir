// RUN: not gemm-opt %s -o /dev/null 2>&1 | FileCheck %s

// A problem of one schedule field is reported at that field, with its source
// line under it, worded as the op's error and with no dump of the op after
// it.

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  // CHECK: schedule-field-locations.mlir:[[@LINE+3]]:3: error: 'tile.gemm' op schedule needs {{[0-9]+}} bytes of shared memory per block, more than the 232448 sm_90a allows (stages = 4 is the most that fits)
  // CHECK-NEXT: pipeline = #tile.pipeline<stages = 6, load = tma>,
  // CHECK-NEXT: ^
  pipeline = #tile.pipeline<stages = 6, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<vector>>

// CHECK-NOT: see current operation
func.func @gemm(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}
