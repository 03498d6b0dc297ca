// Benchmark variant (1024x1024x8192): block [256, 128, 64], two warpgroups of [128, 128], 4 stages, split_k = 4 (32 tiles x 4 = 128 blocks; half the L2 bytes per FLOP of 128x64).
#sched = #tile.schedule<chip = "sm_90a", block = [256, 128, 64], warp = [128, 128],
  mma = #tile.mma<wgmma, [64, 128, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = false, raster = along_m, group = 8, split_k = 4>,
  store = #tile.store<vector>>

func.func @wgmma_bf16_256x128x64_s4_sk4(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}
