// RUN: not gemm-translate %s --to-ptx -o /dev/full 2>&1 | FileCheck %s --check-prefix=FULL
// RUN: not gemm-translate %s --to-bundle -o /dev/null 2>&1 | FileCheck %s --check-prefix=DEVICE

// An output that cannot be written is an error with the path and the
// reason, not an abort; a bundle is never written into a device's directory.

// FULL: cannot write '/dev/full': No space left on device
// FULL-NOT: LLVM ERROR
// DEVICE: cannot write the bundle to '/dev/null': it names no regular file, and the bundle's images go beside it
// DEVICE-NOT: LLVM ERROR

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
