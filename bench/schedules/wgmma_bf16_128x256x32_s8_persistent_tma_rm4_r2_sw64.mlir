// Benchmark variant: bf16 wgmma (A and B row-major), block [128, 256, 32] in 8 stages of 24 KiB with A and B swizzled in 64-byte rows (#tile.swizzle<64>): A's K-major rows are 32 elements, B's N-major panels 32 columns wide. Persistent grid (raster along_m group 4), TMA-store epilogue in 2 rounds.
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<64>,
  pipeline = #tile.pipeline<stages = 8, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 4>,
  store = #tile.store<tma, rounds = 2>>

func.func @wgmma_bf16_128x256x32_s8_persistent_tma_rm4_r2_sw64(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}
