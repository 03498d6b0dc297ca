// Benchmark variant: the tf32 example (A row-major, B column-major) with BK = 16 in 8 stages of 24 KiB instead of BK = 32 in 4 of 48 KiB: the same 192 KiB of stages, handed back to the producer in steps half as large. A K-major row is then 64 bytes, so A and B are swizzled in 64-byte rows (#tile.swizzle<64>).
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 16], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 8]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<64>,
  pipeline = #tile.pipeline<stages = 8, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 16, stream_k = spares>,
  store = #tile.store<tma, rounds = 4>>

func.func @wgmma_tf32_128x256x16_s8_persistent_tma_rm16_r4_spares_sw64(
    %a: memref<?x?xf32>,
    %b: memref<?x?xf32, strided<[1, ?], offset: ?>>,
    %c: memref<?x?xf32>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xf32>, memref<?x?xf32, strided<[1, ?], offset: ?>>
        into memref<?x?xf32>
  return
}
