// Benchmark variant: tf32 wgmma (f32 A, B, C), block [128, 128, 32], one 128x128 consumer warpgroup, 3 stages of 32 KiB, registers 24/208 so that two blocks share an SM (one block's epilogue overlaps the other's main loop), raster along_m group 8; A row-major, B column-major.
#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 32], warp = [128, 128],
  mma = #tile.mma<wgmma, [64, 128, 8]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 24, consumer_registers = 208>,
  grid = #tile.grid<persistent = false, raster = along_m, group = 8>,
  store = #tile.store<vector>>

func.func @wgmma_tf32_128x128x32_s3_2cta(%a: memref<?x?xf32>, %b: memref<?x?xf32, strided<[1, ?], offset: ?>>, %c: memref<?x?xf32>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xf32>, memref<?x?xf32, strided<[1, ?], offset: ?>>
        into memref<?x?xf32>
  return
}
