// Benchmark variant: tf32 wgmma (f32 A, B, C), block [128, 256, 32], warpgroup [64, 256], 4 stages of 48 KiB, persistent grid (raster along_n group 16), one consumer group, the partial last wave's idle blocks computing the first K steps of its tiles (stream_k = spares, passes/hopper/StreamKPartition.h); TMA-store epilogue in 4 rounds (store_rounds = 4: a 32 KiB f32 staging tile next to the stages, each warpgroup stores 64 columns of its 64x256 part per round, 229376 bytes of dynamic shared memory); A row-major, B column-major (tf32 reads only K-major operands).
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 8]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_n, group = 16, stream_k = spares>,
  store = #tile.store<tma, rounds = 4>>

func.func @wgmma_tf32_128x256x32_s4_persistent_tma_rn16_r4_spares(%a: memref<?x?xf32>, %b: memref<?x?xf32, strided<[1, ?], offset: ?>>, %c: memref<?x?xf32>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xf32>, memref<?x?xf32, strided<[1, ?], offset: ?>>
        into memref<?x?xf32>
  return
}
