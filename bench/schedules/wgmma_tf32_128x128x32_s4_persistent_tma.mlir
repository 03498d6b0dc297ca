// Benchmark variant: tf32 wgmma (f32 A, B, C), block [128, 128, 32], warpgroup [64, 128], 4 stages of 32 KiB, persistent grid (raster along_m group 8), TMA-store epilogue (64 KiB of f32 staging); A row-major, B column-major.
#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 32], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 8]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  store = #tile.store<tma>>

func.func @wgmma_tf32_128x128x32_s4_persistent_tma(%a: memref<?x?xf32>, %b: memref<?x?xf32, strided<[1, ?], offset: ?>>, %c: memref<?x?xf32>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xf32>, memref<?x?xf32, strided<[1, ?], offset: ?>>
        into memref<?x?xf32>
  return
}
