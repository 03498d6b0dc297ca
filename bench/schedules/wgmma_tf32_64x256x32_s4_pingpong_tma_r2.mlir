// Benchmark variant: tf32 wgmma, block [64, 256, 32] computed by one warpgroup, two consumer groups in turns (ping-pong), 4 stages of 40 KiB, persistent grid (raster along_m group 8), TMA-store epilogue in 2 rounds through a 32 KiB f32 staging tile; A row-major, B column-major.
#sched = #tile.schedule<chip = "sm_90a", block = [64, 256, 32], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 8]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232, consumer_groups = 2>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  store = #tile.store<tma, rounds = 2>>

func.func @wgmma_tf32_64x256x32_s4_pingpong_tma_r2(%a: memref<?x?xf32>, %b: memref<?x?xf32, strided<[1, ?], offset: ?>>, %c: memref<?x?xf32>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xf32>, memref<?x?xf32, strided<[1, ?], offset: ?>>
        into memref<?x?xf32>
  return
}
